import type { EngineIO } from '../engine';
import { EngineCancelledError } from '../local/cancellation';
import { ModelApiError } from './model-api-errors';

export type JobPoll<T> = { state: 'waiting'; percent?: number } | { state: 'done'; value: T };

export type JobWait<T> = {
  /** One status request; answers the job's state, throws a `ModelApiError` when it failed. */
  poll(signal: AbortSignal): Promise<JobPoll<T>>;
  /** Asks the API to stop the job; best effort, its failure must not hide why we stopped. */
  cancel(): Promise<void>;
  io: EngineIO;
  /** Epoch ms after which the job is given up (and cancelled remotely). */
  deadline: number;
  /** The longest pause between two polls; the first ones are shorter. */
  pollMs: number;
  /** This job's share of the task's progress, e.g. [5, 95] for the only job of a task. */
  range: [from: number, to: number];
  label: string;
};

/** tqdm-style lines (` 45%|████▌     | 9/20`) and plain `NN%` in a model's log. */
export function percentFromLogs(logs: string | undefined): number | undefined {
  if (!logs) return undefined;
  const tail = logs.slice(-4000);
  const bars = [...tail.matchAll(/(\d{1,3})%\|/g)];
  const plain = bars.length > 0 ? bars : [...tail.matchAll(/(\d{1,3}(?:\.\d+)?)\s?%/g)];
  const last = plain.at(-1)?.[1];
  if (last === undefined) return undefined;
  const value = Number(last);
  return value >= 0 && value <= 100 ? value : undefined;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Follows a remote job until it is done: polls quickly at first (250 ms) and backs off to
 * `pollMs`, passes the job's progress to the task (0–99, never backwards), and stops the
 * remote job when the task is cancelled (progress answers false or the signal aborts) or
 * our deadline passes.
 */
export async function waitForJob<T>(job: JobWait<T>): Promise<T> {
  const { io } = job;
  let delay = Math.min(250, job.pollMs);
  let shown = job.range[0];
  const stop = async (error: Error): Promise<never> => {
    await job.cancel().catch(() => undefined);
    throw error;
  };
  for (;;) {
    if (io.signal.aborted) return stop(new EngineCancelledError());
    if (Date.now() > job.deadline) {
      return stop(
        new ModelApiError('timeout', `${job.label} did not finish in time; it was cancelled`),
      );
    }
    let answer: JobPoll<T>;
    try {
      answer = await job.poll(io.signal);
    } catch (err) {
      if (err instanceof EngineCancelledError) return stop(err);
      throw err;
    }
    if (answer.state === 'done') return answer.value;
    const [from, to] = job.range;
    if (answer.percent !== undefined) {
      const share = Math.max(0, Math.min(100, answer.percent)) / 100;
      shown = Math.max(shown, Math.floor(from + (to - from) * share));
    }
    if (!(await io.progress(Math.min(99, shown)))) return stop(new EngineCancelledError());
    await sleep(Math.min(delay, Math.max(0, job.deadline - Date.now()) + 1), io.signal);
    delay = Math.min(job.pollMs, Math.round(delay * 1.6));
  }
}
