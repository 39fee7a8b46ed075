import { describe, expect, it } from 'vitest';
import type { Engine, EngineOutput } from '@lumen/engines/engine';
import { createWorkerRunner, type RunnerLogger } from './runner';
import type { ClaimedTask, WorkerApi } from './worker-api';

const quiet: RunnerLogger = { info() {}, warn() {}, error() {} };
const png: EngineOutput = { kind: 'image', mime: 'image/png', bytes: Buffer.from([1]) };

/** A queue of `n` tasks behind the worker API, recording the order of what the runner does. */
function queueOf(n: number, completeMs: number, completeFails = false, runMs = 0) {
  const log: string[] = [];
  let next = 0;
  const api: WorkerApi = {
    async claim() {
      if (next >= n) return null;
      const id = `t${next++}`;
      log.push(`claim ${id}`);
      return {
        id,
        taskType: 'txt2img',
        engine: 'local',
        settings: {},
        inputs: { images: [], videos: [], audios: [] },
      } as unknown as ClaimedTask;
    },
    heartbeat: async () => true,
    readInput: async () => Buffer.alloc(0),
    async complete(taskId) {
      await new Promise((r) => setTimeout(r, completeMs));
      if (completeFails) throw new Error('upload refused');
      log.push(`complete ${taskId}`);
      return true;
    },
    async fail(taskId, _worker, message) {
      log.push(`fail ${taskId}: ${message}`);
      return true;
    },
    async release(taskId) {
      log.push(`release ${taskId}`);
      return true;
    },
  };
  const engine: Engine = {
    name: 'local',
    supports: () => true,
    run: async (_task, io) => {
      if (runMs === 0) return [png];
      // A long run that ends early when aborted, as the engines do.
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, runMs);
        io.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      });
      return [png];
    },
  };
  return { api, engine, log };
}

/**
 * Runs the runner against the queue for `ms`, then stops it (which waits for deliveries);
 * `heartbeatMs` beats that often while a task runs.
 */
async function runFor(queue: ReturnType<typeof queueOf>, ms: number, heartbeatMs?: number) {
  const runner = createWorkerRunner({
    api: queue.api,
    engines: [queue.engine],
    workerId: 'w',
    idleMs: 5,
    logger: quiet,
    ...(heartbeatMs === undefined ? {} : { heartbeatMs }),
  });
  runner.start();
  await new Promise((r) => setTimeout(r, ms));
  await runner.stop();
  return queue.log;
}

describe('the worker runner', () => {
  it('claims and runs the next task while the outputs of the last one travel', async () => {
    const log = await runFor(queueOf(3, 40), 300);
    expect(log.indexOf('claim t1')).toBeLessThan(log.indexOf('complete t0'));
    expect(log.filter((l) => l.startsWith('complete'))).toEqual([
      'complete t0',
      'complete t1',
      'complete t2',
    ]);
  });

  it('waits for deliveries in flight when stopped', async () => {
    const log = await runFor(queueOf(1, 80), 20);
    expect(log).toEqual(['claim t0', 'complete t0']);
  });

  it('fails a task whose outputs could not be delivered', async () => {
    const log = await runFor(queueOf(1, 1, true), 50);
    expect(log).toEqual(['claim t0', 'fail t0: upload refused']);
  });

  it('hands a running task back to the queue when stopped', async () => {
    const log = await runFor(queueOf(1, 1, false, 10_000), 50);
    expect(log).toEqual(['claim t0', 'release t0']);
  });

  it('does not hand back a task the server stopped (cancelled or lease lost)', async () => {
    const queue = queueOf(1, 1, false, 10_000);
    queue.api.heartbeat = async () => false;
    expect(await runFor(queue, 100, 10)).toEqual(['claim t0']);
  });

  it('keeps running a task when a heartbeat does not reach the server', async () => {
    const queue = queueOf(1, 1, false, 120);
    let beats = 0;
    queue.api.heartbeat = async () => {
      beats += 1;
      throw new TypeError('fetch failed');
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await runFor(queue, 250, 10);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(beats).toBeGreaterThan(0);
    expect(unhandled).toEqual([]);
    expect(queue.log).toEqual(['claim t0', 'complete t0']);
  });
});

describe('the worker runner’s slots for hosted model APIs', () => {
  /** A queue that hands out one task per engine named in the claim, recording each claim. */
  function queueByEngine(tasks: { id: string; engine: string }[]) {
    const claims: string[][] = [];
    const log: string[] = [];
    const api: WorkerApi = {
      async claim(caps, options) {
        claims.push(caps.engines);
        const at = tasks.findIndex((t) => caps.engines.includes(t.engine));
        if (at < 0) {
          // Holds the claim as the server does, until asked to stop.
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, options?.waitMs ?? 0);
            options?.signal?.addEventListener('abort', () => {
              clearTimeout(timer);
              resolve();
            });
          });
          return null;
        }
        const [task] = tasks.splice(at, 1);
        log.push(`claim ${task!.id}`);
        return {
          id: task!.id,
          taskType: 'txt2img',
          engine: task!.engine,
          settings: {},
          inputs: { images: [], videos: [], audios: [] },
        } as unknown as ClaimedTask;
      },
      heartbeat: async () => true,
      readInput: async () => Buffer.alloc(0),
      async complete(taskId) {
        log.push(`complete ${taskId}`);
        return true;
      },
      fail: async () => true,
      release: async () => true,
    };
    return { api, claims, log };
  }
  const engine = (name: Engine['name'], runMs: number): Engine => ({
    name,
    supports: () => true,
    run: (_task, io) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve([png]), runMs);
        io.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      }),
  });

  it('runs hosted-API tasks while every CPU slot is busy', async () => {
    const queue = queueByEngine([
      { id: 'cpu', engine: 'local' },
      { id: 'api-1', engine: 'replicate' },
      { id: 'api-2', engine: 'fal' },
    ]);
    const runner = createWorkerRunner({
      api: queue.api,
      engines: [engine('local', 10_000), engine('replicate', 20), engine('fal', 20)],
      workerId: 'w',
      concurrency: 1,
      remoteConcurrency: 2,
      idleMs: 5,
      claimWaitMs: 50,
      logger: quiet,
    });
    runner.start();
    await new Promise((r) => setTimeout(r, 200));
    await runner.stop();
    expect(queue.log).toContain('complete api-1');
    expect(queue.log).toContain('complete api-2');
    expect(queue.log).not.toContain('complete cpu');
    // A CPU slot never asks for hosted-API tasks, nor a hosted-API slot for local ones.
    for (const engines of queue.claims) {
      expect(engines.includes('local') && engines.some((e) => e !== 'local')).toBe(false);
    }
  });

  it('offers engines set while it runs, without waiting for a claim to time out', async () => {
    const queue = queueByEngine([{ id: 'api', engine: 'replicate' }]);
    const runner = createWorkerRunner({
      api: queue.api,
      engines: [engine('local', 10)],
      workerId: 'w',
      concurrency: 1,
      remoteConcurrency: 1,
      idleMs: 5,
      claimWaitMs: 10_000,
      logger: quiet,
    });
    runner.start();
    await new Promise((r) => setTimeout(r, 50));
    expect(queue.log).toEqual([]);
    runner.setEngines([engine('local', 10), engine('replicate', 10)]);
    expect(runner.engines).toEqual(['local', 'replicate']);
    await new Promise((r) => setTimeout(r, 100));
    await runner.stop();
    expect(queue.log).toEqual(['claim api', 'complete api']);
  });
});

describe('stopping the worker runner', () => {
  it('stops at once when told to as it starts, whatever its slots were about to wait for', async () => {
    const queue = queueOf(0, 1);
    const runner = createWorkerRunner({
      api: queue.api,
      engines: [queue.engine],
      workerId: 'w',
      concurrency: 1,
      remoteConcurrency: 2,
      idleMs: 30_000,
      logger: quiet,
    });
    runner.start();
    const started = performance.now();
    await runner.stop();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
