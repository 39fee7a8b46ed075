import { engineRouteBodySchema, type EngineRouteView } from '@lumen/contracts/engines-admin';
import { engineNames, type EngineName } from '@lumen/contracts/task-types';
import {
  Anchor,
  Button,
  Group,
  Image,
  Loader,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { taskTypeName } from '../../../shared/i18n/task-type-name';
import { toast } from '../../../shared/ui/toast';
import { useSaveRoute, useTryRoute, useTryTask } from '../api/engines';
import { ApiErrorAlert } from './api-error-alert';
import { engineLabel } from '../../../shared/i18n/engine-name';

const seconds = (value: number | null) => (value === null ? '—' : `${value} s`);
const percent = (value: number | null) =>
  value === null ? '—' : `${Math.round(value * 1000) / 10} %`;

/** The sample task's state and, once done, its output shown inline. */
function TryResult({ route, taskId }: { route: EngineRouteView; taskId: string }) {
  const { t } = useTranslation();
  const task = useTryTask(route.task_type, taskId);
  const data = task.data;
  if (!data || data.status === 'queued' || data.status === 'generating') {
    return (
      <Group gap={6} role="status">
        <Loader size="xs" />
        <Text size="xs">{t(`admin.engines.try.${data?.status ?? 'queued'}`)}</Text>
      </Group>
    );
  }
  if (data.status !== 'done') {
    return (
      <Text size="xs" c="red" role="status">
        {data.error ?? t('admin.engines.try.failed')}
      </Text>
    );
  }
  const output = data.sub_task_results.find((r) => r.url);
  if (!output?.url) return <Text size="xs">{t('admin.engines.try.noOutput')}</Text>;
  if (output.video) {
    return (
      <video
        src={output.url}
        controls
        muted
        width={160}
        aria-label={t('admin.engines.try.result')}
      />
    );
  }
  if (output.model) {
    return (
      <Anchor href={output.url} target="_blank" rel="noreferrer" size="xs">
        {t('admin.engines.try.openModel')}
      </Anchor>
    );
  }
  return (
    <Image
      src={output.thumb_url ?? output.url}
      alt={t('admin.engines.try.result')}
      w={96}
      h={96}
      fit="cover"
      radius="sm"
    />
  );
}

/** One task type's routing: engine, model, fixed inputs, figures, Save and Try it. */
function RouteRow({ route }: { route: EngineRouteView }) {
  const { t } = useTranslation();
  const [engine, setEngine] = useState<EngineName>(route.engine);
  const [model, setModel] = useState(route.model ?? '');
  const [input, setInput] = useState(
    Object.keys(route.input).length > 0 ? JSON.stringify(route.input, null, 1) : '',
  );
  const [inputError, setInputError] = useState<string | null>(null);
  const [taskId, setTaskId] = useState<string>();
  const save = useSaveRoute();
  const trial = useTryRoute();
  const name = taskTypeName(t, route.task_type);

  const onSave = () => {
    let parsedInput: unknown = undefined;
    if (input.trim() !== '') {
      try {
        parsedInput = JSON.parse(input);
      } catch {
        setInputError(t('admin.engines.routes.inputNotJson'));
        return;
      }
    }
    const body = engineRouteBodySchema.safeParse({ engine, model, input: parsedInput });
    if (!body.success) {
      setInputError(t('admin.engines.routes.inputInvalid'));
      return;
    }
    setInputError(null);
    save.mutate(
      { taskType: route.task_type, body: body.data },
      {
        onSuccess: () =>
          toast({ type: 'success', message: t('admin.engines.routes.saved', { taskType: name }) }),
      },
    );
  };

  const { stats } = route;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {route.task_type}
        </Text>
      </Table.Td>
      <Table.Td>
        <NativeSelect
          size="xs"
          miw={120}
          aria-label={t('admin.engines.routes.engineFor', { taskType: name })}
          value={engine}
          data={engineNames.map((e) => ({ value: e, label: engineLabel(t, e) }))}
          onChange={(e) => setEngine(e.currentTarget.value as EngineName)}
        />
      </Table.Td>
      <Table.Td>
        <Stack gap={4} miw={170}>
          <TextInput
            size="xs"
            aria-label={t('admin.engines.routes.modelFor', { taskType: name })}
            placeholder={t('admin.engines.routes.engineDefault')}
            value={model}
            onChange={(e) => setModel(e.currentTarget.value)}
          />
          <Textarea
            size="xs"
            autosize
            minRows={1}
            maxRows={6}
            styles={{ input: { fontFamily: 'monospace' } }}
            aria-label={t('admin.engines.routes.inputFor', { taskType: name })}
            placeholder={t('admin.engines.routes.inputPlaceholder')}
            value={input}
            error={inputError}
            onChange={(e) => setInput(e.currentTarget.value)}
          />
        </Stack>
      </Table.Td>
      <Table.Td>{stats.runs}</Table.Td>
      <Table.Td>{percent(stats.failure_rate)}</Table.Td>
      <Table.Td>{seconds(stats.median_s)}</Table.Td>
      <Table.Td>{seconds(stats.p95_s)}</Table.Td>
      <Table.Td>
        <Stack gap={6} align="flex-start">
          <Group gap={6} wrap="nowrap">
            <Button size="compact-xs" onClick={onSave} loading={save.isPending}>
              {t('admin.save')}
            </Button>
            <Button
              size="compact-xs"
              variant="light"
              disabled={!route.can_try}
              title={
                route.can_try ? t('admin.engines.try.hint') : t('admin.engines.try.unavailable')
              }
              loading={trial.isPending}
              onClick={() =>
                trial.mutate(route.task_type, { onSuccess: (r) => setTaskId(r.task_id) })
              }
            >
              {t('admin.engines.try.button')}
            </Button>
          </Group>
          <ApiErrorAlert error={save.error ?? trial.error} />
          {taskId ? <TryResult route={route} taskId={taskId} /> : null}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** Every task type → engine, model and fixed inputs, with the last 24 hours' figures. */
export function EngineRoutesTable({ routes }: { routes: EngineRouteView[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={940}>
      <Table verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.engines.routes.taskType')}</Table.Th>
            <Table.Th>{t('admin.engines.routes.engine')}</Table.Th>
            <Table.Th>{t('admin.engines.routes.modelAndInput')}</Table.Th>
            <Table.Th>{t('admin.engines.routes.runs')}</Table.Th>
            <Table.Th>{t('admin.engines.routes.failureRate')}</Table.Th>
            <Table.Th>{t('admin.engines.routes.median')}</Table.Th>
            <Table.Th>{t('admin.engines.routes.p95')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {routes.map((route) => (
            <RouteRow key={route.task_type} route={route} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
