import { setTimeout as sleep } from 'node:timers/promises';
import type { EnginePreview } from '../engine';
import { ComfyUiError } from './comfyui-errors';
import type { ComfyUiHttp } from './comfyui-http';
import type { HistoryEntry, WorkflowGraph } from './comfyui-schemas';
import { formatExecutionError, type ProgressSocket } from './comfyui-socket';

/** Progress while ComfyUI works runs from 5 % (queued) to 95 % (last node done). */
const first = 5;
const span = 90;
/** Consecutive failed /history polls before the server counts as gone. */
const maxPollFailures = 3;
/** Beside a live socket, /history is still read now and then: a half-open socket never closes. */
const safetyPollFactor = 10;

/**
 * Turns ComfyUI's per-node progress into one percentage. Samplers dominate the time, so
 * with samplers in the graph each sampler is an equal share; without (upscale, background
 * removal) each node is.
 */
export function createProgressTracker(graph: WorkflowGraph) {
  const nodeCount = Math.max(1, Object.keys(graph).length);
  const samplerCount = Object.values(graph).filter((node) => 'steps' in node.inputs).length;
  const samplersSeen: string[] = [];
  const nodesSeen = new Set<string>();
  return {
    onExecuting(node: string): number | undefined {
      nodesSeen.add(node);
      if (samplerCount > 0) return undefined;
      return first + (span * (nodesSeen.size - 1)) / nodeCount;
    },
    onProgress(node: string | undefined, value: number, max: number): number | undefined {
      if (
        samplerCount === 0 ||
        node === undefined ||
        !(graph[node]?.inputs && 'steps' in graph[node].inputs)
      ) {
        return undefined;
      }
      if (!samplersSeen.includes(node)) samplersSeen.push(node);
      const done = samplersSeen.indexOf(node) + Math.min(1, value / max);
      return first + (span * done) / Math.max(samplerCount, samplersSeen.length);
    },
  };
}

export function interruptedError(): ComfyUiError {
  return new ComfyUiError(
    'interrupted',
    'ComfyUI interrupted the task (it was stopped on the server)',
  );
}

/** The failure a finished prompt's history records, if it failed. */
export function historyFailure(entry: HistoryEntry): ComfyUiError | undefined {
  if (entry.status?.status_str !== 'error') return undefined;
  for (const [type, data] of entry.status.messages) {
    if (type === 'execution_error') return new ComfyUiError('failed', formatExecutionError(data));
    if (type === 'execution_interrupted') return interruptedError();
  }
  return new ComfyUiError('failed', 'ComfyUI marked the task as failed without details');
}

export type WaitOptions = {
  http: ComfyUiHttp;
  socket: ProgressSocket | undefined;
  promptId: string;
  graph: WorkflowGraph;
  pollIntervalMs: number;
  /** Aborted with the error to fail with: cancellation, run timeout, a failed progress report. */
  stop: AbortSignal;
  onProgress(percent: number): void;
  onPreview?(image: EnginePreview): void;
};

/** Resolves once ComfyUI has finished the prompt successfully. */
export function waitForPrompt(options: WaitOptions): Promise<void> {
  const { http, promptId, stop, pollIntervalMs } = options;
  return new Promise<void>((resolve, reject) => {
    const tracker = createProgressTracker(options.graph);
    let settled = false;
    let socketAlive = options.socket !== undefined;
    let pollTimer: NodeJS.Timeout | undefined;
    let polling = false;
    let pollFailures = 0;
    let unsubscribe = (): void => undefined;

    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(pollTimer);
      unsubscribe();
      stop.removeEventListener('abort', onAbort);
      if (err === undefined) resolve();
      else reject(err);
    };
    const onAbort = () => finish(stop.reason);
    const report = (percent: number | undefined) => {
      if (percent !== undefined) options.onProgress(percent);
    };

    const schedulePoll = (delayMs: number) => {
      clearTimeout(pollTimer);
      if (!settled && !polling) pollTimer = setTimeout(() => void poll(), delayMs);
    };
    const nextDelay = () => (socketAlive ? pollIntervalMs * safetyPollFactor : pollIntervalMs);
    const poll = async () => {
      polling = true;
      try {
        const entry = await http.findHistory(promptId, stop);
        pollFailures = 0;
        if (entry) finish(historyFailure(entry));
      } catch (err) {
        pollFailures += 1;
        if (pollFailures >= maxPollFailures) finish(err);
      } finally {
        polling = false;
      }
      schedulePoll(nextDelay());
    };

    unsubscribe =
      options.socket?.subscribe(promptId, (event) => {
        switch (event.type) {
          case 'executing':
            return report(tracker.onExecuting(event.node));
          case 'progress':
            return report(tracker.onProgress(event.node, event.value, event.max));
          case 'done':
            return finish();
          case 'error':
            return finish(new ComfyUiError('failed', event.message));
          case 'interrupted':
            return finish(interruptedError());
          case 'lost':
            socketAlive = false;
            return schedulePoll(0);
          case 'preview':
            return options.onPreview?.(event.image);
        }
      }) ?? unsubscribe;

    // Replaying the socket's backlog may already have settled a prompt that finished early.
    if (settled) return unsubscribe();
    if (stop.aborted) return onAbort();
    stop.addEventListener('abort', onAbort);
    schedulePoll(nextDelay());
  });
}

/**
 * The history of a prompt ComfyUI said is done. Read a few times: behind a load balancer
 * the answer can come from a replica that has not caught up yet.
 */
export async function getFinishedHistory(
  http: ComfyUiHttp,
  promptId: string,
  signal: AbortSignal,
  retryMs: number,
): Promise<HistoryEntry> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const entry = await http.findHistory(promptId, signal);
    if (entry) {
      const failure = historyFailure(entry);
      if (failure) throw failure;
      return entry;
    }
    await sleep(retryMs, undefined, { signal });
  }
  throw new ComfyUiError(
    'failed',
    `ComfyUI finished prompt ${promptId} but keeps no history of it`,
  );
}
