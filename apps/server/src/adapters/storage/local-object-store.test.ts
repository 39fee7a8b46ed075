import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { zodValidatorCompiler } from '../../lib/validation';
import { localFileRoutes } from '../../modules/media/files.routes';
import { createLocalObjectStore, type LocalObjectStore } from './local-object-store';
import { describeObjectStoreContract } from './object-store.contract';

const secret = 'test-signing-secret';
const clock = new ManualClock(new Date());
let root: string;
let server: FastifyInstance;
let store: LocalObjectStore;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-store-'));
  server = Fastify({ forceCloseConnections: true });
  server.setValidatorCompiler(zodValidatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  // The routes verify with a store of their own: another API node sharing the folder and secret.
  await server.register(localFileRoutes, {
    store: createLocalObjectStore(root, { secret, clock }),
  });
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  store = createLocalObjectStore(root, { secret, clock, baseUrl: address });
});
afterAll(async () => {
  await server.close();
  await fs.rm(root, { recursive: true, force: true });
});

describeObjectStoreContract('local folder', () => ({ store, close: async () => {} }));

describe('local presigned URLs', () => {
  const upload = (url: string, body: Buffer, contentType = 'image/png') =>
    fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType } });

  it('refuses a tampered signature, another key, another content type or secret', async () => {
    const url = await store.presignPut('uploads/1/a.png', 'image/png', 1000, 60);
    const tampered = url.replace(/sig=.{4}/, 'sig=AAAA');
    expect((await upload(tampered, Buffer.from('x'))).status).toBe(403);
    expect((await upload(url.replace('/a.png', '/b.png'), Buffer.from('x'))).status).toBe(403);
    expect((await upload(url, Buffer.from('x'), 'image/jpeg')).status).toBe(403);
    expect((await fetch(url, { method: 'PUT', body: new Uint8Array([1]) })).status).toBe(403);
    expect((await upload(url.replace('max=1000', 'max=99999'), Buffer.from('x'))).status).toBe(403);
    const stranger = createLocalObjectStore(root, {
      secret: 'other',
      baseUrl: new URL(url).origin,
    });
    const foreign = await stranger.presignPut('uploads/1/a.png', 'image/png', 1000, 60);
    expect((await upload(foreign, Buffer.from('x'))).status).toBe(403);
    expect(await store.head('uploads/1/a.png')).toBeUndefined();
  });

  it('refuses an upload over its size limit and keeps nothing', async () => {
    const url = await store.presignPut('uploads/1/big.png', 'image/png', 1000, 60);
    expect((await upload(url, Buffer.alloc(1001))).status).toBe(413);
    expect(await store.head('uploads/1/big.png')).toBeUndefined();
    const files = await fs.readdir(path.join(root, 'uploads', '1')).catch(() => []);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect((await upload(url, Buffer.alloc(1000))).status).toBe(200);
  });

  it('expires URLs', async () => {
    await store.put('outputs/1/t/0.png', Buffer.from('png'), 'image/png');
    const get = await store.presignGet('outputs/1/t/0.png', 60);
    const put = await store.presignPut('uploads/1/late.png', 'image/png', 10, 60);
    clock.advance(61_000);
    expect((await fetch(get)).status).toBe(403);
    expect((await upload(put, Buffer.from('x'))).status).toBe(403);
    const fresh = await fetch(await store.presignGet('outputs/1/t/0.png', 60));
    expect(await fresh.text()).toBe('png');
  });

  it('signs the download name and serves byte ranges', async () => {
    await store.put('outputs/1/t/clip.mp4', Buffer.from('0123456789'), 'video/mp4');
    const url = await store.presignGet('outputs/1/t/clip.mp4', 60, 'my clip.mp4');
    expect((await fetch(url.replace('dn=my', 'dn=your'))).status).toBe(403);

    const part = await fetch(url, { headers: { range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await part.text()).toBe('2345');
    const tail = await fetch(url, { headers: { range: 'bytes=-3' } });
    expect(await tail.text()).toBe('789');
    expect((await fetch(url, { headers: { range: 'bytes=20-' } })).status).toBe(416);
    const whole = await fetch(url);
    expect(whole.headers.get('content-disposition')).toBe(
      `attachment; filename="my clip.mp4"; filename*=UTF-8''my%20clip.mp4`,
    );
  });
});

describe('local folders', () => {
  it('writes into a folder again after it was removed, by the store or behind its back', async () => {
    await store.put('folders/7/a.png', Buffer.from('one'), 'image/png');
    await store.deletePrefix('folders/7/');
    await store.put('folders/7/b.png', Buffer.from('two'), 'image/png');
    expect((await store.get('folders/7/b.png'))?.bytes.toString()).toBe('two');

    // Another process (an operator, a second node on the same folder) removes it.
    await fs.rm(path.join(root, 'folders'), { recursive: true });
    await store.put('folders/7/c.png', Buffer.from('three'), 'image/png');
    expect((await store.get('folders/7/c.png'))?.bytes.toString()).toBe('three');
    expect(await store.head('folders/7/b.png')).toBeUndefined();
  });

  it('writes two objects into a new folder at once', async () => {
    await Promise.all([
      store.put('folders/8/a.png', Buffer.from('a'), 'image/png'),
      store.put('folders/8/a_thumb.webp', Buffer.from('b'), 'image/webp'),
    ]);
    expect((await store.get('folders/8/a.png'))?.bytes.toString()).toBe('a');
    expect((await store.get('folders/8/a_thumb.webp'))?.bytes.toString()).toBe('b');
  });

  it('refuses to delete a folder as an object, and leaves it', async () => {
    await store.put('folders/9/x/a.png', Buffer.from('a'), 'image/png');
    await expect(store.delete('folders/9/x')).rejects.toThrow();
    expect(await store.head('folders/9/x/a.png')).toBeDefined();
  });
});
