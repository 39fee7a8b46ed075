import { Text, Title, UnstyledButton } from '@mantine/core';
import { IconBox, IconBulb, IconMovie, IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { editorPath } from '../../../shared/editor-path';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/ui/toast';
import { focusPrompt } from '../prompt-rules';
import type { StudioKind } from '../task-kinds';
import type { useStudioTasks } from '../use-studio-tasks';
import { GenerationHistory } from './generation-history';
import { PreviewExplainer } from './preview-explainer';
import { PREVIEW_ENGINE, ResultCard } from './result-card';
import type { ResultActions } from './result-media';
import classes from './results.module.css';

const icons = { image: IconPhoto, video: IconMovie, '3d': IconBox };
const ideaKeys = ['a', 'b', 'c'] as const;

interface StudioResultsProps extends ResultActions {
  kind: StudioKind;
  tasks: ReturnType<typeof useStudioTasks>;
  /** Puts an example prompt into the prompt box. */
  onPickIdea: (prompt: string) => void;
}

function EmptyState({
  kind,
  onPickIdea,
}: {
  kind: StudioKind;
  onPickIdea: (prompt: string) => void;
}) {
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
      <div className={classes.ideas}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" className={classes.ideasTitle}>
          <IconBulb size={14} aria-hidden="true" />
          {t('generate.ideas.title')}
        </Text>
        {ideaKeys.map((key) => {
          const idea = t(`generate.ideas.${kind}.${key}`);
          return (
            <UnstyledButton
              key={key}
              className={classes.idea}
              onClick={() => onPickIdea(idea)}
              aria-label={t('generate.ideas.use', { idea })}
            >
              {idea}
            </UnstyledButton>
          );
        })}
      </div>
    </div>
  );
}

/**
 * Brings the newest run's card into view when a run starts. On a phone the results come below
 * the settings, and pressing Generate would otherwise show nothing but the balance going down;
 * beside the settings (wide screens) the card is already in view and nothing moves.
 */
function useRevealNewRun(newestTaskId: string | undefined) {
  const card = useRef<HTMLDivElement>(null);
  const seen = useRef(newestTaskId);
  useEffect(() => {
    if (newestTaskId === seen.current) return;
    seen.current = newestTaskId;
    const element = card.current;
    if (!element) return;
    const { top, bottom } = element.getBoundingClientRect();
    if (top >= 0 && bottom <= window.innerHeight) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  }, [newestTaskId]);
  return card;
}

/** The runs started here, newest first, then the history; an invitation when both are empty. */
export function StudioResults({
  kind,
  tasks,
  onPickIdea,
  onReuseSeed,
  ...rest
}: StudioResultsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions: ResultActions = {
    onEdit: (taskId, index) => void navigate(editorPath({ taskId, index })),
    ...rest,
    ...(onReuseSeed
      ? {
          onReuseSeed: (seed: number) => {
            onReuseSeed(seed);
            toast({ type: 'success', message: t('generate.seed.reused', { seed }) });
          },
        }
      : {}),
  };
  const pickIdea = (idea: string) => {
    onPickIdea(idea);
    focusPrompt();
  };
  const { current, history, historyQuery } = tasks;
  const newestCard = useRevealNewRun(current[0]?.run.taskId);
  const loadingHistory = historyQuery.isPending && historyQuery.fetchStatus !== 'idle';
  const gotPreview = [...current.map((c) => c.task), ...history].some(
    (task) => task.engine === PREVIEW_ENGINE && task.status === 'done',
  );
  return (
    <>
      {current.length === 0 && history.length === 0 && !loadingHistory ? (
        <EmptyState kind={kind} onPickIdea={pickIdea} />
      ) : null}
      {current.map(({ run, task }, index) => (
        <div key={run.taskId} ref={index === 0 ? newestCard : undefined} className={classes.run}>
          <ResultCard task={task} ratio={run.body.params.wh_ratio ?? '1:1'} {...actions} />
        </div>
      ))}
      {/* Below the runs of this visit, so that appearing when a run ends it moves none of them. */}
      {gotPreview ? <PreviewExplainer /> : null}
      <GenerationHistory tasks={history} query={historyQuery} {...actions} />
    </>
  );
}
