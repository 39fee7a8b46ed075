import type { Profile } from '@lumen/contracts/account';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPhoneCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useBindPhone } from '../api/bind-phone';
import { sendCaptcha } from '../api/send-captcha';
import { useCaptchaFlow } from '../use-captcha-flow';
import { CodeStep } from './code-step';
import { defaultPhoneValue, toInternational, type PhoneValue } from '../phone-number';
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
  const editing = changing || !profile.phone;

  const send = (event: FormEvent) => {
    event.preventDefault();
    const international = toInternational(phone);
    if (!international) {
      setPhoneError(t('login.invalidPhone'));
      return;
    }
    void flow.sendCode(international);
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} fz="lg">
          {t('profile.phone.title')}
        </Title>
        {profile.phone ? (
          <Badge color="teal" variant="light" leftSection={<IconPhoneCheck size={12} />}>
            {t('profile.phone.boundBadge')}
          </Badge>
        ) : null}
      </Group>
      {!editing ? (
        <Group justify="space-between" gap="sm">
          <Text fw={600}>{profile.phone}</Text>
          <Button variant="default" onClick={() => setChanging(true)}>
            {t('profile.phone.change')}
          </Button>
        </Group>
      ) : flow.step === 'sent' ? (
        <CodeStep flow={flow} submitLabel={t('profile.phone.bind')} />
      ) : (
        <form onSubmit={send} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('profile.phone.hint')}
            </Text>
            <PhoneField
              label={t('login.phone')}
              value={phone}
              error={phoneError}
              onChange={(value) => {
                setPhone(value);
                setPhoneError(null);
              }}
            />
            <Group justify="flex-end" gap="xs">
              {profile.phone ? (
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
