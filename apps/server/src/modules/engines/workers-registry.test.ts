import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import type { DatabaseHandle } from '../../db/database';
import { ManualClock } from '../../lib/clock';
import { createEnginesRepository } from './engines.repository';
import { workers } from './engines.schema';
import { createWorkersRegistry, workerNameOf } from './workers-registry';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const rows = async () => database.db.select().from(workers);
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('workers registry', () => {
  it('names a worker by its id without the process id', () => {
    expect(workerNameOf('gpu-box-4242')).toBe('gpu-box');
    expect(workerNameOf('embedded-100-1-200')).toBe('embedded-100-1');
    expect(workerNameOf('plain')).toBe('plain');
  });

  it('writes a worker at most every 10 s, and adds up completions from several nodes', async () => {
    const clock = new ManualClock(new Date('2026-11-27T08:00:00Z'));
    const repository = createEnginesRepository(database.db);
    const errors: unknown[] = [];
    const nodeA = createWorkersRegistry({ repository, clock, onError: (e) => errors.push(e) });
    const nodeB = createWorkersRegistry({ repository, clock, onError: (e) => errors.push(e) });

    nodeA.recordClaim('gpu-1', ['comfyui'], ['txt2img']);
    await expect.poll(rows).toMatchObject([{ id: 'gpu-1', name: 'gpu', tasksDone: 0 }]);

    // Within 10 s and offering the same: kept in memory, not written.
    clock.advance(3000);
    nodeA.recordDone('gpu-1');
    nodeA.recordClaim('gpu-1', ['comfyui'], ['txt2img']);
    await settle();
    expect((await rows())[0]).toMatchObject({ tasksDone: 0, engines: ['comfyui'] });

    // Another node's completions of the same worker add to the count: its first sighting is
    // written, with what it counted by the time the write goes out.
    nodeB.recordDone('gpu-1');
    nodeB.recordDone('gpu-1');
    // Node B saw no claim of it: what the worker offers is left as node A wrote it.
    await expect
      .poll(async () => (await rows())[0])
      .toMatchObject({ tasksDone: 2, engines: ['comfyui'] });
    clock.advance(10_000);
    nodeA.recordDone('gpu-1');
    await nodeA.flush();
    await nodeB.flush();
    const [row] = await rows();
    expect(row).toMatchObject({ tasksDone: 4, engines: ['comfyui'], taskTypes: ['txt2img'] });
    expect(row?.lastSeenAt.toISOString()).toBe('2026-11-27T08:00:13.000Z');
    expect(errors).toEqual([]);
  });

  it('offers every engine its slots claimed with lately, and writes a new offer at once', async () => {
    const clock = new ManualClock(new Date('2026-11-27T09:00:00Z'));
    const repository = createEnginesRepository(database.db);
    const registry = createWorkersRegistry({ repository, clock, onError: () => {} });
    const row = async () => (await rows()).find((r) => r.id === 'embedded-1-1-77');
    // Its CPU slots claim with the local engine, its hosted-API slots with Replicate.
    registry.recordClaim('embedded-1-1-77', ['local'], null);
    clock.advance(500);
    registry.recordClaim('embedded-1-1-77', ['replicate'], null);
    await expect.poll(async () => (await row())?.engines).toEqual(['local', 'replicate']);
    // Replicate disconnected: its slots stop claiming, and after a while it is no longer offered.
    for (let i = 0; i < 8; i++) {
      clock.advance(20_000);
      registry.recordClaim('embedded-1-1-77', ['local'], null);
    }
    await expect.poll(async () => (await row())?.engines).toEqual(['local']);
  });

  it('closes within its wait even when a write never ends, and writes nothing after', async () => {
    const clock = new ManualClock(new Date('2026-11-27T09:00:00Z'));
    const calls: string[][] = [];
    const stuck: Parameters<typeof createWorkersRegistry>[0]['repository'] = {
      ...createEnginesRepository(database.db),
      upsertWorkers: (sightings) => {
        calls.push(sightings.map((s) => s.id));
        return new Promise(() => {});
      },
    };
    const registry = createWorkersRegistry({ repository: stuck, clock, onError: () => {} });
    registry.recordClaim('hung-1', ['local'], null);
    const started = performance.now();
    expect(await registry.close(200)).toBe('left');
    expect(performance.now() - started).toBeLessThan(2_000);
    registry.recordClaim('hung-2', ['local'], null);
    await settle();
    expect(calls).toEqual([['hung-1']]);
  });
});
