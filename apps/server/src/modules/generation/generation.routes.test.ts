import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ffprobe from '@ffprobe-installer/ffprobe';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerRunner } from '@lumen/worker/runner';
import {
  extractFrame,
  meanAbsDiff,
  probeStreams,
  probeVideo,
} from '@lumen/engines/local/local-test-support';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { startTestWorker } from '../../../test/support/worker';
import { tasks } from './generation.schema';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
const call: ReturnType<typeof createApiCaller>['call'] = (...args) => api.call(...args);
const signIn = (email: string) => api.signIn(email);
const credits = (ticket: string) => api.credits(ticket);
let worker: WorkerRunner;
beforeAll(async () => {
  t = await createTestApp({
    env: { ADMIN_EMAILS: 'ops@example.com', COMFYUI_URL: 'http://127.0.0.1:9' },
  });
  api = createApiCaller(t);
  worker = startTestWorker(t, { comfyuiUrl: 'http://127.0.0.1:9' });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

async function waitForFinal(
  ticket: string,
  taskId: string,
  media = 'image',
  timeoutMs = 60_000,
): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { result } = await call(
      'GET',
      `/api/gw/v3/${media}/${media}/async/results?task_id=${taskId}`,
      ticket,
    );
    if ([1, 3, 4, 5].includes(result.task_status)) return result;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${result.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function fetchBytes(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('text to image through the async gateway', () => {
  it('delivers two 16:9 PNGs, takes exactly the cost, and repeats byte for byte with the same seed', async () => {
    const { ticket } = await signIn('maker@example.com');
    const before = await credits(ticket);
    const body = {
      prompt: 'a lighthouse in the fog',
      params: { batch_size: 2, wh_ratio: '16:9', seed: 42 },
      extra_field: 'ignored',
    };
    const submitted = await call('POST', '/api/gw/v3/image/txt2img/async', ticket, {
      ...body,
      request_id: 'r-1',
    });
    expect(submitted.code).toBe(0);
    expect(submitted.result).toMatchObject({ cost: 2, queue_position: expect.any(Number) });
    // Counted at submit: the new task is queued, so it is at least first in line.
    expect(submitted.result.queue_position).toBeGreaterThanOrEqual(1);

    const done = await waitForFinal(ticket, submitted.result.task_id);
    expect(done.engine).toBe('local-preview');
    expect(done.sub_task_results).toHaveLength(2);
    const images: Buffer[] = [];
    for (const sub of done.sub_task_results) {
      expect(sub.task_status).toBe(1);
      const png = await fetchBytes(sub.url);
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width! / meta.height!).toBeCloseTo(16 / 9, 1);
      images.push(png);
    }
    expect(images[0]!.equals(images[1]!)).toBe(false);
    expect(await credits(ticket)).toBe(before - 2);

    const again = await call('POST', '/api/gw/v3/image/txt2img/async', ticket, {
      ...body,
      request_id: 'r-2',
    });
    const second = await waitForFinal(ticket, again.result.task_id);
    for (const [i, sub] of second.sub_task_results.entries()) {
      expect((await fetchBytes(sub.url)).equals(images[i]!)).toBe(true);
    }
    // Replaying a request id answers the same task and holds nothing more.
    const replay = await call('POST', '/api/gw/v3/image/txt2img/async', ticket, {
      ...body,
      request_id: 'r-2',
    });
    expect(replay.result.task_id).toBe(again.result.task_id);
    expect(await credits(ticket)).toBe(before - 4);
  });

  it('refuses bad requests without moving credits', async () => {
    const { ticket } = await signIn('careful@example.com');
    const before = await credits(ticket);
    const empty = await call('POST', '/api/gw/v3/image/txt2img/async', ticket, {
      prompt: '  ',
      params: { batch_size: 1 },
    });
    expect(empty.code).toBe(1001);
    const long = await call('POST', '/api/gw/v3/image/txt2img/async', ticket, {
      prompt: 'x'.repeat(2001),
    });
    expect(long.code).toBe(1001);
    const wrongMedia = await call('POST', '/api/gw/v3/video/txt2img/async', ticket, {
      prompt: 'cat',
    });
    expect(wrongMedia.code).toBe(1001);
    const tooMany = await call('POST', '/api/gw/v3/image/txt2img/async', ticket, {
      prompt: 'cat',
      params: { batch_size: 4 },
    });
    expect(tooMany.code).toBe(2020);
    const notMine = await call('POST', '/api/gw/v3/image/img2img/async', ticket, {
      prompt: 'cat',
      images: ['uploads/999/nope.png'],
    });
    expect(notMine.code).not.toBe(0);
    expect(await credits(ticket)).toBe(before);
  });

  it('refuses a free user a second task while the first is active', async () => {
    const { ticket } = await signIn('eager@example.com');
    await worker.stop();
    const first = await call('POST', '/api/gw/v3/image/txt2img/async', ticket, { prompt: 'one' });
    expect(first.code).toBe(0);
    const second = await call('POST', '/api/gw/v3/image/txt2img/async', ticket, { prompt: 'two' });
    expect(second.code).toBe(2010);
    const cancelled = await call(
      'POST',
      `/prod-api/content/tasks/${first.result.task_id}/cancel`,
      ticket,
    );
    expect(cancelled.result).toMatchObject({ status: 'cancelled', task_status: 5 });
    expect(await credits(ticket)).toBe(30);
    worker = startTestWorker(t, { comfyuiUrl: 'http://127.0.0.1:9' });
  });

  it('answers each of many concurrent submissions on its own: replays, limits, holds', async () => {
    await worker.stop();
    try {
      const users = await Promise.all(
        Array.from({ length: 8 }, (_, i) => signIn(`crowd${i}@example.com`)),
      );
      const before = await Promise.all(users.map((u) => credits(u.ticket)));
      const submit = (ticket: string, requestId: string, prompt: string) =>
        call('POST', '/api/gw/v3/image/txt2img/async', ticket, { prompt, request_id: requestId });
      // Every user sends the same request twice and a second task, all at the same time.
      const answers = await Promise.all(
        users.flatMap((u, i) => [
          submit(u.ticket, `crowd-${i}`, `crowd ${i}`),
          submit(u.ticket, `crowd-${i}`, `crowd ${i}`),
          submit(u.ticket, `crowd-${i}-b`, `crowd ${i} again`),
        ]),
      );
      // Which of a user's two tasks wins is up to the race; exactly one does, and the request
      // sent twice gets one answer.
      const ids = new Set<string>();
      const accepted: { ticket: string; taskId: string; before: number }[] = [];
      for (const [i, u] of users.entries()) {
        const [first, replay, second] = answers.slice(i * 3, i * 3 + 3);
        expect(replay!.code).toBe(first!.code);
        if (first!.code === 0) {
          expect(replay!.result.task_id).toBe(first!.result.task_id);
          expect(second!.code).toBe(2010);
        } else {
          expect(first!.code).toBe(2010);
          expect(second!.code).toBe(0);
        }
        const won = first!.code === 0 ? first! : second!;
        ids.add(won.result.task_id);
        expect(await credits(u.ticket)).toBe(before[i]! - won.result.cost);
        accepted.push({ ticket: u.ticket, taskId: won.result.task_id, before: before[i]! });
      }
      expect(ids.size).toBe(8);
      const positions = answers
        .filter((a, n) => a.code === 0 && n % 3 !== 1)
        .map((a) => a.result.queue_position);
      expect(Math.min(...positions)).toBeGreaterThanOrEqual(1);
      expect(new Set(positions).size).toBe(8);
      for (const a of accepted) {
        await call('POST', `/prod-api/content/tasks/${a.taskId}/cancel`, a.ticket);
        expect(await credits(a.ticket)).toBe(a.before);
      }
    } finally {
      worker = startTestWorker(t, { comfyuiUrl: 'http://127.0.0.1:9' });
    }
  });

  it('blocks prompts with blocklisted terms, naming the term', async () => {
    const admin = await signIn('ops@example.com');
    expect(
      (
        await call('POST', '/prod-api/admin/moderation/terms', admin.ticket, {
          term: 'Forbidden Word',
        })
      ).code,
    ).toBe(0);
    const user = await signIn('writer@example.com');
    const res = await call('POST', '/api/gw/v3/image/txt2img/async', user.ticket, {
      prompt: 'a FORBIDDEN   word here',
    });
    expect(res.code).toBe(1001);
    expect(res.result.fields[0]).toEqual({ field: 'prompt', message: 'Forbidden Word' });
  });
});

describe('the history', () => {
  it('finds my runs by a piece of their prompt, in any case, taking % and _ literally', async () => {
    const { ticket } = await signIn('searcher@example.com');
    const { ticket: other } = await signIn('elsewhere@example.com');
    const prompts = ['A red fox in snow', 'Blue whale at dawn', 'fox: 100% pure_white'];
    for (const prompt of prompts) {
      const submitted = await call('POST', '/api/gw/v3/image/txt2img/async', ticket, {
        prompt,
        params: { batch_size: 1 },
      });
      expect(submitted.code, JSON.stringify(submitted)).toBe(0);
      await waitForFinal(ticket, submitted.result.task_id);
    }
    const strangers = await call('POST', '/api/gw/v3/image/txt2img/async', other, {
      prompt: 'a fox of someone else',
      params: { batch_size: 1 },
    });
    await waitForFinal(other, strangers.result.task_id);
    const search = async (q: string, kind = 'image') => {
      const answer = await call(
        'GET',
        `/prod-api/content/tasks?kind=${kind}&q=${encodeURIComponent(q)}`,
        ticket,
      );
      expect(answer.code).toBe(0);
      return {
        total: answer.result.total as number,
        prompts: (answer.result.data as Json[]).map((task) => task.prompt as string),
      };
    };
    expect(await search('FOX')).toEqual({
      total: 2,
      prompts: ['fox: 100% pure_white', 'A red fox in snow'],
    });
    expect((await search('%')).prompts).toEqual(['fox: 100% pure_white']);
    expect((await search('e_w')).prompts).toEqual(['fox: 100% pure_white']);
    expect((await search('whale', 'video')).total).toBe(0);
    // Blank is no filter at all.
    expect((await search('  ')).total).toBe(3);
    expect((await search('unicorn')).total).toBe(0);
    expect((await call('GET', `/prod-api/content/tasks?q=${'x'.repeat(101)}`, ticket)).code).toBe(
      1001,
    );
  });

  it('has a trigram index that serves a search by a piece of the prompt', async () => {
    // With few rows the planner would scan anyway; barred from scanning, it shows the index.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await tx.execute(
        sql`explain select id from tasks where settings->>'prompt' ilike '%fox in sn%'`,
      );
      return JSON.stringify(rows);
    });
    expect(plan).toContain('tasks_prompt_trgm_idx');
  });
});

describe('engines', () => {
  it('fails a task routed to an unreachable ComfyUI and gives the credits back', async () => {
    const admin = await signIn('ops2@example.com');
    await t.database.db.execute(`update users set roles = '{admin}' where id = ${admin.id}`);
    const routed = await call('PUT', '/prod-api/admin/algo_config/txt2img', admin.ticket, {
      engine: 'comfyui',
    });
    expect(routed.result.engine).toBe('comfyui');
    const user = await signIn('unlucky@example.com');
    const before = await credits(user.ticket);
    const submitted = await call('POST', '/api/gw/v3/image/txt2img/async', user.ticket, {
      prompt: 'a cat',
    });
    const result = await waitForFinal(user.ticket, submitted.result.task_id);
    expect(result.task_status).toBe(3);
    // The owner is told why in words of their own language; the host stays with the operators.
    expect(result.error_reason).toBe('unavailable');
    expect(result.error).toBe(
      'The generation service is busy or unavailable right now. Please try again shortly.',
    );
    const inSpanish = await t.app.inject({
      method: 'GET',
      url: `/api/gw/v3/image/image/async/results?task_id=${submitted.result.task_id}`,
      headers: { authorization: `Bearer ${user.ticket}`, 'accept-language': 'es' },
    });
    expect(inSpanish.json().result.error).toMatch(/^El servicio de generación está ocupado/);
    expect(JSON.stringify(inSpanish.json())).not.toContain('127.0.0.1');
    const [row] = await t.database.db
      .select({ errorMessage: tasks.errorMessage })
      .from(tasks)
      .where(eq(tasks.id, submitted.result.task_id));
    expect(row?.errorMessage).toContain('127.0.0.1:9');
    expect(await credits(user.ticket)).toBe(before);
    await call('PUT', '/prod-api/admin/algo_config/txt2img', admin.ticket, { engine: 'local' });
  });

  it('makes a 5 s H.264 MP4 from text', async () => {
    const { ticket } = await signIn('director@example.com');
    const submitted = await call('POST', '/api/gw/v3/video/video_diffusion/async', ticket, {
      prompt: 'waves on a beach at sunset',
      params: { duration: 5, resolution: '720p' },
    });
    expect(submitted.result.cost).toBe(30);
    const done = await waitForFinal(ticket, submitted.result.task_id, 'video', 120_000);
    expect(done.task_status).toBe(1);
    const mp4 = await fetchBytes(done.sub_task_results[0].url);
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-mp4-')), 'out.mp4');
    await fs.writeFile(file, mp4);
    const probe = spawnSync(ffprobe.path, [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,height:format=duration',
      '-of',
      'json',
      file,
    ]);
    const info = JSON.parse(probe.stdout.toString()) as {
      streams: { codec_name: string; height: number }[];
      format: { duration: string };
    };
    expect(info.streams[0]).toMatchObject({ codec_name: 'h264', height: 720 });
    expect(Number(info.format.duration)).toBeCloseTo(5, 0);
  }, 150_000);
});

describe('sound effects', () => {
  it('lays a sound track under a subscriber’s video, and asks a free user to upgrade', async () => {
    const body = {
      prompt: 'rain on a quiet street at night',
      params: { duration: 5, resolution: '360p', seed: 11, sound_effect: true },
    };
    const free = await signIn('free-sound@example.com');
    const before = await credits(free.ticket);
    const refused = await call('POST', '/api/gw/v3/video/video_diffusion/async', free.ticket, body);
    expect(refused).toMatchObject({
      code: 2020,
      msg: 'Sound effects are available to subscribed users only',
    });
    expect(await credits(free.ticket)).toBe(before);

    const plus = await signIn('plus-sound@example.com');
    await t.app.services.billing.grantPlan(plus.id, 2, 30, 'admin');
    const submitted = await call(
      'POST',
      '/api/gw/v3/video/video_diffusion/async',
      plus.ticket,
      body,
    );
    expect(submitted.code).toBe(0);
    const done = await waitForFinal(plus.ticket, submitted.result.task_id, 'video', 120_000);
    expect(done.task_status).toBe(1);
    expect(done.request.params.sound_effect).toBe(true);
    const mp4 = await fetchBytes(done.sub_task_results[0].url);
    expect(probeStreams(mp4)).toEqual({ video: 'h264', audio: 'aac' });

    // Pictures make no sound: the toggle is not kept on an image run.
    const image = await call('POST', '/api/gw/v3/image/txt2img/async', plus.ticket, {
      prompt: 'a bell',
      params: { sound_effect: true },
    });
    const imageDone = await waitForFinal(plus.ticket, image.result.task_id);
    expect(imageDone.request.params.sound_effect).toBe(false);
  }, 150_000);
});

describe('downloads', () => {
  it("answers a free user's image with the watermarked twin", async () => {
    const { ticket } = await signIn('free@example.com');
    const submitted = await call('POST', '/api/gw/v3/image/txt2img/async', ticket, {
      prompt: 'a red fox',
    });
    const done = await waitForFinal(ticket, submitted.result.task_id);
    const key = done.sub_task_results[0].image as string;
    const dl = await call(
      'GET',
      `/api/gw/v2/downloads/media?type=image&key=${encodeURIComponent(key)}&wm=0`,
      ticket,
    );
    expect(dl.code).toBe(0);
    expect(dl.result.url).toContain('_wm.png');
    // Made on this first download: a PNG the size of the original, not the original itself.
    const marked = await fetchBytes(dl.result.url);
    const original = await fetchBytes(done.sub_task_results[0].url);
    expect(await sharp(marked).metadata()).toMatchObject({ format: 'png', width: 1024 });
    expect(marked.equals(original)).toBe(false);
  });

  it("answers a free user's video with a watermarked H.264 twin, and a plus user's with the original", async () => {
    const free = await signIn('free-video@example.com');
    const submitted = await call('POST', '/api/gw/v3/video/video_diffusion/async', free.ticket, {
      prompt: 'a paper boat on a pond',
      params: { duration: 5, resolution: '360p', wh_ratio: '16:9', seed: 7 },
    });
    const done = await waitForFinal(free.ticket, submitted.result.task_id, 'video', 120_000);
    expect(done).toMatchObject({ task_status: 1, error: null });
    const key = done.sub_task_results[0].video as string;
    const download = (ticket: string) =>
      call(
        'GET',
        `/api/gw/v2/downloads/media?type=video&key=${encodeURIComponent(key)}&wm=0`,
        ticket,
      );
    const dl = await download(free.ticket);
    expect(dl.code).toBe(0);
    expect(dl.result.url).toContain('_wm.mp4');
    const marked = await fetchBytes(dl.result.url);
    const original = await fetchBytes(done.sub_task_results[0].url);
    expect(probeStreams(marked)).toEqual({ video: 'h264' });
    const size = probeVideo(marked);
    expect([size.width, size.height]).toEqual([640, 360]);
    const corner = (video: Buffer, left: number, top: number) =>
      sharp(extractFrame(video, 0)).extract({ left, top, width: 100, height: 30 }).png().toBuffer();
    // The mark sits in the bottom-right corner; the rest is the same picture.
    const markDiff = await meanAbsDiff(
      await corner(marked, 540, 330),
      await corner(original, 540, 330),
    );
    const restDiff = await meanAbsDiff(await corner(marked, 0, 0), await corner(original, 0, 0));
    expect(markDiff).toBeGreaterThan(10);
    // Same colours elsewhere: the twin keeps the original's BT.709 tags.
    expect(restDiff).toBeLessThan(1.5);

    // The same work downloaded by its plus owner would be the original: grade above 0.
    await t.app.services.billing.grantPlan(free.id, 2, 30, 'admin');
    expect((await download(free.ticket)).result.url).not.toContain('_wm');
  }, 150_000);
});
