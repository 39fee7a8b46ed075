import { Text, Title } from '@mantine/core';
import { IconBox, IconMovie, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import type { StudioKind } from '../task-kinds';
import type { useStudioTasks } from '../use-studio-tasks';
import { GenerationHistory } from './generation-history';
import { ResultCard } from './result-card';
import type { ResultActions } from './result-media';
import classes from './studio.module.css';

const icons = { image: IconPhoto, video: IconMovie, '3d': IconBox };

interface StudioResultsProps extends ResultActions {
  kind: StudioKind;
  tasks: ReturnType<typeof useStudioTasks>;
}

function EmptyState({ kind }: { kind: StudioKind }) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const Icon = icons[kind];
  return (
    <div className={classes.empty}>
      <div className={classes.emptyIcon}>
        <Icon size={28} stroke={1.6} aria-hidden="true" />
      </div>
      <Title order={2} fz="lg">
        {t(`generate.empty.${kind}.title`)}
      </Title>
      <Text size="sm" c="dimmed" maw={420}>
        {t(signedIn ? `generate.empty.${kind}.body` : 'generate.empty.visitor')}
      </Text>
    </div>
  );
}

/** The runs started here, newest first, then the history; an invitation when both are empty. */
export function StudioResults({ kind, tasks, ...actions }: StudioResultsProps) {
  const { current, history, historyQuery } = tasks;
  const loadingHistory = historyQuery.isPending && historyQuery.fetchStatus !== 'idle';
  return (
    <>
      {current.length === 0 && history.length === 0 && !loadingHistory ? <EmptyState kind={kind} /> : null}
      {current.map(({ run, task }) => (
        <ResultCard
          key={run.taskId}
          task={task}
          estimatedWaitMin={run.estimatedWaitMin}
          ratio={run.body.params.wh_ratio ?? '1:1'}
          {...actions}
        />
      ))}
      <GenerationHistory tasks={history} query={historyQuery} {...actions} />
    </>
  );
}
