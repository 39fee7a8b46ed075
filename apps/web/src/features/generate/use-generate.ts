import { DOUBLE_TAP_GUARD_MS } from '@lumen/contracts/constants';
import type { TaskResult } from '@lumen/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError, type ApiErrorField } from '../../shared/api/api-error';
import { accountQueryRoot } from '../../shared/session/account-info';
import { useSession } from '../../shared/session/session-store';
import { submitTask, type SubmitBody } from './api/submit-task';
import { newRequestId } from '../../shared/api/request-id';
import { queuedEcho, useRuns } from './runs-store';
import { draftFromRequest, recreatable } from './task-request';
import { generateKeys, mediaOf, type StudioKind, type StudioTaskType } from './task-kinds';

export type SubmitDraft = Omit<SubmitBody, 'request_id'>;

interface Submission {
  taskType: StudioTaskType;
  body: SubmitBody;
}

/**
 * Submits a generation: visitors get the login dialog, a second press within 300 ms is ignored
 * (spec §9), and the answer becomes a run the results area follows. Refusals (2007, 2020,
 * 2010, 1001) are shown by the API client; fields it names come back for inline display.
 */
export function useGenerate(kind: StudioKind) {
  const queryClient = useQueryClient();
  const userId = useSession((s) => s.user?.userId ?? null);
  const addRun = useRuns((s) => s.addRun);
  const lastPress = useRef(0);
  const [fieldErrors, setFieldErrors] = useState<ApiErrorField[]>([]);
  const mutation = useMutation({
    mutationFn: ({ taskType, body }: Submission) => submitTask(taskType, body),
  });

  function generate(taskType: StudioTaskType, draft: SubmitDraft): void {
    const now = Date.now();
    if (now - lastPress.current < DOUBLE_TAP_GUARD_MS || mutation.isPending) return;
    lastPress.current = now;
    if (userId === null) {
      useSession.getState().openLogin();
      return;
    }
    const body: SubmitBody = { ...draft, request_id: newRequestId() };
    setFieldErrors([]);
    mutation.mutate(
      { taskType, body },
      {
        onSuccess: (result) => {
          const count = mediaOf(taskType) === 'image' ? (body.params.batch_size ?? 1) : 1;
          addRun(userId, mediaOf(taskType), {
            taskId: result.task_id,
            taskType,
            body,
            initial: queuedEcho({
              taskId: result.task_id,
              taskType,
              prompt: body.prompt,
              cost: result.cost,
              queuePosition: result.queue_position,
              estimatedWaitMin: result.estimated_wait_min,
              count,
            }),
          });
          void queryClient.invalidateQueries({ queryKey: accountQueryRoot });
          void queryClient.invalidateQueries({ queryKey: generateKeys.quotes });
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) setFieldErrors(error.fields);
        },
      },
    );
  }

  /**
   * Sends a run again: one sent from this tab as it was, an older one from the request its
   * answer carries; `seed` replaces the seed when given. Answers false when neither is known.
   */
  function sendAgain(task: TaskResult, seed?: number): boolean {
    const run = useRuns.getState().runs[kind].find((r) => r.taskId === task.task_id);
    if (run) {
      const { request_id: _previous, ...body } = run.body;
      generate(
        run.taskType,
        seed === undefined ? body : { ...body, params: { ...body.params, seed } },
      );
      return true;
    }
    const known = recreatable(kind, task);
    if (!known) return false;
    generate(known.taskType, draftFromRequest(known.request, seed ?? known.request.params.seed));
    return true;
  }

  /**
   * "Recreate": the same request with a new seed. Answers false when the request is not known
   * (the page then rebuilds one from its own settings).
   */
  const recreate = (task: TaskResult): boolean => sendAgain(task, -1);

  /**
   * "Try again" after a failed or cancelled run: the same request, seed included, so a run
   * that failed for a passing reason gives what it would have given. A seed left random when
   * it was sent from this tab stays random.
   */
  const retry = (task: TaskResult): boolean => sendAgain(task);

  return { generate, recreate, retry, submitting: mutation.isPending, fieldErrors };
}
