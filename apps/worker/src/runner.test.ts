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

/** Runs the runner against the queue for `ms`, then stops it (which waits for deliveries). */
async function runFor(queue: ReturnType<typeof queueOf>, ms: number) {
  const runner = createWorkerRunner({
    api: queue.api,
    engines: [queue.engine],
    workerId: 'w',
    idleMs: 5,
    logger: quiet,
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
    const runner = createWorkerRunner({
      api: queue.api,
      engines: [queue.engine],
      workerId: 'w',
      idleMs: 5,
      heartbeatMs: 10,
      logger: quiet,
    });
    runner.start();
    await new Promise((r) => setTimeout(r, 100));
    await runner.stop();
    expect(queue.log).toEqual(['claim t0']);
  });
});
