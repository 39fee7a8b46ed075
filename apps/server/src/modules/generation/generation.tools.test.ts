import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestTone, probeStreams } from '@lumen/engines/local/local-test-support';
import {
  makeFacelessPicture,
  readGroupPhoto,
  readPortraitPhoto,
} from '@lumen/engines/ml/face-test-support';
import type { WorkerRunner } from '@lumen/worker/runner';
import { createApiCaller } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createToolRuns, productShot } from '../../../test/support/tool-runs';
import { startTestWorker } from '../../../test/support/worker';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let worker: WorkerRunner;
const { upload, waitForFinal, fetchBytes } = createToolRuns(() => ({ t, api }));
beforeAll(async () => {
  t = await createTestApp();
  api = createApiCaller(t);
  worker = startTestWorker(t);
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

async function alphaAt(png: Buffer, points: [number, number][]): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return points.map(([x, y]) => data[(y * info.width + x) * info.channels + 3] ?? -1);
}

const REMOVE_BG = '/api/gw/v3/image/remove_bg/async';

describe('background removal', () => {
  it('is refused to free and basic users (spec §5), moving no credits', async () => {
    const { ticket, id } = await api.signIn('cutout-free@example.com');
    const key = await upload(ticket, await productShot(512), 'ball.png', 'image/png');
    const before = await api.credits(ticket);
    const free = await api.call('POST', REMOVE_BG, ticket, { images: [key] });
    expect(free.code).toBe(2020);
    await t.app.services.billing.grantPlan(id, 1, 30, 'admin');
    const basic = await api.call('POST', REMOVE_BG, ticket, { images: [key] });
    expect(basic.code).toBe(2020);
    expect(await api.credits(ticket)).toBe(before);
  });

  it('cuts the subject out for a plus user: an RGBA PNG, transparent around it, 1 credit', async () => {
    const { ticket, id } = await api.signIn('cutout-plus@example.com');
    await t.app.services.billing.grantPlan(id, 2, 30, 'admin');
    const key = await upload(ticket, await productShot(512), 'ball.png', 'image/png');
    const before = await api.credits(ticket);
    // batch_size does not multiply a one-in, one-out tool.
    const submitted = await api.call('POST', REMOVE_BG, ticket, {
      images: [key],
      params: { batch_size: 2 },
    });
    expect(submitted.code).toBe(0);
    expect(submitted.result.cost).toBe(1);
    const done = await waitForFinal(ticket, REMOVE_BG, submitted.result.task_id);
    expect(done.task_status).toBe(1);
    // A real model, not a drawn preview.
    expect(done.engine).toBe('local');
    expect(done.sub_task_results).toHaveLength(1);
    const png = await fetchBytes(done.sub_task_results[0].url);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', 512, 512, 4]);
    const [corner, centre] = await alphaAt(png, [
      [5, 5],
      [256, 256],
    ]);
    expect(corner).toBeLessThan(25);
    expect(centre).toBeGreaterThan(230);
    expect(await api.credits(ticket)).toBe(before - 1);

    // The media detail page's action: a work of the user's own as the input.
    const made = await api.call('POST', '/api/gw/v3/image/txt2img/async', ticket, {
      prompt: 'a teapot on a table',
    });
    const work = await waitForFinal(ticket, '/api/gw/v3/image/txt2img/async', made.result.task_id);
    const again = await api.call('POST', REMOVE_BG, ticket, {
      images: [work.sub_task_results[0].image],
    });
    expect(again.code).toBe(0);
    const cut = await waitForFinal(ticket, REMOVE_BG, again.result.task_id);
    expect(cut.task_status).toBe(1);
    expect((await sharp(await fetchBytes(cut.sub_task_results[0].url)).metadata()).channels).toBe(
      4,
    );
  }, 120_000);
});

const ANIMATE = '/api/gw/v3/video/video_diffusion_audio_animate/async';

describe('portrait checks (audio animate)', () => {
  it('refuses a picture without a face or with several, and a missing voice, moving no credits', async () => {
    const { ticket } = await api.signIn('portrait-check@example.com');
    const voice = await upload(ticket, makeTestTone(2), 'voice.mp3', 'audio/mpeg');
    const before = await api.credits(ticket);

    const ball = await upload(ticket, await makeFacelessPicture(), 'ball.jpg', 'image/jpeg');
    const noFace = await api.call('POST', ANIMATE, ticket, { images: [ball], audios: [voice] });
    expect(noFace.code).toBe(1001);
    expect(noFace.msg).toBe('No portrait detected, please choose a clear photo of one face');

    const group = await upload(ticket, await readGroupPhoto(), 'group.jpg', 'image/jpeg');
    const crowd = await api.call('POST', ANIMATE, ticket, { images: [group], audios: [voice] });
    expect(crowd.code).toBe(1001);
    expect(crowd.msg).toContain('3 faces');

    const portrait = await upload(ticket, await readPortraitPhoto(), 'me.jpg', 'image/jpeg');
    const silent = await api.call('POST', ANIMATE, ticket, { images: [portrait] });
    expect(silent.code).toBe(1001);
    const notMine = await api.call('POST', ANIMATE, ticket, {
      images: [portrait],
      audios: ['uploads/999/nope.mp3'],
    });
    expect(notMine.code).not.toBe(0);

    expect(await api.credits(ticket)).toBe(before);
  }, 60_000);

  it('animates a one-face portrait with the voice under it', async () => {
    const { ticket } = await api.signIn('portrait-ok@example.com');
    const voice = await upload(ticket, makeTestTone(2), 'voice.mp3', 'audio/mpeg');
    const portrait = await upload(ticket, await readPortraitPhoto(), 'me.jpg', 'image/jpeg');
    const submitted = await api.call('POST', ANIMATE, ticket, {
      images: [portrait],
      audios: [voice],
      params: { resolution: '360p' },
    });
    expect(submitted.code).toBe(0);
    expect(submitted.result.cost).toBe(30);
    const done = await waitForFinal(ticket, ANIMATE, submitted.result.task_id);
    expect(done.task_status).toBe(1);
    const clip = await fetchBytes(done.sub_task_results[0].url);
    expect(probeStreams(clip)).toEqual({ video: 'h264', audio: 'aac' });
    // The clip keeps the portrait's shape (500×640 is about 4:5).
    expect(done.sub_task_results[0].width / done.sub_task_results[0].height).toBeCloseTo(0.78, 1);
  }, 120_000);
});
