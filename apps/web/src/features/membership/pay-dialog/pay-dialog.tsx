import { MOBILE_BREAKPOINT_PX } from '@lumen/contracts/constants';
import { Alert, Group, Modal, Tabs, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCrown } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  usePayDialog,
  type PayDialogRequest,
  type PayDialogTab,
} from '../../../shared/session/pay-dialog-store';
import { CreditsPanel } from './credits-panel';
import { MembershipPanel } from './membership-panel';
import { useMembership } from '../use-membership';
import { messageKeyFor, resolvePayDialogView } from './pay-dialog-rules';

/**
 * The pay dialog of spec §4: opens at once, before the account is known, and settles on the tab
 * the rules give once it is (a paid user lands on credits).
 */
export function PayDialog() {
  const { t } = useTranslation();
  const opened = usePayDialog((s) => s.opened);
  const request = usePayDialog((s) => s.request);
  const openCount = usePayDialog((s) => s.openCount);
  const close = usePayDialog((s) => s.close);
  const fullScreen = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      size={920}
      radius="lg"
      fullScreen={fullScreen}
      title={
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="gradient" radius="xl" size={30}>
            <IconCrown size={18} />
          </ThemeIcon>
          <Text fw={700} fz="lg">
            {t('payDialog.title')}
          </Text>
        </Group>
      }
    >
      {/* Keyed by open so each opening starts from the tab the rules give. */}
      <PayDialogBody key={openCount} request={request} onNavigate={close} />
    </Modal>
  );
}

function PayDialogBody({
  request,
  onNavigate,
}: {
  request: PayDialogRequest;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const membership = useMembership();
  const { paid, signedIn } = membership;
  const view = resolvePayDialogView(request, paid, membership.trialOffered);
  const [chosen, setChosen] = useState<PayDialogTab | null>(null);
  const tab = chosen ?? view.tab;
  const messageKey = messageKeyFor(request.reason, paid);
  const message = request.message ?? (messageKey ? t(messageKey) : null);
  // Visitors have no balance to show; a signed-in user's loads with the account.
  const balance = signedIn ? (membership.account?.credits ?? null) : undefined;

  return (
    <>
      {message ? (
        <Alert
          color="orange"
          variant="light"
          radius="md"
          mb="md"
          icon={<IconAlertTriangle size={18} />}
          role="status"
        >
          {message}
        </Alert>
      ) : null}
      <Tabs
        value={tab}
        onChange={(value) => setChosen(value === 'credits' ? 'credits' : 'membership')}
        variant="pills"
        radius="xl"
        keepMounted={false}
      >
        {view.showTab ? (
          <Tabs.List mb="md" grow>
            <Tabs.Tab value="membership">{t('payDialog.tabs.membership')}</Tabs.Tab>
            <Tabs.Tab value="credits">{t('payDialog.tabs.credits')}</Tabs.Tab>
          </Tabs.List>
        ) : null}
        <Tabs.Panel value="membership" aria-label={t('payDialog.tabs.membership')}>
          <MembershipPanel membership={membership} onNavigate={onNavigate} />
        </Tabs.Panel>
        <Tabs.Panel value="credits" aria-label={t('payDialog.tabs.credits')}>
          <CreditsPanel balance={balance} signedIn={signedIn} onNavigate={onNavigate} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
