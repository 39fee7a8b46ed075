import type { Profile } from '@lumen/contracts/account';
import { emailSchema } from '@lumen/contracts/auth';
import { Badge, TextInput } from '@mantine/core';
import { IconMail, IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useBindEmail } from '../api/bind-email';
import { sendCaptcha } from '../api/send-captcha';
import { useCaptchaFlow } from '../use-captcha-flow';
import { BindingCard } from './binding-card';

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
    <BindingCard
      title={t('profile.email.title')}
      badge={
        profile.email ? (
          <Badge color="teal" variant="light" leftSection={<IconMailCheck size={12} />}>
            {t('profile.email.verifiedBadge')}
          </Badge>
        ) : profile.pending_email ? (
          <Badge color="yellow" variant="light">
            {t('profile.email.unverifiedBadge')}
          </Badge>
        ) : null
      }
      bound={profile.email}
      changing={changing}
      onChanging={setChanging}
      changeLabel={t('profile.email.change')}
      submitLabel={t('profile.email.verify')}
      hint={
        profile.pending_email && !changing
          ? t('profile.email.pendingHint')
          : t('profile.email.hint')
      }
      flow={flow}
      onSend={send}
    >
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
    </BindingCard>
  );
}
