import { Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { EmailLoginForm } from './email-login-form';
import { SocialButtons } from './social-buttons';

function DialogTitle() {
  const { t } = useTranslation();
  return (
    <Group gap={10} wrap="nowrap">
      <svg width={26} height={26} viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="16" fill="#16122b" />
        <circle cx="32" cy="32" r="16" fill="#8b5cf6" />
        <circle cx="38" cy="26" r="6" fill="#fff" opacity="0.85" />
      </svg>
      <Title order={2} fz={20}>
        {t('login.title')}
      </Title>
    </Group>
  );
}

/** The login dialog of spec §4: social sign-in or an e-mail code. */
export function LoginDialog() {
  const { t } = useTranslation();
  const opened = useSession((s) => s.loginOpen);
  const close = useSession((s) => s.closeLogin);

  return (
    <Modal opened={opened} onClose={close} title={<DialogTitle />} centered radius="lg" size={420} padding="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('login.subtitle')}
        </Text>
        <SocialButtons />
        <Divider label={t('login.or')} labelPosition="center" />
        {/* Remounting on open starts each visit from the e-mail step with no stale code. */}
        {opened ? <EmailLoginForm /> : null}
        <Text size="xs" c="dimmed" ta="center">
          {t('login.terms')}
        </Text>
      </Stack>
    </Modal>
  );
}
