import { remoteEngineNames } from '@lumen/contracts/task-types';
import type { Engine } from '@lumen/engines/engine';
import { failureReasonOf } from '@lumen/engines/failure';
import type { ClaimedTask, WorkerApi } from './worker-api';

export type RunnerLogger = {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
};

export type RunnerOptions = {
  api: WorkerApi;
  engines: Engine[];
  workerId: string;
  /** Tasks of this machine's engines (local CPU, ComfyUI's GPU) run at the same time. */
  concurrency?: number;
  /**
   * Tasks of hosted model APIs (openai, replicate, fal) run at the same time, in slots of
   * their own: they wait on the network, so they neither take nor wait for a CPU slot.
   */
  remoteConcurrency?: number;
  /** Wait between claims when the queue is empty and the claim came back at once. */
  idleMs?: number;
  /**
   * How long each claim may wait on the server for a task to be queued (long polling), so
   * that a task starts as soon as it is queued and an idle worker asks rarely.
   */
  claimWaitMs?: number;
  /** Lease renewal interval while an engine runs without reporting progress. */
  heartbeatMs?: number;
  taskTypes?: string[] | null;
  logger: RunnerLogger;
};

/** Waits `ms`, or less when stopped; leaves no listener behind either way. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    // Aborted already: an abort event will not come again.
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });

/**
 * The worker loop (claim → run engine → complete or fail), the same inside the server and as
 * a standalone process. A failing engine fails its task (the server refunds it); a lost lease
 * or a cancellation aborts the engine.
 */
export function createWorkerRunner(options: RunnerOptions) {
  const { api, engines, workerId, logger } = options;
  const idleMs = options.idleMs ?? 1000;
  const claimWaitMs = options.claimWaitMs ?? 10_000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const stop = new AbortController();
  let engineByName = new Map(engines.map((e) => [e.name, e]));
  /** Wakes slots that have no engine to claim for when the engines change. */
  let enginesChanged = new AbortController();
  let loops: Promise<void>[] = [];

  /**
   * Runs the engine on a task and answers its delivery (outputs up and the task completed, or
   * the task failed), started but not awaited: the slot can claim and run its next task while
   * the outputs of this one travel. The lease keeps being renewed until the delivery ends.
   */
  async function runTask(
    task: ClaimedTask,
    offered: ReadonlyMap<string, Engine>,
  ): Promise<{ delivery: Promise<void> }> {
    const engine = offered.get(task.engine);
    if (!engine) {
      return {
        delivery: api
          .fail(task.id, workerId, `no ${task.engine} engine on this worker`, 'unavailable')
          .then(() => undefined),
      };
    }
    const abort = new AbortController();
    const onStop = () => abort.abort();
    stop.signal.addEventListener('abort', onStop);
    const beat = setInterval(() => {
      void api.heartbeat(task.id, workerId).then(
        (alive) => {
          if (!alive) abort.abort();
        },
        // A beat lost on the way (a busy server closing a kept-alive connection) must not end
        // the worker: the lease outlasts several beats, and the next one tries again.
        (err: unknown) =>
          logger.warn(
            { taskId: task.id, err: err instanceof Error ? err.message : String(err) },
            'heartbeat failed',
          ),
      );
    }, heartbeatMs);
    const cleanUp = () => {
      clearInterval(beat);
      stop.signal.removeEventListener('abort', onStop);
    };
    const failWith = async (err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      logger.warn({ taskId: task.id, engine: task.engine, err: message }, 'task failed');
      await api.fail(task.id, workerId, message, failureReasonOf(err)).catch(() => undefined);
    };
    /**
     * The engine was aborted: by the server (cancelled, lease lost), or because this worker
     * stops, in which case the task goes back to the queue now rather than when its lease runs
     * out, and the user's task carries on elsewhere or after the restart.
     */
    const stopped = async () => {
      cleanUp();
      if (stop.signal.aborted) {
        const released = await api.release(task.id, workerId).catch(() => false);
        logger.info({ taskId: task.id, released }, 'task handed back');
      } else {
        logger.info({ taskId: task.id }, 'task stopped');
      }
    };
    let outputs: Awaited<ReturnType<Engine['run']>>;
    try {
      outputs = await engine.run(task, {
        readInput: (key) => api.readInput(key),
        publicUrl: (key) => task.publicUrls?.get(key) ?? null,
        progress: async (percent) => {
          const alive = await api.heartbeat(task.id, workerId, percent);
          if (!alive) abort.abort();
          return alive;
        },
        ...(api.preview ? { preview: (image) => api.preview!(task.id, workerId, image) } : {}),
        signal: abort.signal,
      });
    } catch (err) {
      if (abort.signal.aborted) return { delivery: stopped() };
      return { delivery: failWith(err).finally(cleanUp) };
    }
    if (abort.signal.aborted) return { delivery: stopped() };
    const delivery = api
      .complete(task.id, workerId, outputs)
      .then(
        () => {
          logger.info(
            { taskId: task.id, engine: task.engine, outputs: outputs.length },
            'task done',
          );
        },
        (err: unknown) => failWith(err),
      )
      .finally(cleanUp);
    return { delivery };
  }

  /** A slot: claims tasks for the engines of its pool that this worker offers now. */
  async function loop(pool: 'machine' | 'remote'): Promise<void> {
    // At most one delivery in flight per slot.
    let delivering: Promise<void> = Promise.resolve();
    while (!stop.signal.aborted) {
      // The engines of this claim: a task runs on the engine it was claimed for, even when
      // the engines are replaced while it runs.
      const offered = new Map(
        [...engineByName].filter(([name]) => remoteEngineNames.has(name) === (pool === 'remote')),
      );
      if (offered.size === 0) {
        await delivering;
        // Nothing to claim for until the engines change.
        await sleep(60_000, AbortSignal.any([stop.signal, enginesChanged.signal]));
        continue;
      }
      const caps = { workerId, engines: [...offered.keys()], taskTypes: options.taskTypes ?? null };
      let task: ClaimedTask | null = null;
      const asked = performance.now();
      // A claim waiting for the old engines ends when they change, so the new ones are
      // offered at once.
      const claimSignal = AbortSignal.any([stop.signal, enginesChanged.signal]);
      try {
        task = await api.claim(caps, { waitMs: claimWaitMs, signal: claimSignal });
      } catch (err) {
        if (!claimSignal.aborted) {
          logger.error({ err: err instanceof Error ? err.message : String(err) }, 'claim failed');
        }
      }
      if (task) {
        const { delivery } = await runTask(task, offered);
        await delivering;
        delivering = delivery;
      } else {
        await delivering;
        // A claim that did not wait (an error, or a server that does not hold claims) is
        // not asked again straight away.
        const waited = performance.now() - asked;
        if (waited < idleMs && !claimSignal.aborted) await sleep(idleMs - waited, stop.signal);
      }
    }
    await delivering;
  }

  return {
    start(): void {
      loops = [
        ...Array.from({ length: options.concurrency ?? 1 }, () => loop('machine')),
        ...Array.from({ length: options.remoteConcurrency ?? 8 }, () => loop('remote')),
      ];
    },
    /**
     * Offers these engines from now on (an admin changed a connection). Tasks running keep
     * the engine they started on; slots waiting for a task ask again with the new ones.
     */
    setEngines(next: Engine[]): void {
      engineByName = new Map(next.map((e) => [e.name, e]));
      const changed = enginesChanged;
      enginesChanged = new AbortController();
      changed.abort();
    },
    get engines(): string[] {
      return [...engineByName.keys()];
    },
    /** Stops claiming, aborts running engines and waits for the loops to end. */
    async stop(): Promise<void> {
      stop.abort();
      await Promise.all(loops);
    },
  };
}

export type WorkerRunner = ReturnType<typeof createWorkerRunner>;
