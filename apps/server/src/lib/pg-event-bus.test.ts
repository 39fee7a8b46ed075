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
});
