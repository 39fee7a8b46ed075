import type { EngineWarning, EnginesOverview } from '@lumen/contracts/engines-admin';
import { Alert, Card, Center, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { taskTypeName } from '../../../shared/i18n/task-type-name';
import { RelativeTime } from '../../../shared/ui/relative-time';
import { useEnginesOverview } from '../api/engines';
import { AdminPageHeader } from '../components/admin-page-header';
import { ApiErrorAlert } from '../components/api-error-alert';
import { EngineConnectionCard } from '../components/engine-connection-card';
import { EngineRoutesTable } from '../components/engine-routes-table';
import { engineLabel } from '../../../shared/i18n/engine-name';
import { withAdminTexts } from '../admin-texts';

function Warnings({ warnings }: { warnings: EngineWarning[] }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <Stack gap="xs">
      {warnings.map((w) => (
        <Alert
          key={`${w.kind}:${w.engine}`}
          color={w.kind === 'no_worker' ? 'yellow' : 'red'}
          variant="light"
          icon={<IconAlertTriangle size={18} />}
        >
          {t(`admin.engines.warnings.${w.kind}`, {
            engine: engineLabel(t, w.engine),
            taskTypes: w.task_types.map((type) => taskTypeName(t, type)).join(', '),
          })}
        </Alert>
      ))}
    </Stack>
  );
}

function WorkersTable({ workers }: { workers: EnginesOverview['workers'] }) {
  const { t } = useTranslation();
  if (workers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('admin.engines.workers.none')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.engines.workers.name')}</Table.Th>
            <Table.Th>{t('admin.engines.workers.engines')}</Table.Th>
            <Table.Th>{t('admin.engines.workers.taskTypes')}</Table.Th>
            <Table.Th>{t('admin.engines.workers.current')}</Table.Th>
            <Table.Th>{t('admin.engines.workers.lastSeen')}</Table.Th>
            <Table.Th>{t('admin.engines.workers.done')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {workers.map((w) => (
            <Table.Tr key={w.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {w.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {w.id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs">{w.engines.map((e) => engineLabel(t, e)).join(', ')}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs">
                  {w.task_types === null
                    ? t('admin.engines.workers.allTypes')
                    : w.task_types.map((type) => taskTypeName(t, type)).join(', ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs">
                  {w.current_tasks.length === 0
                    ? t('admin.engines.workers.idle')
                    : w.current_tasks.map((c) => taskTypeName(t, c.task_type)).join(', ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs">
                  <RelativeTime iso={w.last_seen_at} />
                </Text>
              </Table.Td>
              <Table.Td>{w.tasks_done}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function QueueTable({ queue }: { queue: EnginesOverview['queue'] }) {
  const { t } = useTranslation();
  if (queue.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('admin.engines.queue.empty')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.engines.queue.lane')}</Table.Th>
            <Table.Th>{t('admin.engines.queue.queued')}</Table.Th>
            <Table.Th>{t('admin.engines.queue.oldest')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {queue.map((lane) => (
            <Table.Tr key={lane.lane}>
              <Table.Td>{t('admin.engines.queue.laneName', { lane: lane.lane })}</Table.Td>
              <Table.Td>{lane.queued}</Table.Td>
              <Table.Td>{t('admin.engines.queue.wait', { seconds: lane.oldest_wait_s })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * `/admin/engines`: each engine's connection (stored encrypted, applied without a restart),
 * which engine, model and fixed inputs serve each task type with the last 24 hours' figures,
 * the workers seen lately and the queue.
 */
export const EnginesPage = withAdminTexts(EnginesPageContent);

function EnginesPageContent() {
  const { t } = useTranslation();
  const overview = useEnginesOverview();
  const data = overview.data;
  return (
    <Stack gap="xl" maw={1200} mx="auto" w="100%">
      <AdminPageHeader title={t('admin.engines.title')} subtitle={t('admin.engines.subtitle')} />
      {overview.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : !data ? (
        <ApiErrorAlert error={overview.error} />
      ) : (
        <>
          <Warnings warnings={data.warnings} />
          <Section title={t('admin.engines.connections')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {data.connections.map((view) => (
                <EngineConnectionCard key={view.engine} view={view} />
              ))}
            </SimpleGrid>
          </Section>
          <Section title={t('admin.engines.routing')}>
            <Text size="sm" c="dimmed">
              {t('admin.engines.routes.hint')}
            </Text>
            <Card withBorder radius="lg" padding="xs">
              <EngineRoutesTable routes={data.routes} />
            </Card>
          </Section>
          <Section title={t('admin.engines.workers.title')}>
            <Card withBorder radius="lg" padding="xs">
              <WorkersTable workers={data.workers} />
            </Card>
          </Section>
          <Section title={t('admin.engines.queue.title')}>
            <Card withBorder radius="lg" padding="xs">
              <QueueTable queue={data.queue} />
            </Card>
          </Section>
        </>
      )}
    </Stack>
  );
}
