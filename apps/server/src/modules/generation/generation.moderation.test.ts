import { randomUUID } from 'node:crypto';
import { gatewaySubmitSchema } from '@lumen/contracts/tasks';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerRunner } from '@lumen/worker/runner';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { startTestWorker } from '../../../test/support/worker';
import { makeTestPhoto } from '@lumen/engines/local/local-test-support';
import { createUser } from '../../../test/support/factories';
import { mediaObjects } from '../media/media.schema';
import { taskOutputs, tasks } from './generation.schema';
import { normaliseSubmission } from './task-input';

/**
 * The real NSFW scorer (nsfwjs MobileNetV2) runs on every image output. Drawn previews score
 * low, and since they draw the prompt's subjects some seeds score under 0.001; at a threshold
 * of 1e-9 every picture is flagged, so this exercises the real scoring and the flagged path
 * end to end whatever the seed.
 */
let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let worker: WorkerRunner;
beforeAll(async () => {
  t = await createTestApp({ env: { NSFW_CHECK: 'on', NSFW_THRESHOLD: '1e-9' } });
  api = createApiCaller(t);
  worker = startTestWorker(t);
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

const TXT2IMG = '/api/gw/v3/image/txt2img/async';

async function waitForFinal(ticket: string, taskId: string): Promise<Json> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { result } = await api.call('GET', `${TXT2IMG}/results?task_id=${taskId}`, ticket);
    if ([1, 3, 4, 5].includes(result.task_status)) return result;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${result.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('outputs the NSFW scorer flags', () => {
  it('end the task flagged (4) with nothing shown or stored, and give the credits back', async () => {
    const { ticket } = await api.signIn('flagged@example.com');
    const before = await api.credits(ticket);
    const submitted = await api.call('POST', TXT2IMG, ticket, {
      prompt: 'a person on the beach',
      params: { batch_size: 2 },
    });
    expect(submitted.code).toBe(0);
    expect(submitted.result.cost).toBe(2);

    const result = await waitForFinal(ticket, submitted.result.task_id);
    expect(result).toMatchObject({ status: 'flagged', task_status: 4, cost: 2 });
    expect(result.sub_task_results).toHaveLength(2);
    for (const sub of result.sub_task_results) {
      expect(sub).toMatchObject({ task_status: 4, url: null, thumb_url: null });
      expect(sub.image).toBeUndefined();
    }
    expect(await api.credits(ticket)).toBe(before);

    const [outputs] = await t.database.db
      .select({ n: count() })
      .from(taskOutputs)
      .where(eq(taskOutputs.taskId, submitted.result.task_id));
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(mediaObjects)
      .where(eq(mediaObjects.taskId, submitted.result.task_id));
    expect([outputs?.n, stored?.n]).toEqual([0, 0]);

    // The refund shows in the bill as the hold coming back.
    const bills = await api.call('GET', '/prod-api/trade/v1/credits/bills?filter=consumed', ticket);
    expect(bills.result.data.map((b: Json) => [b.type, b.credits])).toContainEqual(['refund', 2]);
  }, 90_000);

  it('leaves the results of background removal and upscaling to their input’s moderation', async () => {
    const user = await createUser(t.database.db);
    const picture = await makeTestPhoto(640, 480);
    const now = new Date();
    // The settings matter not here; any valid ones do.
    const settings = normaliseSubmission(
      'txt2img',
      gatewaySubmitSchema.parse({ prompt: 'a tool test', params: {} }),
    );
    const ended: Record<string, string | undefined> = {};
    // Queued directly, for an engine no running worker serves: this test plays the worker.
    for (const taskType of ['remove_bg', 'upscale', 'img2img'] as const) {
      const id = randomUUID();
      await t.database.db.insert(tasks).values({
        id,
        userId: user.id,
        taskType,
        media: 'image',
        engine: 'moderation-test',
        status: 'queued',
        settings,
        inputs: { images: [], videos: [], audios: [] },
        lane: 0,
        maxRunning: 4,
        cost: 0,
        requestId: id,
        createdAt: now,
        updatedAt: now,
      });
      const claimed = await t.app.services.queue.claim({
        workerId: `mod-${taskType}`,
        engines: ['moderation-test'],
        taskTypes: [taskType],
      });
      expect(claimed?.id).toBe(id);
      await t.app.services.queue.complete(id, `mod-${taskType}`, [
        { kind: 'image', mime: 'image/png', bytes: picture, width: 640, height: 480 },
      ]);
      const [row] = await t.database.db
        .select({ status: tasks.status })
        .from(tasks)
        .where(eq(tasks.id, id));
      ended[taskType] = row?.status;
    }
    // At this threshold every picture is flagged: only a tool that makes one anew is scored.
    expect(ended).toEqual({ remove_bg: 'done', upscale: 'done', img2img: 'flagged' });
  }, 60_000);

  it('refuses an upload the scorer flags, before any task may use it', async () => {
    const { ticket } = await api.signIn('flagged-upload@example.com');
    const before = await api.credits(ticket);
    const bytes = await makeTestPhoto(640, 480);
    const created = await api.call('POST', '/prod-api/content/uploads', ticket, {
      filename: 'beach.png',
      content_type: 'image/png',
      size: bytes.length,
    });
    expect(created.code).toBe(0);
    const put = await t.app.inject({
      method: 'PUT',
      url: created.result.upload_url,
      headers: { 'content-type': 'image/png' },
      payload: bytes,
    });
    expect(put.statusCode).toBeLessThan(300);
    const complete = await api.call('POST', '/prod-api/content/uploads/complete', ticket, {
      key: created.result.key,
    });
    expect(complete).toMatchObject({ code: 1001, msg: 'The image contains sensitive information' });
    const used = await api.call('POST', '/api/gw/v3/image/img2img/async', ticket, {
      prompt: 'restyle',
      images: [created.result.key],
    });
    expect(used).toMatchObject({ code: 1001, msg: 'The image contains sensitive information' });
    expect(await api.credits(ticket)).toBe(before);
    const [row] = await t.database.db
      .select({ status: mediaObjects.status })
      .from(mediaObjects)
      .where(eq(mediaObjects.key, created.result.key));
    expect(row?.status).toBe('rejected');
  }, 60_000);
});
