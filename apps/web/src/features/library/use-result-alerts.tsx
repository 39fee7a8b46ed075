import { finalStates, type TaskResult } from '@lumen/contracts/tasks';
import { taskTypeDefinitions } from '@lumen/contracts/task-types';
import { Anchor } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { TaskEvent } from '../../shared/api/task-events';
import { useTaskEvents } from '../../shared/hooks/use-task-events';
import { accountQueryRoot } from '../../shared/session/account-info';
import { useSession } from '../../shared/session/session-store';
import { closeToast, toast } from '../../shared/ui/toast';
import { getTask } from './api/get-task';
import { parseLibraryKind, type LibraryKind } from './library-kinds';
import { useUnreadResults } from './unread-results';

const RESULT_TOAST_MS = 8000;
/** Runs that ended longer ago than this, while the tab was hidden, are not told on return. */
const WAITING_MAX_MS = 30 * 60_000;

/** "(2) Library · Lumen": how many results wait in this hidden tab; 0 takes the count away. */
function badgeTitle(count: number): void {
  const plain = document.title.replace(/^\(\d+\) /, '');
  document.title = count > 0 ? `(${count}) ${plain}` : plain;
}

/** A prompt short enough for a toast's line. */
function shorten(prompt: string): string {
  return prompt.length > 60 ? `${prompt.slice(0, 57).trimEnd()}…` : prompt;
}

/** Where the user is: the run's own place (its studio, its library tab, its page) shows it. */
function showsRun(location: { pathname: string; search: string }, kind: LibraryKind, id: string) {
  const { pathname, search } = location;
  if (pathname === `/studio/${kind}`) return true;
  if (pathname === '/library')
    return parseLibraryKind(new URLSearchParams(search).get('kind')) === kind;
  return pathname.startsWith(`/library/item/${encodeURIComponent(id)}/`);
}

/**
 * Tells the user when a run ends while they are elsewhere in the app (a long video, say): a
 * toast that opens the result, or says why there is none and that the credits came back, and
 * the library's unread dot for its kind. Nothing where the run is already in view. A tab that is
 * not visible counts them in its title and tells them when the user comes back (every tab hears
 * the event; the dot is shared). The balance in the header is read again whenever a run holds
 * or settles credits.
 */
export function useResultAlerts(): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const userId = useSession((s) => s.user?.userId);
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);

  /** The toast for a run that ended: a link to its result, or why there is none. */
  const announce = useCallback(
    (task: TaskResult, kind: LibraryKind) => {
      if (!userId) return;
      if (task.status !== 'done') {
        toast({
          type: 'error',
          message: t(`library.detail.ended.${task.status === 'flagged' ? 'flagged' : 'failed'}`),
        });
        return;
      }
      const path = `/library/item/${encodeURIComponent(task.task_id)}/0?kind=${kind}&type=${encodeURIComponent(task.task_type)}`;
      const id = toast({
        type: 'success',
        title: t(`library.alerts.ready.${kind}`),
        message: (
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="left"
            onClick={() => {
              // Seen now: the library need not say so any more.
              useUnreadResults.getState().clear(userId, kind);
              closeToast(id);
              void navigate(path);
            }}
          >
            {task.prompt
              ? t('library.alerts.viewPrompt', { prompt: shorten(task.prompt) })
              : t('library.alerts.view')}
          </Anchor>
        ),
        // Long enough to reach for the link.
        duration: RESULT_TOAST_MS,
        closable: true,
      });
    },
    [userId, t, navigate],
  );

  // Back in this tab: what ended meanwhile (lately enough to matter) is told now.
  const waiting = useRef<{ at: number; show: () => void }[]>([]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      const recent = waiting.current.splice(0).filter((w) => Date.now() - w.at < WAITING_MAX_MS);
      badgeTitle(0);
      for (const w of recent) w.show();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const subscriber = useMemo(
    () => ({
      onTask: (event: TaskEvent) => {
        // Credits were held (a run queued, here or in another tab) or settled (a run ended):
        // the balance in the header follows.
        if (event.status === 'queued' || finalStates.includes(event.status)) {
          void queryClient.invalidateQueries({ queryKey: accountQueryRoot });
        }
        if (!userId || event.status === 'cancelled' || !finalStates.includes(event.status)) return;
        void getTask(event.task_id, 'image', 'task', { silent: true }).then(
          (task) => {
            const kind =
              task.task_type in taskTypeDefinitions
                ? taskTypeDefinitions[task.task_type as keyof typeof taskTypeDefinitions].media
                : 'image';
            if (showsRun(here.current, kind, task.task_id)) return;
            if (task.status === 'done') useUnreadResults.getState().mark(userId, kind);
            const show = () => announce(task, kind);
            if (document.visibilityState === 'visible') show();
            else {
              // Told when the user comes back to this tab; meanwhile its title counts them.
              waiting.current.push({ at: Date.now(), show });
              badgeTitle(waiting.current.length);
            }
          },
          // It may be gone already (deleted); there is nothing to show then.
          () => undefined,
        );
      },
    }),
    [userId, announce, queryClient],
  );
  useTaskEvents(subscriber);
}
