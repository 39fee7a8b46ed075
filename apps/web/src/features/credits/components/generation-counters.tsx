import { Card, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBox,
  IconMovie,
  IconPhoto,
  IconSparkles,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAlgoTimes } from '../api/get-algo-times';

/**
 * The kinds worth showing; the server also reports aliases (`videos`, `imageEditor`) that
 * count the same generations again.
 */
const counters: { key: string; icon: Icon; color: string }[] = [
  { key: 'image', icon: IconPhoto, color: 'violet' },
  { key: 'video', icon: IconMovie, color: 'pink' },
  { key: 'three', icon: IconBox, color: 'blue' },
  { key: 'character', icon: IconUserCircle, color: 'teal' },
  { key: 'wink', icon: IconSparkles, color: 'orange' },
];

export function GenerationCounters() {
  const { t, i18n } = useTranslation();
  const times = useAlgoTimes();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
      {counters.map((counter) => {
        const value = times.data?.[counter.key];
        return (
          <Card key={counter.key} withBorder radius="lg" padding="md">
            <Stack gap={6}>
              <ThemeIcon size={34} radius="md" variant="light" color={counter.color}>
                <counter.icon size={20} />
              </ThemeIcon>
              <Text size="sm" c="dimmed" fw={600}>
                {t(`member.counters.${counter.key}`)}
              </Text>
              {value ? (
                <>
                  <Text
                    fz={26}
                    fw={800}
                    lh={1.1}
                    aria-label={t('member.counters.todayLabel', { count: value.generated })}
                  >
                    {number.format(value.generated)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('member.counters.allTime', {
                      count: value.all,
                      formatted: number.format(value.all),
                    })}
                  </Text>
                </>
              ) : (
                <Skeleton h={44} />
              )}
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
