import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaFlow } from '../use-captcha-flow';
import { CodeStep } from './code-step';

/**
 * The profile's card for an address proved by a code (phone, e-mail): the bound address with
 * a change button, or the address form, then the code step.
 */
export function BindingCard(props: {
  title: string;
  badge: ReactNode;
  /** The proved address, or null while there is none. */
  bound: string | null;
  changing: boolean;
  onChanging: (changing: boolean) => void;
  changeLabel: string;
  submitLabel: string;
  hint: string;
  flow: CaptchaFlow;
  /** The address input. */
  children: ReactNode;
  onSend: (event: FormEvent) => void;
}) {
  const { t } = useTranslation();
  const editing = props.changing || !props.bound;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} fz="lg">
          {props.title}
        </Title>
        {props.badge}
      </Group>
      {!editing ? (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text fw={600} truncate>
            {props.bound}
          </Text>
          <Button variant="default" onClick={() => props.onChanging(true)}>
            {props.changeLabel}
          </Button>
        </Group>
      ) : props.flow.step === 'sent' ? (
        <CodeStep flow={props.flow} submitLabel={props.submitLabel} />
      ) : (
        <form onSubmit={props.onSend} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {props.hint}
            </Text>
            {props.children}
            <Group justify="flex-end" gap="xs">
              {props.bound ? (
                <Button variant="default" onClick={() => props.onChanging(false)}>
                  {t('common.cancel')}
                </Button>
              ) : null}
              <Button type="submit" loading={props.flow.sending}>
                {t('login.sendCode')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
