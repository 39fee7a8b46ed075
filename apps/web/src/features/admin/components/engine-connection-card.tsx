import {
  MASK_PREFIX,
  connectionFields,
  type ConnectableEngine,
  type ConnectionReport,
  type EngineConnectionBody,
  type EngineConnectionView,
} from '@lumen/contracts/engines-admin';
import {
  Badge,
  Button,
  Card,
  Group,
  List,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconQuestionMark, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useSaveConnection, useTestConnection } from '../api/engines';
import { ApiErrorAlert } from './api-error-alert';
import { connectionExamples, engineLabel } from '../../../shared/i18n/engine-name';

type Values = Record<string, string>;

/** What the form sends: typed values, and a secret only when one was typed or cleared. */
function bodyOf(engine: ConnectableEngine, values: Values, replaced: Set<string>) {
  const body: Record<string, string | null> = {};
  for (const { name, secret } of connectionFields[engine]) {
    const value = (values[name] ?? '').trim();
    if (secret) {
      // A masked value keeps the stored secret; a replaced one left empty clears it.
      if (value.startsWith(MASK_PREFIX)) continue;
      if (value !== '') body[name] = value;
      else if (replaced.has(name)) body[name] = null;
    } else if (value !== '') body[name] = value;
  }
  return body as EngineConnectionBody;
}

function ReportState({ report }: { report: ConnectionReport }) {
  const { t } = useTranslation();
  const state = report.ok ? 'ok' : report.reachable ? 'partial' : 'failed';
  const color = state === 'ok' ? 'green' : state === 'partial' ? 'yellow' : 'red';
  const Icon = state === 'ok' ? IconCheck : state === 'partial' ? IconQuestionMark : IconX;
  return (
    <Stack gap={4} role="status" aria-label={t(`admin.engines.test.${state}`)}>
      <Group gap={6}>
        <ThemeIcon color={color} size="sm" radius="xl" variant="filled">
          <Icon size={12} />
        </ThemeIcon>
        <Text size="sm" fw={600} c={color}>
          {t(`admin.engines.test.${state}`)}
        </Text>
        <Badge
          size="xs"
          variant="light"
          color={report.auth === 'ok' ? 'green' : report.auth === 'refused' ? 'red' : 'gray'}
        >
          {t(`admin.engines.test.auth.${report.auth}`)}
        </Badge>
      </Group>
      <List size="sm" spacing={2}>
        {report.details.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** One engine's connection: its fields, Save, and Test connection with what the test found. */
export function EngineConnectionCard({ view }: { view: EngineConnectionView }) {
  const { t } = useTranslation();
  const { engine } = view;
  const fromEnv = view.source === 'env';
  const [values, setValues] = useState<Values>(() => ({ ...view.fields }));
  const [replaced, setReplaced] = useState<Set<string>>(new Set());
  const save = useSaveConnection();
  const test = useTestConnection();

  const setValue = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const replace = (name: string) => {
    setReplaced((r) => new Set(r).add(name));
    setValue(name, '');
  };

  const onSave = () =>
    save.mutate(
      { engine, body: bodyOf(engine, values, replaced) },
      {
        onSuccess: ({ connection }) => {
          setValues({ ...connection.fields });
          setReplaced(new Set());
          toast({
            type: 'success',
            message: t('admin.engines.saved', { engine: engineLabel(t, engine) }),
          });
        },
      },
    );

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-label={engineLabel(t, engine)}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="md">
            {engineLabel(t, engine)}
          </Title>
          <Badge
            variant="light"
            color={fromEnv ? 'blue' : view.source === 'admin' ? 'green' : 'gray'}
          >
            {t(`admin.engines.source.${view.source}`)}
          </Badge>
        </Group>
        {connectionFields[engine].map(({ name, secret }) => {
          const label = t(`admin.engines.fields.${name}`);
          const value = values[name] ?? '';
          const masked = secret && !replaced.has(name) && value.startsWith(MASK_PREFIX);
          if (secret && !fromEnv && !masked) {
            return (
              <PasswordInput
                key={name}
                label={label}
                value={value}
                autoComplete="off"
                onChange={(e) => setValue(name, e.currentTarget.value)}
              />
            );
          }
          return (
            <TextInput
              key={name}
              label={label}
              value={value}
              readOnly={fromEnv || masked}
              placeholder={connectionExamples[name]}
              onChange={(e) => setValue(name, e.currentTarget.value)}
              rightSectionWidth={masked && !fromEnv ? 90 : undefined}
              rightSection={
                masked && !fromEnv ? (
                  <Button size="compact-xs" variant="subtle" onClick={() => replace(name)}>
                    {t('admin.engines.replace')}
                  </Button>
                ) : undefined
              }
            />
          );
        })}
        {fromEnv ? (
          <Text size="xs" c="dimmed">
            {t('admin.engines.envHint')}
          </Text>
        ) : null}
        <ApiErrorAlert error={save.error ?? test.error} />
        {test.data ? <ReportState report={test.data} /> : null}
        <Group gap="xs">
          {!fromEnv ? (
            <Button size="xs" onClick={onSave} loading={save.isPending}>
              {t('admin.save')}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="light"
            loading={test.isPending}
            onClick={() =>
              test.mutate({ engine, body: fromEnv ? {} : bodyOf(engine, values, replaced) })
            }
          >
            {t('admin.engines.testConnection')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
