import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalObjectStore,
  type LocalObjectStore,
} from '../../adapters/storage/local-object-store';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { users } from '../auth/auth.schema';
import { caller, mp3Bytes, mp4Bytes, playableMp4, solidImage, wavBytes } from './media.fixtures';
import type { MediaService } from './media.service';

let t: TestApp;
let store: LocalObjectStore;
let service: MediaService;

beforeAll(async () => {
  t = await createTestApp();
  service = t.app.services.media;
  // A second handle on the same folder, to look at what the app stored.
  store = createLocalObjectStore(path.join(t.config.dataDir, 'media'));
});
afterAll(() => t.close());

const api = () => caller(t);

async function startUpload(ticket: string, filename: string, contentType: string, size: number) {
  return api().call('POST', '/prod-api/content/uploads', ticket, {
    filename,
    content_type: contentType,
    size,
  });
}

async function upload(ticket: string, filename: string, contentType: string, bytes: Buffer) {
  const started = await startUpload(ticket, filename, contentType, bytes.length);
  expect(started.code).toBe(0);
  const put = await t.app.inject({
    method: 'PUT',
    url: started.result.upload_url,
    payload: bytes,
    headers: { 'content-type': contentType },
  });
  expect(put.statusCode).toBe(200);
  return started.result.key as string;
}

const complete = (ticket: string, key: string, lang?: string) =>
  api().call('POST', '/prod-api/content/uploads/complete', ticket, { key }, lang);

describe('uploads', () => {
  it('hands out a presigned PUT, then reports the real type and pixel size', async () => {
    const { ticket, userId } = await api().signIn('uploader@example.com');
    const bytes = await solidImage(640, 480, 'png');
    const started = await startUpload(ticket, 'cat.PNG', 'image/png', bytes.length);
    expect(started.result).toMatchObject({ expires_in: 900 });
    expect(started.result.key).toMatch(new RegExp(`^uploads/${userId}/[0-9a-f-]{36}\\.png$`));
    // Absolute, from the request's Host (the test app sets no PUBLIC_URL), so a script can PUT
    // to it as it is.
    expect(started.result.upload_url).toMatch(
      /^http:\/\/localhost:80\/files\/upload\/uploads\/.+\?exp=\d+&max=\d+&sig=/,
    );

    const key = await upload(ticket, 'cat.png', 'image/png', bytes);
    const done = await complete(ticket, key);
    expect(done).toEqual({
      code: 0,
      msg: 'success',
      result: { key, mime: 'image/png', width: 640, height: 480, size: bytes.length },
    });
    expect((await complete(ticket, key)).result).toEqual(done.result);
  });

  it('accepts mp4 video it can read (size and length reported), and mp3 and WAV audio', async () => {
    const { ticket } = await api().signIn('av@example.com');
    const clip = playableMp4(320, 180);
    const video = await upload(ticket, 'clip.mp4', 'video/mp4', clip);
    const done = (await complete(ticket, video)).result;
    expect(done).toMatchObject({ mime: 'video/mp4', width: 320, height: 180, size: clip.length });
    expect(done.duration).toBeCloseTo(1, 1);
    // The right signature with nothing playable behind it is not a video any tool could use.
    const hollow = await upload(ticket, 'hollow.mp4', 'video/mp4', mp4Bytes());
    const refused = await complete(ticket, hollow);
    expect(refused.code).toBe(1001);
    const audio = await upload(ticket, 'voice.mp3', 'audio/mpeg', mp3Bytes());
    expect((await complete(ticket, audio)).result).toMatchObject({ mime: 'audio/mpeg' });
    // The studio sends recordings and m4a files as WAV; an mp3 declared as WAV is refused.
    const wav = await upload(ticket, 'voice.wav', 'audio/wav', wavBytes());
    expect((await complete(ticket, wav)).result).toMatchObject({ mime: 'audio/wav' });
    const renamed = await upload(ticket, 'voice.wav', 'audio/wav', mp3Bytes());
    expect((await complete(ticket, renamed)).code).toBe(1001);
  });

  it('refuses declared types and sizes it does not take, with the spec messages', async () => {
    const { ticket } = await api().signIn('picky@example.com');
    const MB = 1024 * 1024;
    const cases: [string, string, number, string][] = [
      ['a.gif', 'image/gif', 1000, 'Invalid image format (png/jpg only)'],
      ['a.png', 'image/png', 21 * MB, 'Image over 20 MB'],
      ['a.gif', 'image/png', 1000, 'Invalid image format (png/jpg only)'],
      ['a.pdf', 'application/pdf', 1000, 'Format not supported'],
      ['a.mov', 'video/quicktime', 1000, 'Format not supported'],
      ['a.mp4', 'video/mp4', 101 * MB, 'File over size limit 100 MB'],
      ['a.mp3', 'audio/mpeg', 21 * MB, 'File over size limit 20 MB'],
    ];
    for (const [filename, type, size, msg] of cases) {
      expect(await startUpload(ticket, filename, type, size)).toMatchObject({ code: 1001, msg });
    }
    const zh = await api().call(
      'POST',
      '/prod-api/content/uploads',
      ticket,
      { filename: 'a.gif', content_type: 'image/gif', size: 10 },
      'zh',
    );
    expect(zh.msg).toBe('图片格式无效（仅支持 png/jpg）');
    expect((await startUpload(ticket, '', 'image/png', 10)).code).toBe(1001);
    expect((await startUpload(ticket, 'a.png', 'image/png', 0)).code).toBe(1001);
  });

  it('needs a session', async () => {
    expect((await startUpload('', 'a.png', 'image/png', 10)).code).toBe(3015);
  });

  it('rejects a renamed file for good and deletes it', async () => {
    const { ticket } = await api().signIn('renamer@example.com');
    const key = await upload(ticket, 'photo.png', 'image/png', await solidImage(400, 400, 'jpeg'));
    const first = await complete(ticket, key);
    expect(first).toMatchObject({ code: 1001, msg: 'Invalid image format (png/jpg only)' });
    expect(await store.head(key)).toBeUndefined();
    expect(await complete(ticket, key)).toMatchObject({ code: 1001, msg: first.msg });

    const gif = await upload(ticket, 'anim.png', 'image/png', await solidImage(50, 50, 'gif'));
    expect((await complete(ticket, gif)).msg).toBe('Invalid image format (png/jpg only)');
    const fakeVideo = await upload(ticket, 'x.mp4', 'video/mp4', Buffer.alloc(500, 7));
    expect((await complete(ticket, fakeVideo)).msg).toBe('Format not supported');
  });

  it('says the upload failed while no bytes arrived, and takes them later', async () => {
    const { ticket } = await api().signIn('early@example.com');
    const bytes = await solidImage(320, 320, 'jpeg');
    const started = await startUpload(ticket, 'me.jpg', 'image/jpeg', bytes.length);
    const early = await complete(ticket, started.result.key);
    expect(early).toMatchObject({
      code: 1001,
      msg: 'File upload failed, please upload the file again',
    });
    await t.app.inject({
      method: 'PUT',
      url: started.result.upload_url,
      payload: bytes,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect((await complete(ticket, started.result.key)).result).toMatchObject({
      mime: 'image/jpeg',
      width: 320,
    });
  });

  it("does not complete another user's upload", async () => {
    const owner = await api().signIn('owner@example.com');
    const other = await api().signIn('other@example.com');
    const key = await upload(owner.ticket, 'a.png', 'image/png', await solidImage(300, 300, 'png'));
    expect(await complete(other.ticket, key)).toMatchObject({ code: 1004 });
    expect((await complete(owner.ticket, key)).code).toBe(0);
  });
});

describe('downloads', () => {
  const download = (ticket: string, type: string, key: string, wm = '0') =>
    api().call(
      'GET',
      `/api/gw/v2/downloads/media?type=${type}&key=${encodeURIComponent(key)}&wm=${wm}`,
      ticket,
    );

  it('serves free users the watermarked twin and others the original', async () => {
    const { ticket, userId } = await api().signIn('downloader@example.com');
    const [image, video] = await service.storeOutputs(
      userId,
      'task-dl',
      [
        { kind: 'image', mime: 'image/png', bytes: await solidImage(600, 400, 'png') },
        { kind: 'video', mime: 'video/mp4', bytes: playableMp4() },
      ],
      { watermark: true },
    );

    const free = await download(ticket, 'image', image!.key, '0');
    expect(free.result.url).toContain(`/files/outputs/${userId}/task-dl/0_wm.png?`);
    const freeClip = await download(ticket, 'video', video!.key, '0');
    expect(freeClip.result.url).toContain(`/files/outputs/${userId}/task-dl/1_wm.mp4?`);
    const file = await t.app.inject({ method: 'GET', url: free.result.url });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toContain('filename="lumen-task-dl-0.png"');

    await t.database.db
      .update(users)
      .set({ roles: ['whitelist'] })
      .where(eq(users.id, userId));
    expect((await download(ticket, 'image', image!.key)).result.url).toContain('/task-dl/0.png?');
    await t.database.db.update(users).set({ roles: [] }).where(eq(users.id, userId));
    await t.app.services.billing.grantPlan(userId, 1, 30, 'admin');
    expect((await download(ticket, 'image', image!.key, '1')).result.url).toContain(
      '/task-dl/0.png?',
    );

    const clip = await download(ticket, 'video', video!.key);
    expect(clip.result.url).toContain('/task-dl/1.mp4?');
    const served = await t.app.inject({ method: 'GET', url: clip.result.url });
    expect(served.headers['content-type']).toBe('video/mp4');
  });

  it('answers not found for what is not yours or not of that type', async () => {
    const owner = await api().signIn('dl-owner@example.com');
    const other = await api().signIn('dl-other@example.com');
    const [image] = await service.storeOutputs(
      owner.userId,
      'task-private',
      [{ kind: 'image', mime: 'image/png', bytes: await solidImage(300, 300, 'png') }],
      { watermark: true },
    );
    expect((await download(other.ticket, 'image', image!.key)).code).toBe(1004);
    expect((await download(owner.ticket, 'video', image!.key)).code).toBe(1004);
    expect((await download(owner.ticket, 'image', 'outputs/1/nope/0.png')).code).toBe(1004);
    expect((await download(owner.ticket, 'gif', image!.key)).code).toBe(1001);
    expect((await download('', 'image', image!.key)).code).toBe(3015);
  });
});
