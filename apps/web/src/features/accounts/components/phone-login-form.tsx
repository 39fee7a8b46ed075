import { Button, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sendCaptcha } from '../api/send-captcha';
import { signInWith } from '../session/sign-in';
import { useCaptchaFlow } from '../use-captcha-flow';
import { CodeStep } from './code-step';
import { defaultPhoneValue, toInternational, type PhoneValue } from '../phone-number';
import { PhoneField } from './phone-field';

/** Phone sign-in by SMS code (spec §1), the same steps as the e-mail form. */
export function PhoneLoginForm() {
  const { t } = useTranslation();
  const [phone, setPhone] = useState<PhoneValue>(defaultPhoneValue);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const flow = useCaptchaFlow({
    send: (number) => sendCaptcha({ method: 'phone', phone: number }),
    verify: (number, captcha) =>
      signInWith({ loginType: 'phone', phone: number, captcha }, { silent: true }),
  });

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const international = await toInternational(phone).catch(() => null);
    if (!international) {
      setPhoneError(t('login.invalidPhone'));
      return;
    }
    void flow.sendCode(international);
  };

  if (flow.step === 'sent') {
    return <CodeStep flow={flow} submitLabel={t('login.submit')} />;
  }

  return (
    <form onSubmit={(event) => void send(event)} noValidate>
      <Stack gap="sm">
        <PhoneField
          label={t('login.phone')}
          value={phone}
          error={phoneError}
          onChange={(value) => {
            setPhone(value);
            setPhoneError(null);
          }}
        />
        <Button type="submit" radius="xl" size="md" loading={flow.sending}>
          {t('login.sendCode')}
        </Button>
      </Stack>
    </form>
  );
}
