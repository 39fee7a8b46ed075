import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalEventBus, type UserEvent } from '../../lib/event-bus';
import { createApiCaller } from '../../../test/support/api-caller';
import { openEventStream } from '../../../test/support/sse';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createGenerationRepository } from './generation.repository';
import { createQueueLoad, estimateWaitMinutes } from './queue-load';
import { createQueueWatch } from './queue-watch';

describe('estimateWaitMinutes', () => {
  const idle = { running: 0, meanRunS: null, workersSeen: true };
  it('answers the grade’s usual wait while no worker has asked for work', () => {
    const absent = { ...idle, workersSeen: false };
    expect(estimateWaitMinutes(1, 0, absent)).toBe(10);
    expect(estimateWaitMinutes(1, 3, absent)).toBe(2);
  });
  it('answers under a minute (0) for the next task of an idle worker', () => {
    expect(estimateWaitMinutes(1, 0, idle)).toBe(0);
    expect(estimateWaitMinutes(0, 0, idle)).toBe(0);
  });
  it('shares the tasks ahead among the busy slots, at the recent mean run time', () => {
    const busy = { running: 4, meanRunS: 60, workersSeen: true };
    // Next in line: half a run for a slot to free up.
    expect(estimateWaitMinutes(1, 0, busy)).toBe(0);
    // 40 ahead over 4 slots is 10 runs, plus half a run: 630 s.
    expect(estimateWaitMinutes(41, 0, busy)).toBe(11);
    expect(estimateWaitMinutes(9, 0, { ...busy, meanRunS: 30 })).toBe(1);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the queue watch on PostgreSQL', () => {
  it('tells each waiting user where their tasks stand, when that changes', async () => {
    const api = createApiCaller(t);
    const ahead = await api.signIn('ahead@example.com');
    const behind = await api.signIn('behind@example.com');
    const first = await api.call('POST', '/api/gw/v3/image/txt2img/async', ahead.ticket, {
      prompt: 'first in line',
    });
    const second = await api.call('POST', '/api/gw/v3/image/txt2img/async', behind.ticket, {
      prompt: 'second in line',
    });
    expect(second.code).toBe(0);

    const repository = createGenerationRepository(t.database.db, { now: () => new Date() });
    const load = createQueueLoad({ repository, clock: { now: () => new Date() } });
    const events = createLocalEventBus();
    const heard: UserEvent[] = [];
    events.subscribe(behind.id, (e) => heard.push(e));
    const watch = createQueueWatch({ repository, events, load });

    await watch.tick();
    expect(heard).toEqual([
      {
        type: 'queue',
        // No worker has asked yet: a free user's usual wait.
        data: { task_id: second.result.task_id, queue_position: 2, estimated_wait_min: 10 },
      },
    ]);
    await watch.tick();
    expect(heard).toHaveLength(1);

    // A worker takes the first task.
    load.workerSeen();
    const [claimed] = await repository.claim(
      { engines: ['local'], taskTypes: null, workerIds: ['w1'], leaseMs: 60_000 },
      new Date(),
    );
    expect(claimed?.id).toBe(first.result.task_id);
    await watch.tick();
    expect(heard.at(-1)).toEqual({
      type: 'queue',
      data: { task_id: second.result.task_id, queue_position: 1, estimated_wait_min: 0 },
    });
    await t.app.services.queue.fail(claimed!.id, 'w1', 'test over');
    await api.call(
      'POST',
      `/prod-api/content/tasks/${second.result.task_id}/cancel`,
      behind.ticket,
    );
  });

  it('reaches the open stream, and the results call carries the same wait', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const api = createApiCaller(t);
    const me = await api.signIn('streamer@example.com');
    const stream = await openEventStream(base, me.ticket);
    const task = await api.call('POST', '/api/gw/v3/image/txt2img/async', me.ticket, {
      prompt: 'waiting for a worker',
    });
    expect(task.result.estimated_wait_min).toBe(10);
    await t.app.services.queueWatch.tick();
    expect(await stream.next('queue')).toEqual({
      task_id: task.result.task_id,
      queue_position: 1,
      estimated_wait_min: 10,
    });
    stream.close();
    const results = await api.call(
      'GET',
      `/api/gw/v3/image/image/async/results?task_id=${task.result.task_id}`,
      me.ticket,
    );
    expect(results.result).toMatchObject({ queue_position: 1, estimated_wait_min: 10 });
  });
});
