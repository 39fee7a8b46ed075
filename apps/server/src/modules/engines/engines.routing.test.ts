import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { tasks, type NewTaskRow } from '../generation/generation.schema';

const ADMIN = 'routing-admin@example.com';
const TOKEN = 'routing-worker-token-0123456789';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let admin: { ticket: string; id: number };

const call = (...args: Parameters<ReturnType<typeof createApiCaller>['call']>) => api.call(...args);
const page = async () =>
  (await call('GET', '/prod-api/admin/engines', admin.ticket)).result as Json;
const routeOf = (overview: Json, taskType: string) =>
  overview.routes.find((r: Json) => r.task_type === taskType) as Json;

function taskRow(overrides: Partial<NewTaskRow>): NewTaskRow {
  const now = new Date();
  return {
    id: randomUUID(),
    userId: admin.id,
    taskType: 'text_to_3d',
    media: '3d',
    engine: 'local',
    status: 'done',
    settings: { prompt: 'x' } as NewTaskRow['settings'],
    inputs: { images: [], videos: [], audios: [] },
    lane: 1,
    maxRunning: 1,
    cost: 0,
    requestId: randomUUID(),
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

const secondsAgo = (s: number) => new Date(Date.now() - s * 1000);

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, WORKER_TOKENS: TOKEN } });
  api = createApiCaller(t);
  admin = await api.signIn(ADMIN);
});
afterAll(() => t.close());

describe('routing', () => {
  it('routes a task type to an engine with a model and fixed inputs, and the algo_config route still works', async () => {
    const saved = await call('PUT', '/prod-api/admin/engines/routes/txt2img', admin.ticket, {
      engine: 'fal',
      model: '  fal-ai/flux/schnell  ',
      input: { num_inference_steps: 4, enable_safety_checker: true },
    });
    expect(saved).toMatchObject({
      code: 0,
      result: {
        task_type: 'txt2img',
        engine: 'fal',
        route: {
          model: 'fal-ai/flux/schnell',
          input: { num_inference_steps: 4, enable_safety_checker: true },
        },
      },
    });
    expect(await t.app.services.algoConfig.routeFor('txt2img')).toEqual({
      engine: 'fal',
      route: {
        model: 'fal-ai/flux/schnell',
        input: { num_inference_steps: 4, enable_safety_checker: true },
      },
    });
    const overview = await page();
    expect(routeOf(overview, 'txt2img')).toMatchObject({
      engine: 'fal',
      model: 'fal-ai/flux/schnell',
      input: { num_inference_steps: 4 },
    });
    // Routed to fal, which nobody set up and no worker offers.
    expect(overview.warnings).toEqual(
      expect.arrayContaining([
        { kind: 'no_worker', engine: 'fal', task_types: ['txt2img'] },
        { kind: 'not_configured', engine: 'fal', task_types: ['txt2img'] },
      ]),
    );

    const old = await call('PUT', '/prod-api/admin/algo_config/txt2img', admin.ticket, {
      engine: 'local',
    });
    expect(old).toMatchObject({ code: 0, result: { engine: 'local' } });
    expect(await t.app.services.algoConfig.engineFor('txt2img')).toBe('local');
    // The model set on the page stays with the row.
    expect(routeOf(await page(), 'txt2img').model).toBe('fal-ai/flux/schnell');

    const cleared = await call('PUT', '/prod-api/admin/engines/routes/txt2img', admin.ticket, {
      engine: 'local',
      model: '',
    });
    expect(cleared.result.route).toEqual({});
  });

  it('refuses a bad route and changes nothing', async () => {
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    for (const body of [
      { engine: 'gpu9000' },
      { engine: 'fal', model: 'm'.repeat(201) },
      { engine: 'fal', input: tooMany },
      { engine: 'fal', input: [1, 2] },
      { engine: 'fal', input: { deep: { deeper: { deepest: 1 } } } },
    ]) {
      const res = await call('PUT', '/prod-api/admin/engines/routes/img2img', admin.ticket, body);
      expect(res.code, JSON.stringify(body).slice(0, 60)).toBe(1001);
    }
    const unknown = await call('PUT', '/prod-api/admin/engines/routes/no_such_type', admin.ticket, {
      engine: 'local',
    });
    expect(unknown.code).toBe(1001);
    expect(routeOf(await page(), 'img2img')).toMatchObject({
      engine: 'local',
      model: null,
      input: {},
    });
  });

  it('counts the last 24 hours’ runs, failures, median and 95th percentile per task type', async () => {
    const durations = [2, 4, 6, 8, 10, 12, 14, 16, 18, 100];
    await t.database.db.insert(tasks).values([
      ...durations.map((d, i) =>
        taskRow({ startedAt: secondsAgo(600 + d + i), finishedAt: secondsAgo(600 + i) }),
      ),
      taskRow({ status: 'failed', startedAt: secondsAgo(500), finishedAt: secondsAgo(400) }),
      taskRow({ status: 'failed', startedAt: secondsAgo(500), finishedAt: secondsAgo(499) }),
      // Older than a day, still queued, cancelled: not runs of the last 24 hours.
      taskRow({ startedAt: secondsAgo(90_000), finishedAt: secondsAgo(89_990) }),
      taskRow({ status: 'cancelled', finishedAt: secondsAgo(10) }),
    ]);
    const stats = routeOf(await page(), 'text_to_3d').stats;
    expect(stats.runs).toBe(12);
    expect(stats.failed).toBe(2);
    expect(stats.failure_rate).toBeCloseTo(2 / 12, 5);
    expect(stats.median_s).toBeCloseTo(11, 0);
    expect(stats.p95_s).toBeGreaterThan(18);
    expect(stats.p95_s).toBeLessThan(100);
    expect(routeOf(await page(), 'upscale').stats).toEqual({
      runs: 0,
      failed: 0,
      failure_rate: null,
      median_s: null,
      p95_s: null,
    });
  });

  it('shows queue depth per lane with the oldest wait', async () => {
    await t.database.db
      .insert(tasks)
      .values([
        taskRow({ status: 'queued', lane: 3, createdAt: secondsAgo(120) }),
        taskRow({ status: 'queued', lane: 3, createdAt: secondsAgo(30) }),
        taskRow({ status: 'queued', lane: 0, createdAt: secondsAgo(5) }),
      ]);
    const { queue } = await page();
    const lane3 = queue.find((q: Json) => q.lane === 3);
    expect(lane3.queued).toBe(2);
    expect(lane3.oldest_wait_s).toBeGreaterThanOrEqual(119);
    expect(lane3.oldest_wait_s).toBeLessThan(180);
    expect(queue.find((q: Json) => q.lane === 0).queued).toBe(1);
    await t.database.db.delete(tasks).where(eq(tasks.status, 'queued'));
  });

  it('lists the workers that claimed, what they offer, run and finished', async () => {
    const claim = (workerId: string, body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/worker/v1/claim',
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: { worker_id: workerId, wait_s: 0, ...body },
      });
    expect(
      (await claim('gpu-box-4242', { engines: ['comfyui'], task_types: ['txt2img'] })).json().code,
    ).toBe(0);
    const running = taskRow({
      status: 'generating',
      taskType: 'txt2img',
      media: 'image',
      engine: 'comfyui',
      leaseOwner: 'gpu-box-4242',
      startedAt: new Date(),
    });
    await t.database.db.insert(tasks).values(running);
    await call('PUT', '/prod-api/admin/engines/routes/img2img', admin.ticket, {
      engine: 'comfyui',
    });
    const overview = await page();
    const worker = overview.workers.find((w: Json) => w.id === 'gpu-box-4242');
    expect(worker).toMatchObject({
      name: 'gpu-box',
      engines: ['comfyui'],
      task_types: ['txt2img'],
      current_tasks: [{ id: running.id, task_type: 'txt2img' }],
      tasks_done: 0,
    });
    expect(Date.now() - Date.parse(worker.last_seen_at)).toBeLessThan(60_000);
    // img2img on comfyui: the only comfyui worker takes txt2img alone.
    expect(overview.warnings).toContainEqual({
      kind: 'no_worker',
      engine: 'comfyui',
      task_types: ['img2img'],
    });
    await call('PUT', '/prod-api/admin/engines/routes/img2img', admin.ticket, { engine: 'local' });
    await t.database.db.delete(tasks).where(eq(tasks.id, running.id));
  });

  it('“Try it” queues a free sample task as the admin, with a sample picture where one is needed', async () => {
    const before = await api.credits(admin.ticket);
    const tried = await call('POST', '/prod-api/admin/engines/routes/img2img/try', admin.ticket);
    expect(tried.code).toBe(0);
    const [row] = await t.database.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, tried.result.task_id));
    expect(row).toMatchObject({
      userId: admin.id,
      taskType: 'img2img',
      status: 'queued',
      cost: 0,
      holdId: null,
    });
    expect(row?.inputs.images).toHaveLength(1);
    expect(row?.inputs.images[0]).toMatch(new RegExp(`^uploads/${admin.id}/`));
    expect(await api.credits(admin.ticket)).toBe(before);
    const result = await call(
      'GET',
      `/api/gw/v3/image/img2img/async/results?task_id=${tried.result.task_id}`,
      admin.ticket,
    );
    expect(result.code).toBe(0);

    const portrait = await call(
      'POST',
      '/prod-api/admin/engines/routes/mouth_speech/try',
      admin.ticket,
    );
    expect(portrait.code).toBe(1001);
    expect(routeOf(await page(), 'mouth_speech').can_try).toBe(false);
    expect(routeOf(await page(), 'txt2img').can_try).toBe(true);
  });

  it('“Try it” of the mask and expand tools sends the sample with a mask, or a ratio to grow to', async () => {
    // The samples above are still queued (no worker runs here): they would count against the
    // admin's tasks in flight.
    await t.database.db.delete(tasks).where(eq(tasks.userId, admin.id));
    expect(routeOf(await page(), 'erase').can_try).toBe(true);
    expect(routeOf(await page(), 'outpaint').can_try).toBe(true);
    const erase = await call('POST', '/prod-api/admin/engines/routes/erase/try', admin.ticket);
    expect(erase.code).toBe(0);
    const [erasing] = await t.database.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, erase.result.task_id));
    expect(erasing?.inputs.images).toHaveLength(1);
    expect(erasing?.inputs.masks).toHaveLength(1);
    expect(erasing?.inputs.masks?.[0]).toMatch(new RegExp(`^uploads/${admin.id}/`));

    await t.database.db.delete(tasks).where(eq(tasks.userId, admin.id));
    const expand = await call('POST', '/prod-api/admin/engines/routes/outpaint/try', admin.ticket);
    expect(expand.code).toBe(0);
    const result = await call(
      'GET',
      `/api/gw/v3/image/outpaint/async/results?task_id=${expand.result.task_id}`,
      admin.ticket,
    );
    // The picture grows from 512 × 512 to 16:9: padding on the left and right only.
    const grow = result.result.request.params.expand;
    expect(grow.top + grow.bottom).toBe(0);
    expect(Math.abs((512 + grow.left + grow.right) / 512 - 16 / 9)).toBeLessThan(0.02);
  });
});
