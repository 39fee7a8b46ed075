import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { formatFen } from '../money';
import { cardPerks } from '../plans';
import classes from './plan-offer-card.module.css';

/** The plan every account starts on, so the paid ones have something to be compared with. */
export function FreePlanCard({
  signedIn,
  grade,
}: {
  signedIn: boolean;
  grade: number | undefined;
}) {
  const { t, i18n } = useTranslation();
  const openLogin = useSession((s) => s.openLogin);
  const current = signedIn && grade === 0;
  return (
    <Card withBorder radius="lg" padding="lg" className={classes.card} data-testid="plan-free">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap={6} wrap="nowrap">
          <Title order={3} fz="xl">
            {t('pay.grades.free')}
          </Title>
          {current ? (
            <Badge color="teal" variant="light">
              {t('membership.plan.yours')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" mih={40}>
          {t('pay.taglines.free')}
        </Text>
        <Stack gap={2}>
          <Group gap={6} align="baseline">
            <Text fz={34} fw={800} lh={1.1} className={classes.price}>
              {formatFen(0, i18n.language)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('membership.plan.perMonth')}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mih={18}>
            {t('membership.plan.freeForever')}
          </Text>
        </Stack>
        <Text size="sm" fw={600}>
          {t('membership.plan.dailyCredits')}
        </Text>
        <Button
          variant="default"
          radius="xl"
          fullWidth
          size="md"
          disabled={signedIn}
          onClick={() => openLogin()}
        >
          {signedIn
            ? t(current ? 'membership.plan.current' : 'membership.plan.included')
            : t('membership.plan.signUpFree')}
        </Button>
        <List
          spacing={6}
          size="sm"
          icon={
            <ThemeIcon size={16} radius="xl" variant="light" color="gray">
              <IconCheck size={11} />
            </ThemeIcon>
          }
        >
          {cardPerks(0).map((perk) => (
            <List.Item key={perk.key}>
              <Text size="sm">{t(`membership.perks.${perk.key}`, perk.values)}</Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
