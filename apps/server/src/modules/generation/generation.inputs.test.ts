import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerRunner } from '@lumen/worker/runner';
import { readMailedCode } from '../../../test/support/mailbox';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { startTestWorker } from '../../../test/support/worker';

let t: TestApp;
let worker: WorkerRunner;
let ticket: string;
beforeAll(async () => {
  t = await createTestApp();
  worker = startTestWorker(t);
  const email = 'uploader@example.com';
  await call('POST', '/prod-api/user/captcha', { method: 'email', email });
  const captcha = await readMailedCode(t, email);
  ticket = (await call('POST', '/prod-api/user/login', { loginType: 'email', email, captcha }))
    .result.ticket;
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests

async function call(method: 'GET' | 'POST', url: string, body?: object, as = ticket) {
  const res = await t.app.inject({
    method,
    url,
    headers: as ? { authorization: `Bearer ${as}` } : {},
    ...(body ? { payload: body } : {}),
  });
  return res.json() as Json;
}

/** Uploads bytes the way the web app does: ask, PUT to the presigned URL, complete. */
async function upload(
  bytes: Buffer,
  filename: string,
  contentType: string,
): Promise<{ key: string; complete: Json }> {
  const ticketAnswer = await call('POST', '/prod-api/content/uploads', {
    filename,
    content_type: contentType,
    size: bytes.length,
  });
  expect(ticketAnswer.code).toBe(0);
  const { key, upload_url } = ticketAnswer.result;
  const put = await t.app.inject({
    method: 'PUT',
    url: upload_url,
    headers: { 'content-type': contentType },
    payload: bytes,
  });
  expect(put.statusCode).toBeLessThan(300);
  return { key, complete: await call('POST', '/prod-api/content/uploads/complete', { key }) };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
const credits = async () =>
  (await call('GET', '/prod-api/trade/v1/account')).result.credits as number;
const img2img = (key: string) =>
  call('POST', '/api/gw/v3/image/img2img/async', { prompt: 'as a watercolor', images: [key] });

async function waitForFinal(module: string, taskId: string): Promise<Json> {
  let result: Json = {};
  for (let i = 0; i < 300 && ![1, 3, 4, 5].includes(result.task_status); i++) {
    await new Promise((r) => setTimeout(r, 100));
    result = (await call('GET', `/api/gw/v3/image/${module}/async/results?task_id=${taskId}`))
      .result;
  }
  return result;
}

describe('image inputs', () => {
  it('restyles an uploaded picture, keeping its shape', async () => {
    const { key, complete } = await upload(await png(640, 480), 'photo.png', 'image/png');
    expect(complete.result).toMatchObject({ mime: 'image/png', width: 640, height: 480 });
    const submitted = await img2img(key);
    expect(submitted.code).toBe(0);
    let result: Json = {};
    for (let i = 0; i < 300 && ![1, 3].includes(result.task_status); i++) {
      await new Promise((r) => setTimeout(r, 100));
      result = (
        await call(
          'GET',
          `/api/gw/v3/image/img2img/async/results?task_id=${submitted.result.task_id}`,
        )
      ).result;
    }
    expect(result.task_status).toBe(1);
    const sub = result.sub_task_results[0];
    expect(sub.width / sub.height).toBeCloseTo(4 / 3, 1);
  });

  it('answers the request that made a run, which posted again makes the same pictures', async () => {
    const { key } = await upload(await png(600, 800), 'portrait.png', 'image/png');
    const submitted = await call('POST', '/api/gw/v3/image/img2img/async', {
      prompt: 'as an ink drawing',
      negative_prompt: 'blur',
      params: { batch_size: 2, seed: 7, style: 'ink_wash', strength: 0.4 },
      images: [key],
      version: 'anime',
    });
    expect(submitted.code).toBe(0);
    const first = await waitForFinal('img2img', submitted.result.task_id);
    expect(first.task_status).toBe(1);
    expect(first.request).toMatchObject({
      prompt: 'as an ink drawing',
      negative_prompt: 'blur',
      params: { batch_size: 2, wh_ratio: '3:4', seed: 7, style: 'ink_wash', strength: 0.4 },
      images: [key],
      videos: [],
      version: 'anime',
    });
    expect(first.inputs).toEqual([
      expect.objectContaining({ kind: 'image', key, task_id: null, width: 600, height: 800 }),
    ]);
    const shown = await t.app.inject({ method: 'GET', url: first.inputs[0].url });
    expect(shown.statusCode).toBe(200);

    const again = await call('POST', '/api/gw/v3/image/img2img/async', first.request);
    expect(again.code).toBe(0);
    const second = await waitForFinal('img2img', again.result.task_id);
    expect(second.task_status).toBe(1);
    const bytes = async (result: Json) =>
      Promise.all(
        result.sub_task_results.map(async (sub: Json) =>
          (await t.app.inject({ method: 'GET', url: sub.url })).rawPayload.toString('base64'),
        ),
      );
    expect(await bytes(second)).toEqual(await bytes(first));
    expect(second.request).toEqual(first.request);
  });

  it('restyles one of my own results by its key, and refuses another user’s', async () => {
    const made = await call('POST', '/api/gw/v3/image/txt2img/async', {
      prompt: 'a harbour at dusk',
      params: { batch_size: 1, wh_ratio: '4:3' },
    });
    expect(made.code).toBe(0);
    const source = await waitForFinal('img2img', made.result.task_id);
    const key = source.sub_task_results[0].image as string;
    expect(key).toMatch(/^outputs\//);

    const restyled = await img2img(key);
    expect(restyled.code).toBe(0);
    const result = await waitForFinal('img2img', restyled.result.task_id);
    expect(result.task_status).toBe(1);
    expect(result.sub_task_results[0].width / result.sub_task_results[0].height).toBeCloseTo(
      4 / 3,
      1,
    );
    // Its input names the run that made it, for the detail page's "Made from" link.
    expect(result.inputs).toEqual([
      expect.objectContaining({ kind: 'image', key, task_id: made.result.task_id }),
    ]);

    const email = 'neighbour@example.com';
    await call('POST', '/prod-api/user/captcha', { method: 'email', email }, '');
    const captcha = await readMailedCode(t, email);
    const other = (
      await call('POST', '/prod-api/user/login', { loginType: 'email', email, captcha }, '')
    ).result.ticket as string;
    const before = (await call('GET', '/prod-api/trade/v1/account', undefined, other)).result
      .credits;
    const refused = await call(
      'POST',
      '/api/gw/v3/image/img2img/async',
      { prompt: 'mine now', images: [key] },
      other,
    );
    expect(refused.code).not.toBe(0);
    expect((await call('GET', '/prod-api/trade/v1/account', undefined, other)).result.credits).toBe(
      before,
    );
  });

  it('refuses a 6 MB image, a gif, a gif renamed .png and a 200 px image, moving no credits', async () => {
    const before = await credits();
    // Noise does not compress, so this PNG really weighs about 6 MB.
    const noisy = await sharp(
      Buffer.from(Array.from({ length: 1500 * 1400 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 1500, height: 1400, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(5 * 1024 * 1024);
    const big = await upload(noisy, 'big.png', 'image/png');
    expect((await img2img(big.key)).code).not.toBe(0);

    const gif = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#888' },
    })
      .gif()
      .toBuffer();
    expect(
      (
        await call('POST', '/prod-api/content/uploads', {
          filename: 'a.gif',
          content_type: 'image/gif',
          size: gif.length,
        })
      ).code,
    ).not.toBe(0);
    const renamed = await upload(gif, 'renamed.png', 'image/png');
    expect(renamed.complete.code).not.toBe(0);
    expect((await img2img(renamed.key)).code).not.toBe(0);

    const small = await upload(await png(200, 200), 'small.png', 'image/png');
    const refused = await img2img(small.key);
    expect(refused.code).toBe(1001);

    expect(await credits()).toBe(before);
  });
});

describe('AI upscaling', () => {
  it('is for subscribers, and doubles a small picture for them', async () => {
    const { key } = await upload(await png(256, 192), 'small.png', 'image/png');
    const refused = await call('POST', '/api/gw/v3/image/upscale/async', { images: [key] });
    expect(refused.code).toBe(2020);
    const user = (await call('GET', '/prod-api/user/info')).result.userId as number;
    await t.app.services.billing.grantPlan(user, 2, 30, 'admin');
    const submitted = await call('POST', '/api/gw/v3/image/upscale/async', {
      images: [key],
      params: { width: 512, height: 384 },
    });
    expect(submitted.code).toBe(0);
    let result: Json = {};
    for (let i = 0; i < 600 && ![1, 3].includes(result.task_status); i++) {
      await new Promise((r) => setTimeout(r, 100));
      result = (
        await call(
          'GET',
          `/api/gw/v3/image/upscale/async/results?task_id=${submitted.result.task_id}`,
        )
      ).result;
    }
    expect(result.task_status).toBe(1);
    expect([result.sub_task_results[0].width, result.sub_task_results[0].height]).toEqual([
      512, 384,
    ]);
  }, 120_000);
});

describe('keyframes', () => {
  it('takes the first frame’s shape when the request names none', async () => {
    const user = (await call('GET', '/prod-api/user/info')).result.userId as number;
    await t.app.services.billing.grantPlan(user, 2, 30, 'admin');
    const first = await upload(await png(640, 480), 'first.png', 'image/png');
    const last = await upload(await png(600, 480), 'last.png', 'image/png');
    const submitted = await call('POST', '/api/gw/v3/video/video_diffusion_keyframes/async', {
      prompt: 'from one frame to the other',
      params: { duration: 5, resolution: '360p' },
      images: [first.key, last.key],
    });
    expect(submitted.code).toBe(0);
    const result = await waitForFinal('video_diffusion_keyframes', submitted.result.task_id);
    expect(result.task_status).toBe(1);
    expect(result.request.params.wh_ratio).toBe('4:3');
    expect([result.sub_task_results[0].width, result.sub_task_results[0].height]).toEqual([
      480, 360,
    ]);
  }, 120_000);
});
