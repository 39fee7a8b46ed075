import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalObjectStore,
  type LocalObjectStore,
} from '../../adapters/storage/local-object-store';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import {
  caller,
  hugePng,
  noisePng,
  pngDeclaring,
  solidImage,
  truncatedPng,
} from './media.fixtures';
import { mediaObjects } from './media.schema';

/**
 * Every uploaded picture is decoded for real before it is scored or used. The app runs with
 * its adult-content scorer on (the default), which used to fail on these files with a 500.
 */
let t: TestApp;
let store: LocalObjectStore;

beforeAll(async () => {
  t = await createTestApp({ env: { NSFW_CHECK: 'on' } });
  store = createLocalObjectStore(path.join(t.config.dataDir, 'media'));
});
afterAll(() => t.close());

const api = () => caller(t);

async function startUpload(ticket: string, contentType: string, size: number) {
  const started = await api().call('POST', '/prod-api/content/uploads', ticket, {
    filename: contentType === 'image/png' ? 'picture.png' : 'picture.jpg',
    content_type: contentType,
    size,
  });
  expect(started.code).toBe(0);
  return started.result as { key: string; upload_url: string };
}

const put = (url: string, contentType: string, bytes: Buffer) =>
  t.app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': contentType } });

async function upload(ticket: string, bytes: Buffer, contentType = 'image/png') {
  const started = await startUpload(ticket, contentType, bytes.length);
  expect((await put(started.upload_url, contentType, bytes)).statusCode).toBe(200);
  return started.key;
}

const complete = (ticket: string, key: string, lang?: string) =>
  api().call('POST', '/prod-api/content/uploads/complete', ticket, { key }, lang);

async function statusOf(key: string) {
  const [row] = await t.database.db
    .select({ status: mediaObjects.status })
    .from(mediaObjects)
    .where(eq(mediaObjects.key, key));
  return row?.status;
}

describe('pictures that do not decode', () => {
  it('refuses a PNG cut short and one whose header claims rows it lacks, and removes them', async () => {
    const { ticket } = await api().signIn('broken@example.com');
    for (const bytes of [await truncatedPng(), await pngDeclaring(1, 1_000_000)]) {
      const key = await upload(ticket, bytes);
      const done = await complete(ticket, key);
      expect(done).toEqual({
        code: 1001,
        msg: 'Invalid image format (png/jpg only)',
        result: null,
      });
      expect(await store.head(key)).toBeUndefined();
      expect(await statusOf(key)).toBe('rejected');
      // Asked again, the same answer: the refusal was recorded.
      expect(await complete(ticket, key)).toMatchObject({ code: 1001, msg: done.msg });
    }
    const jpeg = await solidImage(800, 600, 'jpeg');
    const cut = await upload(ticket, jpeg.subarray(0, jpeg.length - 200), 'image/jpeg');
    expect((await complete(ticket, cut)).code).toBe(1001);
  });

  it('still takes a whole picture and scores it', async () => {
    const { ticket } = await api().signIn('whole@example.com');
    const bytes = await noisePng(400, 300);
    const key = await upload(ticket, bytes);
    expect((await complete(ticket, key)).result).toMatchObject({ width: 400, height: 300 });
    expect(await store.head(key)).toMatchObject({ size: bytes.length });
  });
});

describe('pictures over 50 megapixels', () => {
  it('refuses a 16000 × 16000 PNG upload with a field error in the caller language', async () => {
    const { ticket } = await api().signIn('bomb@example.com');
    const key = await upload(ticket, await hugePng());
    const done = await complete(ticket, key);
    expect(done).toMatchObject({
      code: 1001,
      msg: 'Selected image does not meet requirements: it may have at most 50 megapixels (width × height)',
      result: { fields: [{ field: 'key', message: expect.stringContaining('50 megapixels') }] },
    });
    expect(await store.head(key)).toBeUndefined();
    const zh = await complete(ticket, key, 'zh');
    expect(zh).toMatchObject({ code: 1001, result: { fields: [{ field: 'key' }] } });
    expect(zh.msg).toBe('所选图片不符合要求：像素总数（宽 × 高）不能超过 50 百万');
  });

  it('refuses one as a task input, uploaded but not completed or taken before the limit', async () => {
    const { ticket, userId } = await api().signIn('bomb-input@example.com');
    const balance = async () =>
      (await api().call('GET', '/prod-api/trade/v1/account', ticket)).result.credits as number;
    const before = await balance();
    const img2img = (key: string) =>
      api().call('POST', '/api/gw/v3/image/img2img/async', ticket, {
        prompt: 'as a watercolor',
        images: [key],
      });
    const bytes = await hugePng();
    const message =
      'Selected image does not meet requirements: it may have at most 50 megapixels (width × height)';

    // Put but never completed: the task's check inspects it.
    const started = await startUpload(ticket, 'image/png', bytes.length);
    expect((await put(started.upload_url, 'image/png', bytes)).statusCode).toBe(200);
    expect(await img2img(started.key)).toMatchObject({ code: 1001, msg: message });
    expect(await store.head(started.key)).toBeUndefined();

    // Accepted before the limit existed: its recorded size is judged.
    const key = `uploads/${userId}/00000000-0000-4000-8000-000000000000.png`;
    await store.put(key, bytes, 'image/png');
    const now = new Date();
    await t.database.db.insert(mediaObjects).values({
      userId,
      key,
      kind: 'image',
      origin: 'upload',
      status: 'ready',
      declaredType: 'image/png',
      declaredSize: bytes.length,
      mime: 'image/png',
      size: bytes.length,
      width: 16_000,
      height: 16_000,
      createdAt: now,
      updatedAt: now,
    });
    const refused = await img2img(key);
    expect(refused).toMatchObject({
      code: 1001,
      msg: message,
      result: { fields: [{ field: 'images' }] },
    });
    expect(await balance()).toBe(before);
  });
});

describe('an upload larger than declared', () => {
  it('is refused with 413 in the caller language, and nothing is stored', async () => {
    const { ticket, userId } = await api().signIn('liar@example.com');
    const small = await solidImage(400, 400, 'png');
    const started = await startUpload(ticket, 'image/png', small.length);
    const big = await noisePng(600, 600);
    const refused = await t.app.inject({
      method: 'PUT',
      url: started.upload_url,
      payload: big,
      headers: { 'content-type': 'image/png', 'x-accept-language': 'es' },
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      code: 1001,
      msg: 'La solicitud es demasiado grande',
      result: null,
    });
    expect(await store.head(started.key)).toBeUndefined();
    expect(await complete(ticket, started.key)).toMatchObject({
      code: 1001,
      msg: 'File upload failed, please upload the file again',
    });

    // Sent without a length, the body is cut off while it streams; nothing is kept either.
    const streamed = await t.app.inject({
      method: 'PUT',
      url: started.upload_url,
      payload: big,
      headers: { 'content-type': 'image/png', 'transfer-encoding': 'chunked' },
    });
    expect(streamed.statusCode).toBe(413);
    expect(await store.head(started.key)).toBeUndefined();

    // The declared bytes themselves go through.
    expect((await put(started.upload_url, 'image/png', small)).statusCode).toBe(200);
    expect((await complete(ticket, started.key)).result).toMatchObject({ size: small.length });
    const rows = await t.database.db
      .select()
      .from(mediaObjects)
      .where(and(eq(mediaObjects.userId, userId), eq(mediaObjects.status, 'ready')));
    expect(rows.map((r) => r.key)).toEqual([started.key]);
  });
});
