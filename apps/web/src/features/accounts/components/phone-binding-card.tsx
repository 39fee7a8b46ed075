import type { Profile } from '@lumen/contracts/account';
import { Badge } from '@mantine/core';
import { IconPhoneCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useBindPhone } from '../api/bind-phone';
import { sendCaptcha } from '../api/send-captcha';
import { useCaptchaFlow } from '../use-captcha-flow';
import { defaultPhoneValue, toInternational, type PhoneValue } from '../phone-number';
import { BindingCard } from './binding-card';
import { PhoneField } from './phone-field';

/** Phone binding on the profile page: a code sent with purpose `bind` proves the number. */
export function PhoneBindingCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [changing, setChanging] = useState(false);
  const [phone, setPhone] = useState<PhoneValue>(defaultPhoneValue);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const bind = useBindPhone();
  const flow = useCaptchaFlow({
    send: (number) => sendCaptcha({ method: 'phone', phone: number }, 'bind'),
    verify: async (number, captcha) => {
      await bind.mutateAsync({ phone: number, captcha });
      toast({ type: 'success', message: t('profile.phone.bound') });
      setChanging(false);
      flow.back();
    },
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

  return (
    <BindingCard
      title={t('profile.phone.title')}
      badge={
        profile.phone ? (
          <Badge color="teal" variant="light" leftSection={<IconPhoneCheck size={12} />}>
            {t('profile.phone.boundBadge')}
          </Badge>
        ) : null
      }
      bound={profile.phone}
      changing={changing}
      onChanging={setChanging}
      changeLabel={t('profile.phone.change')}
      submitLabel={t('profile.phone.bind')}
      hint={t('profile.phone.hint')}
      flow={flow}
      onSend={(event) => void send(event)}
    >
      <PhoneField
        label={t('login.phone')}
        value={phone}
        error={phoneError}
        onChange={(value) => {
          setPhone(value);
          setPhoneError(null);
        }}
      />
    </BindingCard>
  );
}
