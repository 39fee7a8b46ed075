import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerRunner } from '@lumen/worker/runner';
import { makeTestPhoto, probeVideo } from '@lumen/engines/local/local-test-support';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { startTestWorker } from '../../../test/support/worker';

/** Requests sent exactly as vivago's clients send them (scripts, SDKs, agent skills). */
let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let worker: WorkerRunner;
let ticket: string;
beforeAll(async () => {
  t = await createTestApp();
  api = createApiCaller(t);
  worker = startTestWorker(t);
  ticket = (await api.signIn('sdk@example.com')).ticket;
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

async function send(method: 'GET' | 'POST', url: string, body?: object, as = ticket) {
  const res = await t.app.inject({
    method,
    url,
    headers: as ? { authorization: `Bearer ${as}` } : {},
    ...(body ? { payload: body } : {}),
  });
  return { status: res.statusCode, body: res.json() as Json };
}

describe('errors a polling client understands', () => {
  it('an unknown task answers HTTP 200 with a non-zero code and a message', async () => {
    const res = await send(
      'GET',
      `/api/gw/v3/image/image/async/results?task_id=${randomUUID()}&request_id=poll-1`,
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1004);
    expect(res.body.message).toBeTruthy();
    expect(res.body.message).toBe(res.body.msg);
    expect(res.body.request_id).toBe('poll-1');
  });

  it('bad parameters answer HTTP 200, code 1001, and echo the request id', async () => {
    const res = await send('POST', '/api/gw/v3/image/txt2img/async', {
      prompt: 'x',
      params: { batch_size: 99 },
      request_id: 'req-42',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 1001, request_id: 'req-42' });
    expect(res.body.message).toContain('params.batch_size');
  });

  it('an unknown ticket asks for a login; the rest of the API keeps its statuses', async () => {
    const res = await send(
      'GET',
      `/api/gw/v3/image/image/async/results?task_id=${randomUUID()}`,
      undefined,
      'not-a-ticket',
    );
    expect(res.body.code).toBe(3015);
    const elsewhere = await send('GET', '/prod-api/content/works/999999');
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).not.toHaveProperty('message');
  });
});

async function waitForFinal(media: 'image' | 'video', taskId: string, module: string = media) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const { body } = await send(
      'GET',
      `/api/gw/v3/${media}/${module}/async/results?task_id=${taskId}`,
    );
    expect(body.code).toBe(0);
    if ([1, 3, 4, 5].includes(body.result.task_status)) return body.result as Json;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${body.result.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function download(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const absolute = /^https?:\/\/[^/]+\//;

/** Uploads a picture as vivago's clients do: ask for a URL, PUT the bytes, finish. */
async function uploadPng(width: number, height: number): Promise<string> {
  const bytes = await makeTestPhoto(width, height);
  const ticketAnswer = await send('POST', '/prod-api/content/uploads', {
    filename: 'input.png',
    content_type: 'image/png',
    size: bytes.length,
  });
  expect(ticketAnswer.body.code).toBe(0);
  const { key, upload_url } = ticketAnswer.body.result;
  expect(upload_url).toMatch(absolute);
  const put = await t.app.inject({
    method: 'PUT',
    url: upload_url,
    headers: { 'content-type': 'image/png' },
    payload: bytes,
  });
  expect(put.statusCode).toBeLessThan(300);
  expect((await send('POST', '/prod-api/content/uploads/complete', { key })).body.code).toBe(0);
  return key as string;
}

/** The text-to-image body of vivago's public Python client, as it sends it. */
const klingBody = {
  module: 'image_gen_kling',
  version: 'kling-image-o1',
  prompt: 'a red kite over the sea',
  magic_prompt: '',
  params: {
    batch_size: 1,
    wh_ratio: '16:9',
    width: 512,
    height: 512,
    seed: -1,
    custom_params: { enhance: '1k', wh_ratio: '16:9' },
  },
};

describe('model-family modules', () => {
  it('text to image on image_gen_kling: 1K output, vivago sub-result fields, polled at image/image', async () => {
    const submitted = await send('POST', '/api/gw/v3/image/image_gen_kling/async', klingBody);
    expect(submitted.status).toBe(200);
    expect(submitted.body.code).toBe(0);
    const done = await waitForFinal('image', submitted.body.result.task_id);
    expect(done.task_status).toBe(1);
    expect(done.task_type).toBe('txt2img');
    expect(done.request.version).toBe('kling-image-o1');
    const [sub] = done.sub_task_results;
    expect(sub).toMatchObject({
      sub_task_id: expect.any(String),
      task_completion: 1,
      algo_version: 'kling-image-o1',
    });
    expect(sub.url).toMatch(absolute);
    expect(sub.thumb_url).toMatch(absolute);
    const meta = await sharp(await download(sub.url)).metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width!, meta.height!)).toBeGreaterThanOrEqual(1024);
    expect(meta.width! / meta.height!).toBeCloseTo(16 / 9, 1);
    const link = await send(
      'GET',
      `/api/gw/v2/downloads/media?type=image&key=${encodeURIComponent(sub.image)}`,
    );
    expect(link.body.code).toBe(0);
    expect(link.body.result.url).toMatch(absolute);
    // Polled at txt2img too, whatever module submitted it.
    const again = await send(
      'GET',
      `/api/gw/v3/image/txt2img/async/results?task_id=${done.task_id}`,
    );
    expect(again.body.result.task_status).toBe(1);
  });

  it('the same module with images (or image) is image to image', async () => {
    const key = await uploadPng(400, 300);
    for (const field of ['images', 'image'] as const) {
      const submitted = await send('POST', '/api/gw/v3/image/image_gen_kling/async', {
        ...klingBody,
        [field]: [key],
      });
      expect(submitted.body.code).toBe(0);
      const done = await waitForFinal('image', submitted.body.result.task_id);
      expect(done.task_type).toBe('img2img');
      expect(done.request.images).toEqual([key]);
    }
  });

  it('an unknown module answers a clear 1001 with HTTP 200 and queues nothing', async () => {
    const before = await api.credits(ticket);
    const res = await send('POST', '/api/gw/v3/image/image_gen_nobody/async', klingBody);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1001);
    expect(res.body.message).toContain('image/image_gen_nobody');
    const wrongMedia = await send('POST', '/api/gw/v3/video/image_gen_kling/async', klingBody);
    expect(wrongMedia.body.code).toBe(1001);
    expect(await api.credits(ticket)).toBe(before);
  });

  it('image edit on v2 with image_uuid runs the instruction edit', async () => {
    const key = await uploadPng(400, 400);
    const res = await send('POST', '/api/gw/v2/image/image_easy_edit/async', {
      module: 'image_easy_edit',
      image_uuid: key,
      prompt: 'make the sky purple',
      magic_prompt: '',
      params: { batch_size: 1, seed: -1 },
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const done = await waitForFinal('image', res.body.result.task_id);
    expect(done.task_type).toBe('image_edit');
    expect(done.status).toBe('done');
  });
});

describe('vivago parameter shapes', () => {
  it('magic_prompt: "" is off, a flag word is on, other text is the prompt to run', async () => {
    const off = await send('POST', '/api/gw/v3/image/txt2img/async', {
      prompt: 'a plain cat',
      magic_prompt: '',
    });
    expect(off.body.code).toBe(0);
    expect((await waitForFinal('image', off.body.result.task_id)).request.prompt).toBe(
      'a plain cat',
    );
    const given = await send('POST', '/api/gw/v3/image/txt2img/async', {
      prompt: 'cat',
      magic_prompt: 'a fluffy ginger cat asleep on a sunlit windowsill, soft light',
    });
    expect(given.body.code).toBe(0);
    expect((await waitForFinal('image', given.body.result.task_id)).request.prompt).toBe(
      'a fluffy ginger cat asleep on a sunlit windowsill, soft light',
    );
    const on = await send('POST', '/api/gw/v3/image/txt2img/async', {
      prompt: 'a dog',
      magic_prompt: 'true',
    });
    expect(on.body.code).toBe(0);
    const enhanced = (await waitForFinal('image', on.body.result.task_id)).request.prompt as string;
    expect(enhanced.length).toBeGreaterThan('a dog'.length);
  });

  it('params.wh_ratio "keep" is refused for kinds without an input picture', async () => {
    const res = await send('POST', '/api/gw/v3/image/txt2img/async', {
      prompt: 'x',
      params: { wh_ratio: 'keep' },
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1001);
    expect(res.body.message).toContain('params.wh_ratio');
    const badEnhance = await send('POST', '/api/gw/v3/image/txt2img/async', {
      prompt: 'x',
      params: { wh_ratio: '1:1', custom_params: { enhance: '8k' } },
    });
    expect(badEnhance.body.code).toBe(1001);
    expect(badEnhance.body.message).toContain('params.custom_params.enhance');
  });

  it('motion strength on the 0–10 scale; 11 is refused', async () => {
    const res = await send('POST', '/api/gw/v3/video/video_diffusion/async', {
      prompt: 'x',
      params: { motion_strength: 11 },
    });
    expect(res.body.code).toBe(1001);
    expect(res.body.message).toContain('params.motion_strength');
  });

  it('image to video as vivago sends it: keep, motion 9, ratio at the top level → a 5 s H.264 MP4', async () => {
    // A user of its own: a video takes a day's free credits.
    ticket = (await api.signIn('sdk-video@example.com')).ticket;
    const key = await uploadPng(640, 360);
    const submitted = await send('POST', '/api/gw/v3/video/video_diffusion_img2vid/async', {
      module: 'video_diffusion_img2vid',
      prompt: 'the kite drifts',
      images: [key],
      magic_prompt: '',
      wh_ratio: '16:9',
      params: {
        batch_size: 1,
        wh_ratio: 'keep',
        motion_strength: 9,
        duration: 5,
        seed: -1,
        custom_params: { wh_ratio: '16:9' },
      },
    });
    expect(submitted.body.code).toBe(0);
    const done = await waitForFinal('video', submitted.body.result.task_id, 'video_diffusion');
    expect(done.task_status).toBe(1);
    expect(done.request.params.motion_strength).toBe(9);
    expect(done.request.params.wh_ratio).toBe('16:9');
    expect(done.sub_task_results[0].url).toMatch(absolute);
    const info = probeVideo(await download(done.sub_task_results[0].url));
    expect(info.codec).toBe('h264');
    expect(info.durationS).toBeGreaterThan(4.5);
    expect(info.durationS).toBeLessThan(5.5);
  });
});

describe("vivago's upload step", () => {
  it('google_key answers an absolute PUT URL; the chosen name then works in images, for its owner only', async () => {
    ticket = (await api.signIn('sdk-upload@example.com')).ticket;
    const name = `j_${randomUUID()}`;
    const keyAnswer = await send(
      'GET',
      `/prod-api/user/google_key/image?filename=${name}&content_type=image/jpeg`,
    );
    expect(keyAnswer.body.code).toBe(0);
    const url = keyAnswer.body.result as string;
    expect(url).toMatch(absolute);
    const jpeg = await sharp(await makeTestPhoto(480, 360))
      .jpeg()
      .toBuffer();
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': 'image/jpeg' },
      payload: jpeg,
    });
    expect(put.statusCode).toBeLessThan(300);

    const stranger = (await api.signIn('sdk-stranger@example.com')).ticket;
    const theirs = await send(
      'POST',
      '/api/gw/v3/image/image_gen_kling/async',
      { ...klingBody, images: [name] },
      stranger,
    );
    expect(theirs.body.code).toBe(1001);

    const submitted = await send('POST', '/api/gw/v3/image/image_gen_kling/async', {
      ...klingBody,
      images: [name],
    });
    expect(submitted.body.code).toBe(0);
    const done = await waitForFinal('image', submitted.body.result.task_id);
    expect(done.task_type).toBe('img2img');
    expect(done.request.images).toEqual([expect.stringMatching(new RegExp(`/${name}\\.jpg$`))]);

    // The name is the user's now: asking for it again is refused, and bad names never reach a key.
    const again = await send(
      'GET',
      `/prod-api/user/google_key/image?filename=${name}&content_type=image/jpeg`,
    );
    expect(again.body.code).toBe(1009);
    const escape = await send(
      'GET',
      '/prod-api/user/google_key/image?filename=../x&content_type=image/jpeg',
    );
    expect(escape.body.code).toBe(1001);
  });
});
