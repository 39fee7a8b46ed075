import { DOUBLE_TAP_GUARD_MS } from '@lumen/contracts/constants';
import { placeholderSubResults, type TaskResult } from '@lumen/contracts/tasks';
import { toolOf, type ToolId } from '@lumen/contracts/tools';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountQueryRoot } from '../../../shared/session/account-info';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/ui/toast';
import { promptUpgrade, useGating } from '../../generate/gating';
import { generateKeys } from '../../generate/task-kinds';
import { ImageCheckError, uploadImage } from '../../generate/upload-image';
import { useTaskStream, useTrackedTasks } from '../../generate/use-task-stream';
import { submitTool } from '../api/submit-tool';
import type { EditorStep } from './editor-steps';
import { exportMask } from './export-mask';
import type { MaskOp } from './mask-history';
import { toolSubmission, type ToolSettings } from './tool-settings';

/** A run started from the editor: the tool, the step it was made from, and the task. */
export interface ToolRun {
  taskId: string;
  toolId: ToolId;
  input: EditorStep;
  initial: TaskResult;
}

function queuedTask(
  taskId: string,
  toolId: ToolId,
  cost: number,
  queuePosition: number,
): TaskResult {
  return {
    task_id: taskId,
    task_type: toolId,
    status: 'queued',
    task_status: 0,
    progress: 0,
    queue_position: queuePosition,
    estimated_wait_min: 0,
    cost,
    engine: '',
    error: null,
    error_reason: null,
    created_at: new Date().toISOString(),
    prompt: '',
    sub_task_results: placeholderSubResults(1, 0),
  };
}

/**
 * Runs a tool on the current step and follows the task (the events stream, or polling while
 * it is down). Visitors are asked to sign in; a tool the plan does not include opens the pay
 * dialog with the upgrade message (spec §5), as the gateway's 2020 would.
 */
export function useToolRun() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const signedIn = useSession((s) => s.user !== null);
  const gating = useGating();
  const [run, setRun] = useState<ToolRun | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const lastPress = useRef(0);
  const { live } = useTaskStream();
  const tracked = useTrackedTasks(
    run ? [{ taskId: run.taskId, taskType: run.toolId, initial: run.initial }] : [],
    live,
  );
  const task = run ? (tracked.find((item) => item.task_id === run.taskId) ?? run.initial) : null;

  async function start(
    toolId: ToolId,
    input: EditorStep,
    settings: ToolSettings,
    maskOps: readonly MaskOp[],
  ): Promise<void> {
    const now = Date.now();
    if (now - lastPress.current < DOUBLE_TAP_GUARD_MS || submitting) return;
    lastPress.current = now;
    if (!signedIn) {
      useSession.getState().openLogin();
      return;
    }
    const gate = toolOf(toolId).gate;
    if (gate && !gating.allows(gate)) {
      promptUpgrade('feature');
      return;
    }
    setSubmitting(true);
    try {
      const body = toolSubmission(toolId, input, settings);
      if (toolOf(toolId).inputs.mask === 'required') {
        const file = await exportMask(maskOps, input.width, input.height);
        const mask = await uploadImage(file, { width: input.width, height: input.height });
        body.mask = mask.key;
      }
      const queued = await submitTool(toolId, body);
      setRun({
        taskId: queued.task_id,
        toolId,
        input,
        initial: queuedTask(queued.task_id, toolId, queued.cost, queued.queue_position),
      });
      void queryClient.invalidateQueries({ queryKey: accountQueryRoot });
      void queryClient.invalidateQueries({ queryKey: generateKeys.quotes });
    } catch (error) {
      // The API client has already shown a refusal from the gateway; an upload of the mask
      // that failed is said here.
      if (error instanceof ImageCheckError) {
        toast({ type: 'error', message: t('tools.editor.maskUploadFailed') });
      }
    } finally {
      setSubmitting(false);
    }
  }

  /** Leaves the run's result (taken on, or set aside). */
  const dismiss = () => setRun(null);

  /** The run was cancelled: its card shows the cancelled state from the answer. */
  const cancelled = (cancelledTask: TaskResult) =>
    queryClient.setQueryData(generateKeys.task(cancelledTask.task_id), cancelledTask);

  return { run, task, submitting, start, dismiss, cancelled };
}
