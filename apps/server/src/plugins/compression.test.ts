import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller } from '../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { insertWork } from '../modules/community/community.fixtures';

// A made-up bundle chunk well over the 1 kB threshold, with and without build-time twins.
const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2;`).join(
  '\n',
);
const glb = Buffer.concat([Buffer.from('glTF'), Buffer.alloc(4096, 7)]);

let t: TestApp;
let dist: string;
let api: ReturnType<typeof createApiCaller>;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const twin = path.join(dist, 'assets', 'index-Bx12_abcD.js');
  await fs.writeFile(twin, script);
  await fs.writeFile(`${twin}.br`, zlib.brotliCompressSync(script));
  await fs.writeFile(`${twin}.gz`, zlib.gzipSync(script));
  await fs.writeFile(path.join(dist, 'assets', 'lazy-Qw34_efGh.js'), script);
  t = await createTestApp({
    env: { WEB_DIST_DIR: dist },
    extend: (app) => {
      app.get('/test/model.glb', async (_request, reply) =>
        reply.type('model/gltf-binary').send(glb),
      );
      app.get('/test/partial.txt', async (_request, reply) =>
        reply
          .status(206)
          .header('content-range', `bytes 0-1999/4000`)
          .type('text/plain')
          .send('x'.repeat(2000)),
      );
    },
  });
  api = createApiCaller(t);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('compressed answers', () => {
  it('serves the build-time twin of a web asset, keeping its cache headers and ETag', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/assets/index-Bx12_abcD.js', { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(script.length / 3);
      expect(decode(encoding, res.rawPayload)).toBe(script);

      const etag = res.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await get('/assets/index-Bx12_abcD.js', {
        'accept-encoding': encoding,
        'if-none-match': etag,
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    // Browsers offer several; brotli wins. Each encoding has its own ETag.
    const br = await get('/assets/index-Bx12_abcD.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await get('/assets/index-Bx12_abcD.js');
    expect(plain.headers.etag).not.toBe(br.headers.etag);
  });

  it('compresses a web asset without a twin on the fly', async () => {
    const res = await get('/assets/lazy-Qw34_efGh.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode('br', res.rawPayload)).toBe(script);
  });

  it('sends plain bytes to a client that accepts no encoding', async () => {
    for (const url of ['/assets/index-Bx12_abcD.js', '/assets/lazy-Qw34_efGh.js']) {
      const res = await get(url);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.headers['content-length'], url).toBe(String(script.length));
      expect(res.body, url).toBe(script);
    }
    const identity = await get('/assets/index-Bx12_abcD.js', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(script);
  });

  it('compresses JSON answers above 1 kB with brotli or gzip', async () => {
    const owner = await api.signIn('compressed@example.com');
    for (let i = 0; i < 8; i++) {
      await insertWork(t.database.db, owner.id, { title: `Harbour lights ${i}` });
    }
    const plain = await get('/prod-api/content/works/explore');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const expected = plain.json<{ code: number; result: { data: unknown[] } }>();
    expect(expected.code).toBe(0);
    expect(expected.result.data).toHaveLength(8);

    for (const encoding of ['br', 'gzip']) {
      const res = await get('/prod-api/content/works/explore', { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(encoding, res.rawPayload))).toEqual(expected);
    }
  });

  it('leaves small answers, media and partial content as they are', async () => {
    const small = await get('/healthz', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();

    const model = await get('/test/model.glb', { 'accept-encoding': 'br, gzip' });
    expect(model.headers['content-encoding']).toBeUndefined();
    expect(model.rawPayload.equals(glb)).toBe(true);

    const partial = await get('/test/partial.txt', { 'accept-encoding': 'br, gzip' });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-encoding']).toBeUndefined();
    expect(partial.body).toBe('x'.repeat(2000));
  });
});

describe('the event stream', () => {
  it('is never compressed and delivers each event as it happens', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const owner = await api.signIn('stream-owner@example.com');
    const fan = await api.signIn('stream-fan@example.com');
    const work = await insertWork(t.database.db, owner.id, { title: 'Fireflies' });

    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: '/prod-api/content/tasks/events',
            headers: { authorization: `Bearer ${owner.ticket}`, 'accept-encoding': 'br, gzip' },
          },
          resolve,
        )
        .on('error', reject);
    });
    try {
      expect(response.headers['content-type']).toContain('text/event-stream');
      expect(response.headers['content-encoding']).toBeUndefined();
      response.setEncoding('utf8');
      let received = '';
      let onChange = () => {};
      response.on('data', (chunk: string) => {
        received += chunk;
        onChange();
      });
      const waitFor = (pattern: RegExp) =>
        new Promise<void>((resolve) => {
          onChange = () => {
            if (pattern.test(received)) resolve();
          };
          onChange();
        });

      await waitFor(/^retry: 3000\n\n/);
      // The stream stays open: this event arrives on its own, not when the stream ends.
      await api.call('POST', `/prod-api/content/works/${work.id}/like`, fan.ticket);
      await waitFor(/event: notification\ndata: .+\n\n/);
      expect(response.complete).toBe(false);
    } finally {
      response.destroy();
    }
  });
});
