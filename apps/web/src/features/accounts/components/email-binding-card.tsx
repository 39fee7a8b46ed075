import type { Profile } from '@lumen/contracts/account';
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMail, IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useBindEmail } from '../api/bind-email';
import { sendCaptcha } from '../api/send-captcha';
import { emailSchema } from '@lumen/contracts/auth';
import { useCaptchaFlow } from '../use-captcha-flow';
import { CodeStep } from './code-step';

/**
 * The account's e-mail address. Only an address proved by a code sent to it (purpose `bind`)
 * signs in by code or receives mail; one named at registration waits here to be confirmed.
 */
export function EmailBindingCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [changing, setChanging] = useState(false);
  const [email, setEmail] = useState(profile.pending_email ?? '');
  const [emailError, setEmailError] = useState<string | null>(null);
  const bind = useBindEmail();
  const flow = useCaptchaFlow({
    send: (address) => sendCaptcha({ method: 'email', email: address }, 'bind'),
    verify: async (address, captcha) => {
      await bind.mutateAsync({ email: address, captcha });
      toast({ type: 'success', message: t('profile.email.bound') });
      setChanging(false);
      flow.back();
    },
  });
  const editing = changing || !profile.email;

  const send = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!emailSchema.safeParse(address).success) {
      setEmailError(t('login.invalidEmail'));
      return;
    }
    void flow.sendCode(address);
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} fz="lg">
          {t('profile.email.title')}
        </Title>
        {profile.email ? (
          <Badge color="teal" variant="light" leftSection={<IconMailCheck size={12} />}>
            {t('profile.email.verifiedBadge')}
          </Badge>
        ) : profile.pending_email ? (
          <Badge color="yellow" variant="light">
            {t('profile.email.unverifiedBadge')}
          </Badge>
        ) : null}
      </Group>
      {!editing ? (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text fw={600} truncate>
            {profile.email}
          </Text>
          <Button variant="default" onClick={() => setChanging(true)}>
            {t('profile.email.change')}
          </Button>
        </Group>
      ) : flow.step === 'sent' ? (
        <CodeStep flow={flow} submitLabel={t('profile.email.verify')} />
      ) : (
        <form onSubmit={send} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {profile.pending_email && !changing
                ? t('profile.email.pendingHint')
                : t('profile.email.hint')}
            </Text>
            <TextInput
              type="email"
              label={t('login.email')}
              leftSection={<IconMail size={16} />}
              autoComplete="email"
              value={email}
              error={emailError}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setEmailError(null);
              }}
            />
            <Group justify="flex-end" gap="xs">
              {profile.email ? (
                <Button variant="default" onClick={() => setChanging(false)}>
                  {t('common.cancel')}
                </Button>
              ) : null}
              <Button type="submit" loading={flow.sending}>
                {t('login.sendCode')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
