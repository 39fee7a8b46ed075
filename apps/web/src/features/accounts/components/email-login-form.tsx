import { emailSchema } from '@lumen/contracts/auth';
import { Button, Stack, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sendCaptcha } from '../api/send-captcha';
import { signInWith } from '../session/sign-in';
import { useCaptchaFlow } from '../use-captcha-flow';
import { CodeStep } from './code-step';

/** E-mail sign-in by code; a first sign-in creates the account. */
export function EmailLoginForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const flow = useCaptchaFlow({
    send: (address) => sendCaptcha({ method: 'email', email: address }),
    verify: (address, captcha) =>
      signInWith({ loginType: 'email', email: address, captcha }, { silent: true }),
  });

  const send = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    // Spec §5: an address that fails the basic pattern sends nothing.
    if (!parsed.success) {
      setEmailError(t('login.invalidEmail'));
      return;
    }
    void flow.sendCode(parsed.data);
  };

  if (flow.step === 'sent') {
    return <CodeStep flow={flow} submitLabel={t('login.submit')} />;
  }

  return (
    <form onSubmit={send} noValidate>
      <Stack gap="sm">
        <TextInput
          type="email"
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          leftSection={<IconMail size={16} />}
          value={email}
          error={emailError}
          autoComplete="email"
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setEmailError(null);
          }}
        />
        <Button type="submit" radius="xl" size="md" loading={flow.sending}>
          {t('login.sendCode')}
        </Button>
      </Stack>
    </form>
  );
}
