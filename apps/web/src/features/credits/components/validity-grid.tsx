import { Card, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCrown,
  IconGift,
  IconShoppingBag,
  IconSun,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { creditValidity } from '../credit-policy';

const icons: Record<string, { icon: Icon; color: string }> = {
  dailyLogin: { icon: IconSun, color: 'orange' },
  event: { icon: IconCalendarEvent, color: 'pink' },
  subscription: { icon: IconCrown, color: 'violet' },
  purchased: { icon: IconShoppingBag, color: 'blue' },
  reward: { icon: IconGift, color: 'teal' },
};

/** One card per bucket: how long its credits last (spec §9). */
export function ValidityGrid() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
      {creditValidity.map(({ key }) => {
        const look = icons[key] ?? { icon: IconGift, color: 'gray' };
        return (
          <Card key={key} withBorder radius="lg" padding="lg">
            <Stack gap={8}>
              <ThemeIcon size={40} radius="md" variant="light" color={look.color}>
                <look.icon size={22} />
              </ThemeIcon>
              <Text fw={700}>{t(`credits.policy.validity.${key}.title`)}</Text>
              <Text fz={22} fw={800} lh={1.2} c={`${look.color}.7`}>
                {t(`credits.policy.validity.${key}.period`)}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`credits.policy.validity.${key}.body`)}
              </Text>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
