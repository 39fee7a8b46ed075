import { randomUUID } from 'node:crypto';
import { gatewaySubmitSchema } from '@lumen/contracts/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createLocalEventBus } from '../../lib/event-bus';
import type { GenerationMedia } from './generation.ports';
import { createGenerationRepository } from './generation.repository';
import { createQueueService } from './queue.service';
import type { TaskRow } from './generation.schema';
import { normaliseSubmission } from './task-input';

const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
let t: TestApp;
let repository: ReturnType<typeof createGenerationRepository>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  repository = createGenerationRepository(t.database.db, clock);
});
afterAll(() => t.close());

const settings = normaliseSubmission(
  'txt2img',
  gatewaySubmitSchema.parse({ prompt: 'a queue test', params: {} }),
);
/** Queues a task directly, `ageS` seconds old, for a user of this lane and running limit. */
async function queued(userId: number, lane: number, maxRunning: number, ageS = 0, engine = 'q') {
  const at = new Date(clock.now().getTime() - ageS * 1000);
  const [row] = await repository.insertTasks(t.database.db, [
    {
      id: randomUUID(),
      userId,
      taskType: 'txt2img',
      media: 'image',
      engine,
      status: 'queued',
      settings,
      inputs: { images: [], videos: [], audios: [] },
      lane,
      maxRunning,
      cost: 0,
      requestId: randomUUID(),
      createdAt: at,
      updatedAt: at,
    },
  ]);
  return row!;
}
const claim = (workerId: string, engine = 'q') =>
  t.app.services.queue.claim({ workerId, engines: [engine], taskTypes: null });

describe('claiming on PostgreSQL', () => {
  it('serves higher lanes first, oldest first, and lets waiting raise a task so none starves', async () => {
    const [free, plus, pro] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    const freshPro = await queued(pro.id, 3, 4, 0, 'lanes');
    const olderPlus = await queued(plus.id, 2, 4, 30, 'lanes');
    const newerPlus = await queued(plus.id, 2, 4, 10, 'lanes');
    // Waiting 8 minutes lifts a free task by four lanes: ahead of a pro task just queued.
    const oldFree = await queued(free.id, 0, 1, 8 * 60 + 5, 'lanes');
    const order: string[] = [];
    for (let i = 0; i < 4; i++) order.push((await claim(`w${i}`, 'lanes'))!.id);
    expect(order).toEqual([oldFree.id, freshPro.id, olderPlus.id, newerPlus.id]);
    expect(await claim('w9', 'lanes')).toBeUndefined();
  });

  it('gives racing workers distinct tasks and keeps each user under their running limit', async () => {
    const [one, four, other] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    for (let i = 0; i < 3; i++) await queued(one.id, 3, 1, 60 - i, 'race');
    for (let i = 0; i < 6; i++) await queued(four.id, 2, 4, 50 - i, 'race');
    for (let i = 0; i < 6; i++) await queued(other.id, 0, 4, 40 - i, 'race');
    // Twelve slots at once; one worker runs three of them under the same id.
    const workers = [
      ...Array.from({ length: 9 }, (_, i) => `racer-${i}`),
      'multi',
      'multi',
      'multi',
    ];
    const claimed = (await Promise.all(workers.map((w) => claim(w, 'race')))).filter(
      (task): task is TaskRow => task !== undefined,
    );
    expect(new Set(claimed.map((task) => task.id)).size).toBe(claimed.length);
    const per = (userId: number) => claimed.filter((task) => task.userId === userId).length;
    expect(per(one.id)).toBe(1);
    expect(per(four.id)).toBe(4);
    expect(per(other.id)).toBe(4);
    expect(claimed).toHaveLength(9);
    for (const task of claimed) {
      expect(task.status).toBe('generating');
      expect(task.attempts).toBe(1);
      expect(workers).toContain(task.leaseOwner);
    }
    // Every user is at their limit now: later claims wait until a task ends.
    const more = await Promise.all(['late-1', 'late-2', 'late-3'].map((w) => claim(w, 'race')));
    expect(more).toEqual([undefined, undefined, undefined]);
    expect(await t.app.services.queue.claimWaits({ engines: ['race'], taskTypes: null })).toEqual({
      queued: 6,
      other_engine: 0,
      other_task_type: 0,
      user_at_limit: 6,
    });
    const ending = claimed.find((task) => task.userId === four.id)!;
    expect(await t.app.services.queue.fail(ending.id, ending.leaseOwner!, 'stopped')).toBe(true);
    const next = await claim('late-4', 'race');
    expect(next?.userId).toBe(four.id);
  });
});

describe('a worker waiting in its claim', () => {
  it('takes a task queued just after a task ending woke it for nothing, without the retry wait', async () => {
    const [u1, u2] = [await createUser(t.database.db), await createUser(t.database.db)];
    const ending = await queued(u1.id, 0, 1, 0, 'wake-end');
    const held = await queued(u2.id, 0, 1, 0, 'wake-pick');
    expect((await claim('ender', 'wake-end'))?.id).toBe(ending.id);
    expect((await claim('holder', 'wake-pick'))?.id).toBe(held.id);
    // A queue service on the app's database, its repository timed: when each claim for
    // "wake-pick" asked, and, once a wake-up by the ending found nothing, the held task handed
    // back at once (it is queued again: the next wake-up).
    const asked: number[] = [];
    const timed = {
      ...repository,
      async claim(...args: Parameters<typeof repository.claim>) {
        const at = performance.now();
        const answer = await repository.claim(...args);
        if (args[0].engines[0] !== 'wake-pick') return answer;
        asked.push(at);
        if (asked.length === 2) await service.release(held.id, 'holder');
        return answer;
      },
    };
    const events = createLocalEventBus();
    const service = createQueueService({
      repository: timed,
      media: {
        discardStaging: async () => {},
        discardTaskOutputs: async () => {},
      } as unknown as GenerationMedia,
      events,
      clock,
    });
    const waiting = service.claim(
      { workerId: 'patient', engines: ['wake-pick'], taskTypes: null },
      { waitMs: 5_000 },
    );
    await expect.poll(() => asked.length).toBe(1);
    // Another task ends: the waiting claim wakes and finds nothing of its engine.
    expect(await service.fail(ending.id, 'ender', 'stopped')).toBe(true);
    const task = await waiting;
    expect(task?.id).toBe(held.id);
    expect(asked).toHaveLength(3);
    // Before, the task queued after an empty wake-up waited for the 100 ms retry spacing.
    expect(asked[2]! - asked[1]!).toBeLessThan(100);
  });
});
