import { DOUBLE_TAP_GUARD_MS } from '@lumen/contracts/constants';
import { placeholderSubResults, type TaskResult } from '@lumen/contracts/tasks';
import type { ToolId } from '@lumen/contracts/tools';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { accountQueryRoot } from '../../../shared/session/account-info';
import { useSession } from '../../../shared/session/session-store';
import { generateKeys } from '../../generate/task-kinds';
import { useTaskStream, useTrackedTasks } from '../../generate/use-task-stream';
import { submitTool, type ToolSubmission } from '../api/submit-tool';

/**
 * Runs a studio's tool and follows its task (the events stream, or polling while it is down).
 * Visitors are asked to sign in; refusals are shown by the API client.
 */
export function useStudioRun(toolId: ToolId) {
  const queryClient = useQueryClient();
  const signedIn = useSession((s) => s.user !== null);
  const [initial, setInitial] = useState<TaskResult | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const lastPress = useRef(0);
  const { live } = useTaskStream();
  const tracked = useTrackedTasks(
    initial ? [{ taskId: initial.task_id, taskType: toolId, initial }] : [],
    live,
  );
  const task = initial ? (tracked.find((t) => t.task_id === initial.task_id) ?? initial) : null;

  async function start(body: ToolSubmission, count: number): Promise<void> {
    const now = Date.now();
    if (now - lastPress.current < DOUBLE_TAP_GUARD_MS || submitting) return;
    lastPress.current = now;
    if (!signedIn) {
      useSession.getState().openLogin();
      return;
    }
    setSubmitting(true);
    try {
      const queued = await submitTool(toolId, body);
      setInitial({
        task_id: queued.task_id,
        task_type: toolId,
        status: 'queued',
        task_status: 0,
        progress: 0,
        queue_position: queued.queue_position,
        estimated_wait_min: 0,
        cost: queued.cost,
        engine: '',
        error: null,
        error_reason: null,
        created_at: new Date().toISOString(),
        prompt: '',
        sub_task_results: placeholderSubResults(count, 0),
      });
      void queryClient.invalidateQueries({ queryKey: accountQueryRoot });
      void queryClient.invalidateQueries({ queryKey: generateKeys.quotes });
    } catch {
      // The API client has already shown the gateway's refusal.
    } finally {
      setSubmitting(false);
    }
  }

  return { task, submitting, start };
}
