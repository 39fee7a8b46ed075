import type { TrialEligibility } from '@lumen/contracts/trade';
import { Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openTrialDialog } from '../trial/trial-dialog-store';
import { trialLength } from '../trial/trial-length';
import classes from './trial-offer.module.css';

/** The free-trial offer shown to eligible free users; it opens the trial dialog. */
export function TrialOffer({
  trial,
  onOpen,
}: {
  trial: TrialEligibility;
  /** Called before the trial dialog opens (the pay dialog closes itself). */
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card radius="lg" padding="md" className={classes.offer}>
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 240px' }}>
          <ThemeIcon size={40} radius="xl" variant="white" color="violet">
            <IconGift size={22} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fw={700} c="white">
              {t('membership.trial.offerTitle', { length: trialLength(t, trial.hours) })}
            </Text>
            <Text size="sm" className={classes.muted}>
              {t('membership.trial.offerBody', { count: trial.credits })}
            </Text>
          </Stack>
        </Group>
        <Button
          variant="white"
          color="violet"
          radius="xl"
          onClick={() => {
            onOpen?.();
            openTrialDialog();
          }}
        >
          {t('membership.trial.offerAction')}
        </Button>
      </Group>
    </Card>
  );
}
