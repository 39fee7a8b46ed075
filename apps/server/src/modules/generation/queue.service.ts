import type { EngineOutput } from '@lumen/engines/engine';
import type { Clock } from '../../lib/clock';
import { createCoalescer } from '../../lib/coalesce';
import type { EventBus } from '../../lib/event-bus';
import type { LedgerService } from '../credits/ledger.service';
import type { GenerationMedia, NsfwScorer } from './generation.ports';
import type { GenerationRepository } from './generation.repository';
import type { TaskRow } from './generation.schema';

/** A claim is a lease: a worker that stops heartbeating loses the task after this long. */
export const LEASE_MS = 60_000;
export const NSFW_THRESHOLD = 0.85;

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
  ledger: LedgerService;
  media: GenerationMedia;
  events: EventBus;
  clock: Clock;
  scoreNsfw?: NsfwScorer;
  /** Score at or above which an output is flagged; defaults to NSFW_THRESHOLD. */
  nsfwThreshold?: number;
}) {
  const nsfwThreshold = deps.nsfwThreshold ?? NSFW_THRESHOLD;
  const { repository, clock } = deps;

  function publish(task: Pick<TaskRow, 'id' | 'userId' | 'status' | 'progress'>) {
    deps.events.publish(task.userId, {
      type: 'task',
      data: { task_id: task.id, status: task.status, progress: task.progress },
    });
  }

  async function finish(
    task: TaskRow,
    workerId: string | null,
    status: 'done' | 'failed' | 'flagged',
    patch: { captured?: number; errorCode?: number; errorMessage?: string },
  ) {
    const now = clock.now();
    return deps.ledger.transact(task.userId, async (unit) => {
      const row = await repository.transition(
        unit.tx,
        task.id,
        ['generating'],
        {
          status,
          progress: status === 'done' ? 100 : task.progress,
          captured: patch.captured ?? 0,
          errorCode: patch.errorCode ?? null,
          errorMessage: patch.errorMessage ?? null,
          finishedAt: now,
          updatedAt: now,
          leaseOwner: null,
          leaseExpiresAt: null,
        },
        workerId ?? undefined,
      );
      if (row?.holdId) {
        if (status === 'done') await unit.capture(row.holdId, patch.captured ?? 0);
        else await unit.release(row.holdId);
      }
      return row;
    });
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
          );
          return claimed.map((value) => ({ ok: true, value }));
        },
      });
      claimers.set(key, claimer);
    }
    return claimer;
  }

  return {
    async claim(caps: WorkerCapabilities): Promise<TaskRow | undefined> {
      const task = await claimerFor(caps.engines, caps.taskTypes).run(caps.workerId);
      if (task) publish(task);
      return task;
    },

    /** Renews the lease and records progress; false tells the worker to stop (cancelled, lost). */
    async heartbeat(taskId: string, workerId: string, progress?: number): Promise<boolean> {
      const p =
        progress === undefined ? undefined : Math.max(0, Math.min(99, Math.round(progress)));
      const alive = await repository.renewLease(taskId, workerId, LEASE_MS, clock.now(), p);
      if (alive && p !== undefined) {
        const task = await repository.findTask(repository.db, taskId);
        if (task) publish(task);
      }
      return alive;
    },

    /**
     * Stores the outputs, flags adult content, captures the cost of what was delivered and
     * releases the rest. Answers false when the task was no longer the worker's to finish.
     */
    async complete(taskId: string, workerId: string, outputs: EngineOutput[]): Promise<boolean> {
      const task = await repository.findTask(repository.db, taskId);
      if (!task || task.status !== 'generating' || task.leaseOwner !== workerId) return false;
      const mains = outputs.filter((o) => o.role !== 'poster');
      const images = mains.filter((o) => o.kind === 'image');
      if (deps.scoreNsfw) {
        for (const image of outputs.filter((o) => o.kind === 'image')) {
          if ((await deps.scoreNsfw(image.bytes)) >= nsfwThreshold) {
            const flagged = await finish(task, workerId, 'flagged', {
              errorMessage: 'sensitive content',
            });
            if (flagged) publish(flagged);
            return Boolean(flagged);
          }
        }
      }
      const stored = await deps.media.storeOutputs(task.userId, task.id, outputs);
      const primary = mains.length;
      const requested = task.settings.count;
      const delivered =
        task.media === 'image' ? Math.min(images.length, requested) : primary > 0 ? requested : 0;
      const captured = Math.round((task.cost * delivered) / requested);
      const now = clock.now();
      await repository.insertOutputs(
        repository.db,
        stored.map((s) => {
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
            createdAt: now,
          };
        }),
      );
      const done =
        delivered === 0
          ? await finish(task, workerId, 'failed', { errorMessage: 'no output' })
          : await finish(task, workerId, 'done', { captured });
      if (done) publish(done);
      return Boolean(done);
    },

    async fail(taskId: string, workerId: string, message: string): Promise<boolean> {
      const task = await repository.findTask(repository.db, taskId);
      if (!task || task.status !== 'generating' || task.leaseOwner !== workerId) return false;
      const failed = await finish(task, workerId, 'failed', {
        errorMessage: message.slice(0, 500),
      });
      if (failed) publish(failed);
      return Boolean(failed);
    },

    /** Re-queues tasks whose worker went silent; past the attempt limit they fail and refund. */
    async reapExpiredLeases(limit = 100): Promise<number> {
      const now = clock.now();
      const expired = await repository.expiredLeases(now, limit);
      for (const task of expired) {
        if (task.attempts < task.maxAttempts) {
          const requeued = await repository.transition(repository.db, task.id, ['generating'], {
            status: 'queued',
            leaseOwner: null,
            leaseExpiresAt: null,
            progress: 0,
            updatedAt: now,
          });
          if (requeued) publish(requeued);
        } else {
          const failed = await finish(task, null, 'failed', {
            errorMessage: 'the worker stopped responding',
          });
          if (failed) publish(failed);
        }
      }
      return expired.length;
    },
  };
}

export type QueueService = ReturnType<typeof createQueueService>;
