import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerRunner } from '@lumen/worker/runner';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { startTestWorker } from '../../../test/support/worker';
import { accountDeletions } from '../account/account.schema';
import { taskOutputs } from './generation.schema';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let worker: WorkerRunner;
beforeAll(async () => {
  t = await createTestApp({ env: { COMFYUI_URL: 'http://127.0.0.1:9' } });
  api = createApiCaller(t);
  worker = startTestWorker(t, { comfyuiUrl: 'http://127.0.0.1:9' });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

const call: ReturnType<typeof createApiCaller>['call'] = (...args) => api.call(...args);

async function generateTwo(ticket: string, prompt: string): Promise<Json> {
  const submitted = await call('POST', '/api/gw/v3/image/txt2img/async', ticket, {
    prompt,
    params: { batch_size: 2 },
  });
  expect(submitted.code).toBe(0);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { result } = await call(
      'GET',
      `/api/gw/v3/image/txt2img/async/results?task_id=${submitted.result.task_id}`,
      ticket,
    );
    if (result.status === 'done') return result;
    if (Date.now() > deadline) throw new Error(`task still ${result.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stored = (key: string) =>
  fs
    .access(path.join(t.config.dataDir, 'media', ...key.split('/')))
    .then(() => true)
    .catch(() => false);

const history = async (ticket: string) =>
  ((await call('GET', '/prod-api/content/tasks?kind=image', ticket)).result.data as Json[]).map(
    (task) => ({
      id: task.task_id as string,
      outputs: (task.sub_task_results as Json[]).map((s) => s.index as number),
    }),
  );

const remove = (ticket: string, taskId: string, index: number) =>
  call('DELETE', `/prod-api/content/tasks/${taskId}/outputs/${index}`, ticket);

describe('deleting results from the library', () => {
  it('removes one output with its files and folder place; the rest of the run stays', async () => {
    const me = await api.signIn('tidy@example.com');
    const done = await generateTwo(me.ticket, 'two foxes in the snow');
    const taskId = done.task_id as string;
    const [first, second] = done.sub_task_results as Json[];
    expect([first!.index, second!.index]).toEqual([0, 1]);
    const key = first!.image as string;
    const folder = await call('POST', '/prod-api/content/assets_folder', me.ticket, {
      name: 'Foxes',
      algo_type: 1,
    });
    const folderId = folder.result.id as number;
    await call('POST', `/prod-api/content/assets_folder/${folderId}/items`, me.ticket, {
      keys: [key],
    });
    expect(await stored(key)).toBe(true);
    const balance = await api.credits(me.ticket);

    expect(await remove(me.ticket, taskId, 0)).toEqual({ code: 0, msg: 'success', result: null });

    const after = await call(
      'GET',
      `/api/gw/v3/image/txt2img/async/results?task_id=${taskId}`,
      me.ticket,
    );
    expect(after.result.sub_task_results).toHaveLength(1);
    expect(after.result.sub_task_results[0]).toMatchObject({ index: 1, image: second!.image });
    expect(await history(me.ticket)).toEqual([{ id: taskId, outputs: [1] }]);
    const items = await call('GET', `/prod-api/content/assets_folder/${folderId}/items`, me.ticket);
    expect(items.result.data).toEqual([]);
    expect(await stored(key)).toBe(false);
    // Delivered work is paid for: deleting it gives nothing back.
    expect(await api.credits(me.ticket)).toBe(balance);

    // A second press, or somebody else's, changes nothing.
    expect((await remove(me.ticket, taskId, 0)).code).toBe(1004);
    const other = await api.signIn('nosy@example.com');
    expect((await remove(other.ticket, taskId, 1)).code).toBe(1004);
    expect(await history(me.ticket)).toEqual([{ id: taskId, outputs: [1] }]);

    // The last output gone, the run leaves the history.
    expect((await remove(me.ticket, taskId, 1)).code).toBe(0);
    expect(await history(me.ticket)).toEqual([]);
    expect(await stored(second!.image as string)).toBe(false);
  });

  it('keeps the files of an output published to the community, and refuses to publish a deleted one', async () => {
    const me = await api.signIn('shown@example.com');
    const done = await generateTwo(me.ticket, 'a kite over the dunes');
    const taskId = done.task_id as string;
    const published = await call('POST', '/prod-api/content/works', me.ticket, {
      task_id: taskId,
      output_index: 0,
      title: 'Kite',
    });
    expect(published.code).toBe(0);

    expect((await remove(me.ticket, taskId, 0)).code).toBe(0);
    expect((await remove(me.ticket, taskId, 1)).code).toBe(0);
    expect(await history(me.ticket)).toEqual([]);

    const work = await call(
      'GET',
      `/prod-api/content/works/${published.result.work_id as string}`,
      me.ticket,
    );
    expect(work.code).toBe(0);
    const shown = await t.app.inject({ method: 'GET', url: work.result.media.url as string });
    expect(shown.statusCode).toBe(200);

    const again = await call('POST', '/prod-api/content/works', me.ticket, {
      task_id: taskId,
      output_index: 1,
      title: 'Gone',
    });
    expect(again.code).toBe(1001);

    // Its files stay for the work, but it cannot come back into a folder.
    const folder = await call('POST', '/prod-api/content/assets_folder', me.ticket, {
      name: 'Dunes',
      algo_type: 1,
    });
    const filed = await call(
      'POST',
      `/prod-api/content/assets_folder/${folder.result.id as number}/items`,
      me.ticket,
      { keys: [(done.sub_task_results as Json[])[0]!.image as string] },
    );
    expect(filed.code).toBe(1004);

    // Unpublished, nothing needs the deleted output's files any more.
    const key = (done.sub_task_results as Json[])[0]!.image as string;
    expect(await stored(key)).toBe(true);
    const unpublished = await call(
      'DELETE',
      `/prod-api/content/works/${published.result.work_id as string}`,
      me.ticket,
    );
    expect(unpublished.code).toBe(0);
    expect(await stored(key)).toBe(false);
  });

  it('never leaves a published work without its files when publishing and deleting race', async () => {
    const me = await api.signIn('racer@example.com');
    for (let round = 0; round < 4; round++) {
      const done = await generateTwo(me.ticket, `race ${round}`);
      const taskId = done.task_id as string;
      const key = (done.sub_task_results as Json[])[0]!.image as string;
      const [published, deleted] = await Promise.all([
        call('POST', '/prod-api/content/works', me.ticket, {
          task_id: taskId,
          output_index: 0,
          title: `Race ${round}`,
        }),
        remove(me.ticket, taskId, 0),
      ]);
      expect(deleted.code).toBe(0);
      // Either the work exists and keeps the file, or publishing was refused and it is gone.
      if (published.code === 0) expect(await stored(key)).toBe(true);
      else expect([published.code, await stored(key)]).toEqual([1001, false]);
    }
  });

  it('deletes a selection by media key, skipping keys that are not mine', async () => {
    const me = await api.signIn('sweep@example.com');
    const a = await generateTwo(me.ticket, 'first sweep');
    const b = await generateTwo(me.ticket, 'second sweep');
    const other = await api.signIn('bystander@example.com');
    const theirs = await generateTwo(other.ticket, 'not yours');
    const keyOf = (run: Json, i: number) => (run.sub_task_results as Json[])[i]!.image as string;

    const deleted = await call('POST', '/prod-api/content/tasks/outputs/delete', me.ticket, {
      keys: [keyOf(a, 0), keyOf(a, 1), keyOf(b, 1), keyOf(theirs, 0), 'outputs/nope.png'],
    });
    expect(deleted).toEqual({ code: 0, msg: 'success', result: { count: 3 } });
    expect(await history(me.ticket)).toEqual([{ id: b.task_id, outputs: [0] }]);
    expect(await history(other.ticket)).toEqual([{ id: theirs.task_id, outputs: [0, 1] }]);
    expect(await stored(keyOf(theirs, 0))).toBe(true);

    const again = await call('POST', '/prod-api/content/tasks/outputs/delete', me.ticket, {
      keys: [keyOf(a, 0)],
    });
    expect(again.result).toEqual({ count: 0 });
    const empty = await call('POST', '/prod-api/content/tasks/outputs/delete', me.ticket, {
      keys: [],
    });
    expect(empty.code).toBe(1001);
  });

  it('refuses a malformed task id or index without changing anything', async () => {
    const me = await api.signIn('typo@example.com');
    expect((await remove(me.ticket, 'not-a-uuid', 0)).code).toBe(1001);
    expect((await remove(me.ticket, '00000000-0000-4000-8000-000000000000', -1)).code).toBe(1001);
    expect((await call('DELETE', '/prod-api/content/tasks/x/outputs/0')).code).not.toBe(0);
  });
});

describe('purging a deleted account', () => {
  it('empties its library and removes its uploads; a work it published keeps its files', async () => {
    const me = await api.signIn('leaving@example.com');
    const done = await generateTwo(me.ticket, 'a last fox');
    const [kept, shown] = (done.sub_task_results as Json[]).map((s) => s.image as string);
    const work = await call('POST', '/prod-api/content/works', me.ticket, {
      task_id: done.task_id,
      output_index: 1,
      title: 'Still here',
      description: 'A fox',
    });
    expect(work.code).toBe(0);
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#456' },
    })
      .png()
      .toBuffer();
    const asked = await call('POST', '/prod-api/content/uploads', me.ticket, {
      filename: 'me.png',
      content_type: 'image/png',
      size: png.length,
    });
    await t.app.inject({
      method: 'PUT',
      url: asked.result.upload_url,
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    const upload = asked.result.key as string;
    expect(
      (await call('POST', '/prod-api/content/uploads/complete', me.ticket, { key: upload })).code,
    ).toBe(0);
    const other = await api.signIn('staying@example.com');
    const theirs = await generateTwo(other.ticket, 'a fox that stays');

    await call('POST', '/prod-api/user/delete', me.ticket, { phrase: 'Delete My Account' });
    // The retention period ends: the purge runs on the next hourly pass.
    await t.database.db
      .update(accountDeletions)
      .set({ purgeAfter: new Date(Date.now() - 1000) })
      .where(eq(accountDeletions.userId, me.id));
    expect(await t.app.services.account.purgeDueAccounts()).toBe(1);

    expect([await stored(kept!), await stored(shown!), await stored(upload)]).toEqual([
      false,
      true,
      false,
    ]);
    const outputs = await t.database.db
      .select({ deletedAt: taskOutputs.deletedAt })
      .from(taskOutputs)
      .where(eq(taskOutputs.taskId, done.task_id as string));
    expect(outputs.map((o) => o.deletedAt !== null)).toEqual([true, true]);
    // Nobody else's library moved.
    expect(await history(other.ticket)).toEqual([{ id: theirs.task_id, outputs: [0, 1] }]);
    expect(await t.app.services.account.purgeDueAccounts()).toBe(0);
  });
});
