import { CAPTCHA_LENGTH, CAPTCHA_RESEND_S } from '@lumen/contracts/constants';
import { Anchor, Button, Group, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconMail } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { useEmailLogin } from '../api/login';
import { useSendEmailCaptcha } from '../api/send-captcha';
import { completeSignIn } from '../sign-in';
import { useCountdown } from '../use-countdown';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function EmailLoginForm() {
  const { t } = useTranslation();
  const [step, setStep] = useState<'form' | 'sent'>('form');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [wrongCode, setWrongCode] = useState(false);
  const countdown = useCountdown();
  const sendCaptcha = useSendEmailCaptcha();
  const login = useEmailLogin();

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = email.trim();
    if (!emailPattern.test(trimmed)) {
      setEmailError(t('login.invalidEmail'));
      return;
    }
    try {
      await sendCaptcha.mutateAsync(trimmed);
      toast({ type: 'success', message: t('login.codeSent') });
      setStep('sent');
      countdown.start(CAPTCHA_RESEND_S);
    } catch {
      // The API client has shown the server's message.
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== CAPTCHA_LENGTH) {
      setWrongCode(true);
      return;
    }
    try {
      completeSignIn(await login.mutateAsync({ email: email.trim(), captcha: code }));
      toast({ type: 'success', message: t('login.success') });
    } catch (error) {
      if (isApiError(error) && !error.isServerError && error.httpStatus !== 0) setWrongCode(true);
    }
  };

  if (step === 'form') {
    return (
      <form onSubmit={(event) => void send(event)} noValidate>
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
          <Button type="submit" radius="xl" size="md" loading={sendCaptcha.isPending}>
            {t('login.sendCode')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('login.codeSentTo', { email: email.trim() })}</Text>
        <Group justify="center">
          <PinInput
            length={CAPTCHA_LENGTH}
            type="alphanumeric"
            oneTimeCode
            value={code}
            error={wrongCode}
            aria-label={t('login.code')}
            size="md"
            gap={6}
            onChange={(value) => {
              setCode(value);
              setWrongCode(false);
            }}
          />
        </Group>
        {wrongCode ? (
          <Text size="sm" c="red" role="alert" ta="center">
            {t('login.wrongCode')}
          </Text>
        ) : null}
        <Button type="submit" radius="xl" size="md" loading={login.isPending}>
          {t('login.submit')}
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={() => setStep('form')}>
            <Group gap={4} component="span">
              <IconArrowLeft size={14} />
              {t('login.back')}
            </Group>
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={countdown.remaining > 0 || sendCaptcha.isPending}
            c={countdown.remaining > 0 ? 'dimmed' : undefined}
            onClick={() => void send()}
          >
            {countdown.remaining > 0 ? t('login.resendIn', { seconds: countdown.remaining }) : t('login.resend')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
