import { estimatedWaitMinutes, type Grade } from '@lumen/contracts/plans';
import type { Clock } from '../../lib/clock';
import type { GenerationRepository } from './generation.repository';

/** What the wait estimate needs to know about the queue right now. */
export type QueueLoad = {
  /** Tasks being generated, by every worker together. */
  running: number;
  /** Mean run time of the tasks that ended lately, in seconds; null before any did. */
  meanRunS: number | null;
  /** Whether a worker asked for work lately. Without one nobody can say when a task starts. */
  workersSeen: boolean;
};

/** The run time assumed before any task has ended here (a local preview takes seconds). */
const ASSUMED_RUN_S = 20;
/** A wait shorter than this is answered as "under a minute" (0). */
const UNDER_A_MINUTE_S = 45;

/**
 * Minutes until a queued task starts (spec §4: the queue wait is shown in minutes); 0 means
 * under a minute. The tasks ahead are shared out among the slots busy now, each taking the
 * recent mean run time, and the task that is next waits about half a run for a slot to free up.
 * With no worker seen lately, the grade's usual wait of spec §9 stands.
 */
export function estimateWaitMinutes(position: number, lane: number, load: QueueLoad): number {
  if (position <= 0) return 0;
  if (!load.workersSeen) {
    // Lanes follow the grades (relaxed jobs run in lane 0, with a free user's wait).
    return estimatedWaitMinutes(Math.max(0, Math.min(4, lane)) as Grade);
  }
  const slots = Math.max(1, load.running);
  const runS = load.meanRunS ?? ASSUMED_RUN_S;
  const waitS = ((position - 1) / slots + (load.running > 0 ? 0.5 : 0)) * runS;
  return waitS < UNDER_A_MINUTE_S ? 0 : Math.max(1, Math.round(waitS / 60));
}

/** How long a worker's last request for work counts as a sign that workers are there. */
const WORKER_SEEN_MS = 30_000;
/** Run times kept for the mean. */
const RUN_WINDOW = 50;
/** The running count is read at most this often. */
const RUNNING_TTL_MS = 2000;

/**
 * The queue's load as this node sees it: the queue service reports the workers' requests and
 * the run times of the tasks it ends; the running count is read from the database (shared by
 * every node) at most every two seconds.
 */
export function createQueueLoad(deps: { repository: GenerationRepository; clock: Clock }) {
  let lastWorkerAt = -Infinity;
  const runs: number[] = [];
  let running: { at: number; value: Promise<number> } | null = null;

  function runningNow(): Promise<number> {
    const at = deps.clock.now().getTime();
    if (!running || at - running.at > RUNNING_TTL_MS) {
      const value = deps.repository.runningCount();
      value.catch(() => {
        running = null;
      });
      running = { at, value };
    }
    return running.value;
  }

  async function load(): Promise<QueueLoad> {
    const now = deps.clock.now().getTime();
    return {
      running: await runningNow(),
      meanRunS: runs.length ? runs.reduce((a, b) => a + b, 0) / runs.length : null,
      workersSeen: now - lastWorkerAt <= WORKER_SEEN_MS,
    };
  }

  return {
    /** A worker asked for work (whether or not it got any). */
    workerSeen(): void {
      lastWorkerAt = deps.clock.now().getTime();
    },
    /** A task ended after running this many seconds. */
    recordRun(seconds: number): void {
      if (!(seconds >= 0)) return;
      runs.push(seconds);
      if (runs.length > RUN_WINDOW) runs.shift();
    },
    load,
    async waitMinutes(position: number, lane: number): Promise<number> {
      if (position <= 0) return 0;
      return estimateWaitMinutes(position, lane, await load());
    },
  };
}

export type QueueLoadTracker = ReturnType<typeof createQueueLoad>;
