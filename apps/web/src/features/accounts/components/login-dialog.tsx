import { Anchor, Divider, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { useOAuthProviders } from '../api/oauth-providers';
import { isGoogleHidden } from '../social-login';
import { EmailLoginForm } from './email-login-form';
import { LegalConsent } from './legal-consent';
import { PasswordLoginForm } from './password-login-form';
import { PhoneLoginForm } from './phone-login-form';
import { RegisterForm } from './register-form';
import classes from './login-dialog.module.css';
import { SocialButtons } from './social-buttons';

function LumenMark() {
  return (
    <svg width={26} height={26} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="16" fill="#16122b" />
      <circle cx="32" cy="32" r="16" fill="#8b5cf6" />
      <circle cx="38" cy="26" r="6" fill="#fff" opacity="0.85" />
    </svg>
  );
}

function SignInPanels({ onCreateAccount }: { onCreateAccount: () => void }) {
  const { t } = useTranslation();
  const providers = useOAuthProviders().data ?? [];
  const shown = providers.filter(
    (p) => !(p.provider === 'google' && isGoogleHidden(window.location.search)),
  );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('login.subtitle')}
      </Text>
      {shown.length > 0 ? (
        <>
          <SocialButtons providers={shown} />
          <Divider label={t('login.or')} labelPosition="center" />
        </>
      ) : null}
      <Tabs defaultValue="email" variant="pills" radius="xl" classNames={{ tab: classes.tab }}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="email">{t('login.tabs.email')}</Tabs.Tab>
          <Tabs.Tab value="phone">{t('login.tabs.phone')}</Tabs.Tab>
          <Tabs.Tab value="password">{t('login.tabs.password')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="email">
          <EmailLoginForm />
        </Tabs.Panel>
        <Tabs.Panel value="phone">
          <PhoneLoginForm />
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <PasswordLoginForm onCreateAccount={onCreateAccount} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/**
 * Spec §4 login dialog: social buttons for the providers the server has set up, then e-mail
 * or phone codes, or a password; "create account" swaps in the sign-up form. Mantine unmounts
 * the body when the dialog closes, so every opening starts from the e-mail step.
 */
function LoginDialogBody() {
  const { t } = useTranslation();
  const [view, setView] = useState<'sign-in' | 'register'>('sign-in');
  const registering = view === 'register';
  return (
    <>
      <Modal.Header>
        <Group gap={10} wrap="nowrap">
          <LumenMark />
          <Modal.Title fz={20} fw={700}>
            {registering ? t('register.title') : t('login.title')}
          </Modal.Title>
        </Group>
        <Modal.CloseButton aria-label={t('common.close')} />
      </Modal.Header>
      <Modal.Body>
        <Stack gap="md">
          {registering ? (
            <>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setView('sign-in')}
                w="fit-content"
              >
                <Group gap={4} component="span" wrap="nowrap">
                  <IconArrowLeft size={14} />
                  {t('register.back')}
                </Group>
              </Anchor>
              <RegisterForm onSignIn={() => setView('sign-in')} />
            </>
          ) : (
            <SignInPanels onCreateAccount={() => setView('register')} />
          )}
          <Text size="xs" c="dimmed" ta="center">
            <LegalConsent i18nKey="login.terms" />
          </Text>
        </Stack>
      </Modal.Body>
    </>
  );
}

export function LoginDialog() {
  const opened = useSession((s) => s.loginOpen);
  const close = useSession((s) => s.closeLogin);
  return (
    <Modal.Root opened={opened} onClose={close} centered radius="lg" size={440} padding="lg">
      <Modal.Overlay />
      <Modal.Content>
        <LoginDialogBody />
      </Modal.Content>
    </Modal.Root>
  );
}
