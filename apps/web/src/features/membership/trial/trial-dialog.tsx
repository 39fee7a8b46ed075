import { MOBILE_BREAKPOINT_PX } from '@lumen/contracts/constants';
import { gradeLimits } from '@lumen/contracts/plans';
import type { TrialClaimResult } from '@lumen/contracts/trade';
import { Alert, Button, List, Modal, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconGift, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session-store';
import { useClaimTrial } from '../api/claim-trial';
import { formatDateTime } from '../format-date';
import { useMembership } from '../use-membership';
import { useTrialDialog } from './trial-dialog-store';
import { trialLength } from './trial-length';
import classes from './trial-dialog.module.css';

/** Spec §2 free-trial dialog: eligibility, the claim, and what it gave. */
export function TrialDialog() {
  const { t } = useTranslation();
  const opened = useTrialDialog((s) => s.opened);
  const close = useTrialDialog((s) => s.close);
  const fullScreen = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });
  return (
    <Modal
      opened={opened}
      onClose={close}
      size={460}
      radius="lg"
      fullScreen={fullScreen}
      title={
        <Text fw={700} fz="lg">
          {t('membership.trial.title')}
        </Text>
      }
    >
      {opened ? <TrialDialogBody onClose={close} /> : null}
    </Modal>
  );
}

function TrialDialogBody({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const openLogin = useSession((s) => s.openLogin);
  const membership = useMembership();
  const claim = useClaimTrial();
  const [claimed, setClaimed] = useState<TrialClaimResult | null>(null);

  if (claimed) {
    return (
      <Stack gap="md" align="center" ta="center" py="sm">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light">
          <IconCheck size={36} />
        </ThemeIcon>
        <Title order={3}>{t('membership.trial.claimedTitle')}</Title>
        <Text c="dimmed">
          {t('membership.trial.claimedBody', {
            count: claimed.credits,
            date: formatDateTime(claimed.expires_at, i18n.language),
          })}
        </Text>
        <Button component={Link} to="/studio" radius="xl" variant="gradient" onClick={onClose}>
          {t('membership.trial.startCreating')}
        </Button>
      </Stack>
    );
  }

  if (!membership.signedIn) {
    return (
      <Stack gap="md">
        <Text>{t('membership.trial.signInFirst')}</Text>
        <Button
          radius="xl"
          onClick={() => {
            onClose();
            openLogin();
          }}
        >
          {t('header.signIn')}
        </Button>
      </Stack>
    );
  }

  const trial = membership.trial;
  if (!trial) return <Skeleton h={220} radius="lg" />;

  if (!trial.threeDay) {
    const hasPlan = membership.paid && membership.subscription?.trial !== true;
    return (
      <Stack gap="md">
        <Alert color="gray" variant="light" radius="md" icon={<IconAlertTriangle size={18} />}>
          {t(hasPlan ? 'membership.trial.hasPlan' : 'membership.trial.alreadyClaimed')}
        </Alert>
        <Button component={Link} to="/pay" radius="xl" variant="light" onClick={onClose}>
          {t('membership.trial.seePlans')}
        </Button>
      </Stack>
    );
  }

  const plus = gradeLimits[2];
  const length = trialLength(t, trial.hours);
  const error =
    claim.error instanceof ApiError ? claim.error.msg : claim.error ? t('errors.generic') : null;
  return (
    <Stack gap="md">
      <div className={classes.hero}>
        <IconGift size={28} />
        <Title order={3} c="white" fz={22}>
          {t('membership.trial.heroTitle', { length })}
        </Title>
        <Text size="sm" className={classes.muted}>
          {t('membership.trial.heroBody', { count: trial.credits })}
        </Text>
      </div>
      <List
        spacing={6}
        size="sm"
        icon={
          <ThemeIcon size={18} radius="xl" variant="light">
            <IconSparkles size={12} />
          </ThemeIcon>
        }
      >
        <List.Item>{t('membership.trial.perkCredits', { count: trial.credits })}</List.Item>
        <List.Item>{t('membership.perks.concurrent', { count: plus.concurrentTasks })}</List.Item>
        <List.Item>{t('membership.perks.imagesPerRun', { count: plus.imagesPerRun })}</List.Item>
        <List.Item>
          {t('membership.perks.videoSeconds', { seconds: Math.max(...plus.videoSeconds) })}
        </List.Item>
        <List.Item>{t('membership.perks.noWatermark')}</List.Item>
        <List.Item>{t('membership.perks.allTools')}</List.Item>
      </List>
      {error ? (
        <Alert color="red" variant="light" radius="md" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button
        size="md"
        radius="xl"
        variant="gradient"
        loading={claim.isPending}
        onClick={() => claim.mutate(undefined, { onSuccess: setClaimed })}
      >
        {t('membership.trial.claim', { length })}
      </Button>
      <Text size="xs" c="dimmed" ta="center">
        {t('membership.trial.rules')}
      </Text>
    </Stack>
  );
}
