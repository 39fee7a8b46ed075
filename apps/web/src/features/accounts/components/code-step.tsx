import { CAPTCHA_LENGTH } from '@lumen/contracts/constants';
import { Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaFlow } from '../use-captcha-flow';

/** The "code sent" state of spec §4: six boxes, continue only when all are filled. */
export function CodeStep({ flow, submitLabel }: { flow: CaptchaFlow; submitLabel: string }) {
  const { t } = useTranslation();
  const complete = flow.code.length === CAPTCHA_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete) void flow.submit();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('login.codeSentTo', { target: flow.sentTo })}</Text>
        <Group justify="center">
          <PinInput
            length={CAPTCHA_LENGTH}
            type="alphanumeric"
            oneTimeCode
            autoFocus
            value={flow.code}
            error={flow.wrongCode}
            aria-label={t('login.code')}
            size="md"
            gap={6}
            onChange={flow.changeCode}
          />
        </Group>
        {flow.wrongCode ? (
          <Text size="sm" c="red" role="alert" ta="center">
            {t('login.wrongCode')}
          </Text>
        ) : null}
        <Button type="submit" radius="xl" size="md" disabled={!complete} loading={flow.submitting}>
          {submitLabel}
        </Button>
        <Group justify="space-between" wrap="nowrap">
          <Anchor component="button" type="button" size="sm" onClick={flow.back}>
            <Group gap={4} component="span" wrap="nowrap">
              <IconArrowLeft size={14} />
              {t('login.back')}
            </Group>
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={flow.remaining > 0 || flow.sending}
            c={flow.remaining > 0 ? 'dimmed' : undefined}
            onClick={() => void flow.resend()}
          >
            {flow.remaining > 0
              ? t('login.resendIn', { seconds: flow.remaining })
              : t('login.resend')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
