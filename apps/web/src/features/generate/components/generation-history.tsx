import type { TaskResult } from '@lumen/contracts/tasks';
import { Group, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InfiniteSentinel } from '../../../shared/ui/infinite-sentinel';
import type { useTaskHistory } from '../api/list-tasks';
import { ResultCard } from './result-card';
import type { ResultActions } from './result-media';
import classes from './results.module.css';

interface GenerationHistoryProps extends ResultActions {
  tasks: TaskResult[];
  query: ReturnType<typeof useTaskHistory>;
}

/** Older generations of this kind, newest first, a page at a time as the list is scrolled. */
export function GenerationHistory({ tasks, query, ...actions }: GenerationHistoryProps) {
  const { t } = useTranslation();
  if (query.isPending && query.fetchStatus !== 'idle') {
    return (
      <div
        className={classes.historyGrid}
        aria-busy="true"
        aria-label={t('generate.history.loading')}
      >
        {[0, 1].map((i) => (
          <Skeleton key={i} height={260} radius="lg" />
        ))}
      </div>
    );
  }
  if (tasks.length === 0) return null;
  const total = query.data?.pages[0]?.total ?? tasks.length;
  return (
    <section aria-labelledby="generate-history-title">
      <Group justify="space-between" mb="sm" mt="md">
        <Title order={2} fz="lg" id="generate-history-title">
          {t('generate.history.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('generate.history.count', { count: total })}
        </Text>
      </Group>
      <div className={classes.historyGrid}>
        {tasks.map((task) => (
          <ResultCard key={task.task_id} task={task} {...actions} />
        ))}
      </div>
      <InfiniteSentinel
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={query.fetchNextPage}
      />
      {query.isError ? (
        <Text size="sm" c="dimmed" ta="center" mt="md">
          {t('generate.history.failed')}
        </Text>
      ) : null}
    </section>
  );
}
