import type { TaskFailureReason, WorkerFailureReason } from '@lumen/contracts/tasks';
import { unscoredTaskTypes } from '@lumen/contracts/task-types';
import type { EngineOutput } from '@lumen/engines/engine';
import type { Clock } from '../../lib/clock';
import { createCoalescer, type Outcome } from '../../lib/coalesce';
import type { EventBus } from '../../lib/event-bus';
import type { GenerationMedia, NsfwScorer } from './generation.ports';
import type { GenerationRepository } from './generation.repository';
import type { QueueLoadTracker } from './queue-load';
import { previewDataUrl } from './preview-picture';
import type { TaskRow, taskOutputs } from './generation.schema';

type NewTaskOutputRow = typeof taskOutputs.$inferInsert;

/** A claim is a lease: a worker that stops heartbeating loses the task after this long. */
export const LEASE_MS = 60_000;
/** The longest a worker may wait for a task in one claim. */
export const CLAIM_WAIT_MAX_MS = 20_000;
const CLAIM_RETRY_MS = 100;

/** Waits `ms`, less when `signal` aborts or when the `wakeUp` it is handed is called. */
const sleep = (ms: number, signal?: AbortSignal, wakeUp?: (done: () => void) => void) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, signal?.aborted ? 0 : ms);
    signal?.addEventListener('abort', done);
    wakeUp?.(done);
  });
export const NSFW_THRESHOLD = 0.85;

const isUnscored = (taskType: string) => (unscoredTaskTypes as ReadonlySet<string>).has(taskType);

export type WorkerCapabilities = {
  workerId: string;
  engines: string[];
  taskTypes: string[] | null;
};

/**
 * The worker side of the queue (architecture decision 2): claim under a lease, heartbeat with
 * progress, complete with outputs (captured credits) or fail (released credits). Every final
 * transition and its credit settlement commit together, so a crash never leaves a task done
 * but unpaid, or failed but not refunded.
 */
export function createQueueService(deps: {
  repository: GenerationRepository;
  media: GenerationMedia;
  events: EventBus;
  clock: Clock;
  scoreNsfw?: NsfwScorer;
  /** Score at or above which an output is flagged; defaults to NSFW_THRESHOLD. */
  nsfwThreshold?: number;
  /** Told of workers' requests and of run times, for the queue wait estimate. */
  load?: QueueLoadTracker;
  /**
   * Files a finished run's results in the library folder its tool names (portraits, a
   * character's folder). The run is done and paid whatever this does.
   */
  fileResults?(task: TaskRow, keys: string[]): Promise<void>;
}) {
  const nsfwThreshold = deps.nsfwThreshold ?? NSFW_THRESHOLD;
  const { repository, clock } = deps;

  function publish(task: Pick<TaskRow, 'id' | 'userId' | 'status' | 'progress'>) {
    deps.events.publish(task.userId, {
      type: 'task',
      data: { task_id: task.id, status: task.status, progress: task.progress },
    });
  }
  /**
   * Publishes the event of a claim or an end, unless the statement sent it itself: on the
   * PostgreSQL relay, the queue's statements notify as they commit.
   */
  function announce(task: Pick<TaskRow, 'id' | 'userId' | 'status' | 'progress'>) {
    if (deps.events.channel === null) publish(task);
  }

  type Ending = {
    task: Pick<TaskRow, 'id'>;
    workerId: string | null;
    status: 'done' | 'failed' | 'flagged';
    captured: number;
    errorMessage: string | null;
    failure: TaskFailureReason | null;
    outputs: NewTaskOutputRow[];
    /** The outputs' media rows, as the media module made them (see GenerationMedia). */
    media: unknown[];
  };

  /**
   * Ends a batch of tasks in one statement (see GenerationRepository.endTasks): each moves to
   * its final state while its worker still holds it, its outputs are recorded, and its hold
   * is captured (done) or released, under its user's credit lock. A crash never leaves a task
   * done but unpaid, or failed but not refunded. Answers, per ending, the task as it ended,
   * or undefined when it was no longer the worker's to end.
   */
  async function endTasks(endings: Ending[]): Promise<Outcome<TaskRow | undefined>[]> {
    // One ending per task: a later one for the same task finds it ended.
    const first = new Map<string, Ending>();
    for (const e of endings) if (!first.has(e.task.id)) first.set(e.task.id, e);
    const unique = [...first.values()];
    const rows = await repository.endTasks(
      unique.map((e) => ({
        id: e.task.id,
        owner: e.workerId,
        status: e.status,
        captured: e.status === 'done' ? e.captured : 0,
        errorMessage: e.errorMessage,
        failure: e.status === 'done' ? null : e.failure,
      })),
      unique.flatMap((e) => e.outputs),
      unique.flatMap((e) => e.media),
      clock.now(),
      deps.events.channel,
    );
    const ended = new Map(rows.map((r) => [r.id, r]));
    for (const r of rows) {
      if (r.status === 'done' && r.startedAt && r.finishedAt) {
        deps.load?.recordRun((r.finishedAt.getTime() - r.startedAt.getTime()) / 1000);
      }
    }
    return endings.map((e) => ({
      ok: true,
      value: first.get(e.task.id) === e ? ended.get(e.task.id) : undefined,
    }));
  }

  const endings = createCoalescer<Ending, TaskRow | undefined>({
    maxBatch: 50,
    concurrency: 2,
    retryAlone: true,
    run: endTasks,
  });

  async function finish(
    task: Pick<TaskRow, 'id'>,
    workerId: string | null,
    status: 'done' | 'failed' | 'flagged',
    patch: {
      captured?: number;
      errorMessage?: string;
      failure?: TaskFailureReason;
      outputs?: NewTaskOutputRow[];
      media?: unknown[];
    } = {},
  ) {
    claimed.delete(task.id);
    const ended = await endings.run({
      task,
      workerId,
      status,
      captured: patch.captured ?? 0,
      errorMessage: patch.errorMessage ?? null,
      failure:
        patch.failure ?? (status === 'flagged' ? 'flagged' : status === 'failed' ? 'failed' : null),
      outputs: patch.outputs ?? [],
      media: patch.media ?? [],
    });
    if (ended) announce(ended);
    // Uploads of an attempt whose worker stopped before reporting them; nobody waits on this.
    if (ended) void deps.media.discardStaging(ended.id).catch(() => undefined);
    if (ended && ended.status !== 'done') {
      // Outputs stored before the task failed (one unreadable among several, a crash before
      // it ended) belong to nothing now. Files left behind would only cost disk.
      await deps.media.discardTaskOutputs(ended.userId, ended.id).catch(() => undefined);
    }
    return ended;
  }

  /**
   * Tasks claimed through this node, as the claim answered them, while their lease lasts: the
   * worker's `complete` reads what it needs (user, type, cost, count) from here instead of the
   * database. Those fields never change once a task is queued; whether the task is still the
   * worker's to end is decided by the end's own statement under its locks. A lease renewed
   * through this node moves its entry's expiry; past it, or for a task claimed elsewhere,
   * `complete` reads the task.
   */
  const claimed = new Map<string, TaskRow>();
  const CLAIMED_MAX = 10_000;
  function remember(task: TaskRow) {
    claimed.delete(task.id);
    claimed.set(task.id, task);
    // Entries of workers that vanished leave as newer claims come (oldest first).
    if (claimed.size > CLAIMED_MAX) claimed.delete(claimed.keys().next().value!);
  }
  /** The task as its worker last saw it claimed here, while its lease has time left. */
  function recall(taskId: string, workerId: string): TaskRow | undefined {
    const task = claimed.get(taskId);
    if (!task || task.leaseOwner !== workerId) return undefined;
    const margin = 5_000;
    if (!task.leaseExpiresAt || task.leaseExpiresAt.getTime() - margin <= clock.now().getTime()) {
      return undefined;
    }
    return task;
  }

  /**
   * The task ended while its outputs were being stored (its owner cancelled it, its last
   * attempt failed elsewhere): what was just stored belongs to nothing. A task that ended
   * without a result never gets one, so all its outputs can go. One done by another worker, or
   * queued again, keeps them: the next attempt stores over the same keys.
   */
  async function discardIfEndedWithoutResult(taskId: string) {
    const now = await repository.findTask(repository.db, taskId);
    if (
      now &&
      (now.status === 'cancelled' || now.status === 'failed' || now.status === 'flagged')
    ) {
      await deps.media.discardTaskOutputs(now.userId, now.id).catch(() => undefined);
    }
  }

  /**
   * Workers that ask at the same time with the same capabilities are served by one claim
   * (see createCoalescer); each gets its own task or none.
   */
  const claimers = new Map<
    string,
    ReturnType<typeof createCoalescer<string, TaskRow | undefined>>
  >();
  function claimerFor(engines: string[], taskTypes: string[] | null) {
    const key = JSON.stringify([engines, taskTypes]);
    let claimer = claimers.get(key);
    if (!claimer) {
      claimer = createCoalescer<string, TaskRow | undefined>({
        maxBatch: 50,
        async run(workerIds) {
          const claimed = await repository.claim(
            { engines, taskTypes, workerIds, leaseMs: LEASE_MS },
            clock.now(),
            deps.events.channel,
          );
          return claimed.map((value) => ({ ok: true, value }));
        },
      });
      claimers.set(key, claimer);
    }
    return claimer;
  }

  async function reclaim(limit: number, ownerPrefix?: string): Promise<number> {
    const now = clock.now();
    const lapsed = await repository.expiredLeases(now, limit, ownerPrefix);
    for (const task of lapsed) {
      if (task.attempts < task.maxAttempts) {
        const requeued = await repository.requeue(task.id, task.leaseOwner ?? '', now);
        if (requeued) publish(requeued);
      } else {
        await finish(task, null, 'failed', {
          errorMessage: 'the worker stopped responding',
          failure: 'worker_lost',
        });
      }
    }
    return lapsed.length;
  }

  return {
    /**
     * Claims a task for the worker. With `waitMs`, a worker that finds none waits for one to
     * be queued (on any node: the event relay wakes it) rather than asking again and again;
     * it gets none after `waitMs`, or at once when `signal` aborts.
     */
    async claim(
      caps: WorkerCapabilities,
      { waitMs = 0, signal }: { waitMs?: number; signal?: AbortSignal } = {},
    ): Promise<TaskRow | undefined> {
      deps.load?.workerSeen();
      const deadline = performance.now() + Math.min(waitMs, CLAIM_WAIT_MAX_MS);
      // Listening from before the first try, so that a task queued meanwhile is not missed.
      // A task that ends may free its user's slot for a waiting one, so endings wake too;
      // progress (still generating) does not.
      const heard = new Set<'queued' | 'ended'>();
      let wake: (() => void) | undefined;
      const stopListening =
        waitMs > 0
          ? deps.events.subscribeAll((_userId, event) => {
              if (event.type !== 'task' || event.data.status === 'generating') return;
              heard.add(event.data.status === 'queued' ? 'queued' : 'ended');
              wake?.();
            })
          : undefined;
      let lastTry = 0;
      /** The kinds of event whose wake-up found nothing for this worker last time. */
      let missed = new Set<'queued' | 'ended'>();
      try {
        for (;;) {
          // The first try after a wake-up goes at once, so a worker picks a new task up as it
          // is queued. Tasks of other engines may be queued or end many times a second,
          // though: once a wake-up by one kind of event found nothing for this worker, that
          // kind wakes it at most every CLAIM_RETRY_MS. The other kind still goes at once: a
          // task ending just before the next one is queued (one worker's own tasks in turn)
          // must not hold the new task back.
          const since = performance.now() - lastTry;
          const repeated = [...heard].every((kind) => missed.has(kind));
          if (repeated && since < CLAIM_RETRY_MS) await sleep(CLAIM_RETRY_MS - since, signal);
          if (signal?.aborted) return undefined;
          const woken = lastTry > 0;
          const wokenBy = new Set(heard);
          lastTry = performance.now();
          heard.clear();
          const task = await claimerFor(caps.engines, caps.taskTypes).run(caps.workerId);
          if (task) {
            announce(task);
            remember(task);
            return task;
          }
          missed = woken ? wokenBy : new Set();
          const left = deadline - performance.now();
          if (left <= 0 || signal?.aborted) return undefined;
          if (heard.size === 0) await sleep(left, signal, (done) => (wake = done));
          wake = undefined;
          if (signal?.aborted) return undefined;
        }
      } finally {
        stopListening?.();
        if (waitMs > 0) deps.load?.workerSeen();
      }
    },

    /** Why a worker got no task (see GenerationRepository.claimWaits). */
    claimWaits: (caps: Pick<WorkerCapabilities, 'engines' | 'taskTypes'>) =>
      repository.claimWaits(caps),

    /** Renews the lease and records progress; false tells the worker to stop (cancelled, lost). */
    async heartbeat(taskId: string, workerId: string, progress?: number): Promise<boolean> {
      const p =
        progress === undefined ? undefined : Math.max(0, Math.min(99, Math.round(progress)));
      const task = await repository.renewLease(taskId, workerId, LEASE_MS, clock.now(), p);
      if (task && p !== undefined) publish(task);
      if (task && claimed.has(taskId)) remember(task);
      if (!task) claimed.delete(taskId);
      return Boolean(task);
    },

    /**
     * Sends the task's owner a small, blurred-to-be copy of a preview the engine made (the
     * card sharpens it as progress grows). It renews the lease like a heartbeat; a picture
     * that cannot be read is dropped. False tells the worker to stop (cancelled, lost).
     */
    async preview(taskId: string, workerId: string, image: Buffer): Promise<boolean> {
      const task = await repository.renewLease(taskId, workerId, LEASE_MS, clock.now());
      if (!task) {
        claimed.delete(taskId);
        return false;
      }
      const picture = await previewDataUrl(image).catch(() => undefined);
      if (picture) {
        deps.events.publish(task.userId, {
          type: 'task',
          data: {
            task_id: task.id,
            status: task.status,
            progress: task.progress,
            preview: picture,
          },
        });
      }
      return true;
    },

    /**
     * Stores the outputs, flags adult content, captures the cost of what was delivered and
     * releases the rest. Answers false when the task was no longer the worker's to finish.
     */
    async complete(taskId: string, workerId: string, outputs: EngineOutput[]): Promise<boolean> {
      const task = recall(taskId, workerId) ?? (await repository.findTask(repository.db, taskId));
      if (!task || task.status !== 'generating' || task.leaseOwner !== workerId) return false;
      const mains = outputs.filter((o) => o.role !== 'poster');
      const images = mains.filter((o) => o.kind === 'image');
      if (deps.scoreNsfw && !isUnscored(task.taskType)) {
        // Scored all at once: the scoring threads take pictures that arrive together in one
        // call of the model.
        const score = deps.scoreNsfw;
        const scores = await Promise.all(
          outputs.filter((o) => o.kind === 'image').map((image) => score(image.bytes)),
        );
        if (scores.some((s) => s >= nsfwThreshold)) {
          const flagged = await finish(task, workerId, 'flagged', {
            errorMessage: 'sensitive content',
          });
          return Boolean(flagged);
        }
      }
      const stored = await deps.media.storeOutputs(task.userId, task.id, outputs);
      const primary = mains.length;
      const requested = task.settings.count;
      const delivered =
        task.media === 'image' ? Math.min(images.length, requested) : primary > 0 ? requested : 0;
      const now = clock.now();
      const rows = stored.map((s) => {
        const output = mains[s.idx];
        return {
          taskId: task.id,
          idx: s.idx,
          kind: s.kind,
          key: s.key,
          thumbKey: s.thumbKey,
          wmKey: s.wmKey,
          mime: s.mime,
          width: output?.width ?? null,
          height: output?.height ?? null,
          durationS: output?.durationS ?? null,
          seed: output?.seed ?? null,
          description: output?.description ?? null,
          createdAt: now,
        };
      });
      // Their media rows are recorded by the end's statement.
      const media = stored.map((s) => s.record);
      const done =
        delivered === 0
          ? await finish(task, workerId, 'failed', {
              errorMessage: 'no output',
              failure: 'no_output',
              media,
            })
          : await finish(task, workerId, 'done', {
              captured: Math.round((task.cost * delivered) / requested),
              outputs: rows,
              media,
            });
      if (!done) await discardIfEndedWithoutResult(task.id);
      // What each file is (a video's fps, a model's faces) is for its detail page, not part of
      // the outcome: recorded beside it, after the end's statement.
      else if (done.status === 'done') {
        await repository.setOutputFacts(
          task.id,
          stored.map((s) => ({ idx: s.idx, facts: s.facts })),
        );
        await deps.fileResults?.(
          done,
          rows.map((r) => r.key),
        );
      }
      return Boolean(done);
    },

    async fail(
      taskId: string,
      workerId: string,
      message: string,
      reason: WorkerFailureReason = 'failed',
    ): Promise<boolean> {
      // The end's statement ends it only while it is generating and this worker's.
      const failed = await finish({ id: taskId }, workerId, 'failed', {
        errorMessage: message.slice(0, 500),
        failure: reason,
      });
      return Boolean(failed);
    },

    /**
     * A worker that stops on purpose (a deploy, a scale-down) hands its running task back: it
     * is queued again at once, for another worker or this one's successor, and the attempt is
     * not counted. False when the task was no longer the worker's.
     */
    async release(taskId: string, workerId: string): Promise<boolean> {
      claimed.delete(taskId);
      const requeued = await repository.requeue(taskId, workerId, clock.now(), { refund: true });
      if (requeued) publish(requeued);
      return Boolean(requeued);
    },

    /** Re-queues tasks whose worker went silent; past the attempt limit they fail and refund. */
    reapExpiredLeases: (limit = 100) => reclaim(limit),

    /**
     * Reclaims every task held by workers whose id starts with `ownerPrefix`, known to be gone:
     * the embedded workers of an earlier run of a server that alone uses its database. Their
     * tasks go back to the queue now rather than when their leases run out.
     */
    async recoverAbandoned(ownerPrefix: string): Promise<number> {
      let total = 0;
      for (let round = 0; round < 1000; round++) {
        const n = await reclaim(100, ownerPrefix);
        total += n;
        if (n < 100) break;
      }
      return total;
    },
  };
}

export type QueueService = ReturnType<typeof createQueueService>;
