import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect } from './fixtures';

const require = createRequire(import.meta.url);

/**
 * Five different pictures of one real face: crops of the left person of face-api's demo photo
 * (MIT, installed with the engines), one mirrored, one turned, one warmer, one greyer.
 */
export async function facePhotos(): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const root = dirname(require.resolve('@vladmandic/face-api/package.json'));
  const group = readFileSync(join(root, 'demo', 'sample1.jpg'));
  const crop = (left: number, top: number, width: number, height: number) =>
    sharp(group).extract({ left, top, width, height });
  const pictures = await Promise.all([
    crop(300, 150, 500, 640).jpeg().toBuffer(),
    crop(260, 120, 600, 700).flop().resize(480).jpeg().toBuffer(),
    crop(330, 180, 440, 520).rotate(8, { background: '#808080' }).jpeg().toBuffer(),
    crop(280, 140, 540, 620).modulate({ hue: 15 }).jpeg().toBuffer(),
    crop(310, 160, 480, 600).modulate({ saturation: 0.3 }).resize(360).jpeg().toBuffer(),
  ]);
  return pictures.map((buffer, i) => ({
    name: `face-${i + 1}.jpg`,
    mimeType: 'image/jpeg',
    buffer,
  }));
}

/** Uploads a file the way the web app does (ask, PUT to the presigned URL, complete): its key. */
export async function uploadThroughApi(
  request: APIRequestContext,
  ticket: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<string> {
  const headers = { authorization: `Bearer ${ticket}` };
  const asked = (await (
    await request.post('/prod-api/content/uploads', {
      headers,
      data: { filename: file.name, content_type: file.mimeType, size: file.buffer.length },
    })
  ).json()) as { code: number; result: { key: string; upload_url: string } };
  expect(asked.code).toBe(0);
  const put = await request.put(asked.result.upload_url, {
    headers: { 'content-type': file.mimeType },
    data: file.buffer,
  });
  expect(put.status()).toBeLessThan(300);
  const done = (await (
    await request.post('/prod-api/content/uploads/complete', {
      headers,
      data: { key: asked.result.key },
    })
  ).json()) as { code: number };
  expect(done.code).toBe(0);
  return asked.result.key;
}

/**
 * A ready character of `ticket`'s user, made through the workshop's API from the five face
 * photos: its id once the worker has made it.
 */
export async function readyCharacter(
  request: APIRequestContext,
  ticket: string,
  name: string,
): Promise<number> {
  const headers = { authorization: `Bearer ${ticket}` };
  const images: string[] = [];
  for (const photo of await facePhotos())
    images.push(await uploadThroughApi(request, ticket, photo));
  const created = (await (
    await request.post('/prod-api/content/characters', { headers, data: { name, images } })
  ).json()) as { code: number; result: { id: number } };
  expect(created.code).toBe(0);
  const id = created.result.id;
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/prod-api/content/characters/${id}`, { headers })).json()) as {
            result: { status: string };
          }
        ).result.status,
      { timeout: 180_000, intervals: [1000] },
    )
    .toBe('ready');
  return id;
}
