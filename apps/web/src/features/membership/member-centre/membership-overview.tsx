import { Group, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconChevronRight,
  IconGift,
  IconTicket,
  IconUsersPlus,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TrialOffer } from '../components/trial-offer';
import { useMembership } from '../use-membership';
import classes from './membership-overview.module.css';
import { RedeemDialog } from './redeem-dialog';
import { SubscriptionPanel } from './subscription-panel';

function Shortcut({
  icon: ShortcutIcon,
  title,
  hint,
  ...target
}: {
  icon: Icon;
  title: string;
  hint: string;
} & ({ to: string } | { onClick: () => void })) {
  const content = (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon size={40} radius="md" variant="light">
        <ShortcutIcon size={22} />
      </ThemeIcon>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </Stack>
      <IconChevronRight size={16} color="var(--mantine-color-dimmed)" />
    </Group>
  );
  return 'to' in target ? (
    <UnstyledButton component={Link} to={target.to} className={classes.shortcut}>
      {content}
    </UnstyledButton>
  ) : (
    <UnstyledButton onClick={target.onClick} className={classes.shortcut}>
      {content}
    </UnstyledButton>
  );
}

/** The member centre's membership block: subscription, trial offer, redeem code, invitations. */
export function MembershipOverview() {
  const { t } = useTranslation();
  const membership = useMembership();
  const [redeemOpen, setRedeemOpen] = useState(false);
  return (
    <Stack gap="md">
      {membership.trialOffered && membership.trial ? <TrialOffer trial={membership.trial} /> : null}
      <SubscriptionPanel />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Shortcut
          icon={IconTicket}
          title={t('membership.redeem.title')}
          hint={t('membership.redeem.shortcut')}
          onClick={() => setRedeemOpen(true)}
        />
        <Shortcut
          icon={IconUsersPlus}
          title={t('membership.shortcuts.invite')}
          hint={t('membership.shortcuts.inviteHint')}
          to="/invite"
        />
        <Shortcut
          icon={IconGift}
          title={t('membership.shortcuts.plans')}
          hint={t('membership.shortcuts.plansHint')}
          to="/pay"
        />
      </SimpleGrid>
      <RedeemDialog opened={redeemOpen} onClose={() => setRedeemOpen(false)} />
    </Stack>
  );
}
