import { describe, expect, it } from 'vitest';
import { createPgEventBus } from './pg-event-bus';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('events across API nodes (PostgreSQL LISTEN/NOTIFY)', () => {
  it('delivers an event published on one node to listeners on another', async () => {
    const errors: Error[] = [];
    const nodeA = await createPgEventBus(url!, (e) => errors.push(e));
    const nodeB = await createPgEventBus(url!, (e) => errors.push(e));
    const received = new Promise((resolve) => nodeB.subscribe(42, resolve));
    nodeA.publish(42, { type: 'task', data: { task_id: 't1', status: 'done' } });
    expect(await received).toEqual({ type: 'task', data: { task_id: 't1', status: 'done' } });
    await nodeA.close();
    await nodeB.close();
    expect(errors).toEqual([]);
  });

  it('delivers a burst of events in order, repeats included', async () => {
    const errors: Error[] = [];
    const nodeA = await createPgEventBus(url!, (e) => errors.push(e));
    const nodeB = await createPgEventBus(url!, (e) => errors.push(e));
    const progress = [10, 20, 20, 30, 10, 40, ...Array.from({ length: 94 }, (_, i) => i)];
    const received: unknown[] = [];
    const all = new Promise<void>((resolve) =>
      nodeB.subscribe(7, (event) => {
        received.push(event.data.progress);
        if (received.length === progress.length) resolve();
      }),
    );
    for (const p of progress) nodeA.publish(7, { type: 'task', data: { progress: p } });
    await all;
    expect(received).toEqual(progress);
    await nodeA.close();
    await nodeB.close();
    expect(errors).toEqual([]);
  });
});
