import path from 'node:path';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalObjectStore,
  type LocalObjectStore,
} from '../../adapters/storage/local-object-store';
import { createApiCaller, sendRawJson, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { solidImage, wavBytes } from './media.fixtures';

/*
 * Hostile input on the upload paths the studios added: WAV voice tracks, the shop's OCR, the
 * character workshop's pictures and the portrait face check. Whatever arrives, the answer is a
 * translated refusal (never a 5xx), nothing is kept, and no credits move.
 */

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let store: LocalObjectStore;
let ticket: string;

beforeAll(async () => {
  t = await createTestApp();
  api = createApiCaller(t);
  // A second handle on the app's folder, to see what it kept.
  store = createLocalObjectStore(path.join(t.config.dataDir, 'media'));
  ticket = (await api.signIn('hostile@example.com')).ticket;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';

const send = (method: Method, url: string, json?: string, lang = 'en') =>
  sendRawJson(t, method, url, { ticket, json, lang });

/** A refusal a caller can read: a 4xx with a code and words in the asked language. */
async function expectRefused(method: Method, url: string, json?: string): Promise<Json> {
  const en = await send(method, url, json, 'en');
  expect(en.status, JSON.stringify(en)).toBeGreaterThanOrEqual(400);
  expect(en.status, JSON.stringify(en)).toBeLessThan(500);
  expect(en.code).not.toBe(0);
  expect(en.msg).toEqual(expect.any(String));
  const zh = await send(method, url, json, 'zh');
  expect(zh.status).toBe(en.status);
  expect(zh.code).toBe(en.code);
  expect(zh.msg, `${url} ${json ?? ''}: not translated`).not.toBe(en.msg);
  return en;
}

/** Asks for an upload URL, PUTs `bytes` and completes it, answering the completion. */
async function uploadRaw(bytes: Buffer, type: string, declared = bytes.length) {
  const asked = await api.call('POST', '/prod-api/content/uploads', ticket, {
    filename: `hostile.${type.split('/')[1]}`,
    content_type: type,
    size: declared,
  });
  expect(asked.code).toBe(0);
  const key = asked.result.key as string;
  const put = await t.app.inject({
    method: 'PUT',
    url: asked.result.upload_url,
    headers: { 'content-type': type },
    payload: bytes,
  });
  expect(put.statusCode).toBeLessThan(500);
  return { key, complete: JSON.stringify({ key }) };
}

/** A WAV whose header claims `claimed` bytes of sound, whatever it holds. */
function lyingWav(claimed: number): Buffer {
  const wav = Buffer.from(wavBytes(800));
  wav.writeUInt32LE(claimed, 40);
  return wav;
}

/** A PNG's signature and header chunk, then bytes that are no picture at all. */
async function pngWithGarbage(): Promise<Buffer> {
  const png = await solidImage(640, 480, 'png');
  const garbage = Buffer.alloc(4000, 0x5a);
  return Buffer.concat([png.subarray(0, 33), garbage]);
}

/** Values of the wrong kind or size for a string field, as JSON text. */
const wrongValues = [
  '"a\\u0000b"',
  '"\\ud800x"',
  '"x\\udc00"',
  '1e308',
  '-99999999999999999999999',
  '123',
  'true',
  'null',
  '[]',
  '{"key":"x"}',
  `"${'k'.repeat(5000)}"`,
];

describe('WAV and other files that lie about what they are', () => {
  it('refuses WAVs that are cut short or claim more sound than they hold, and keeps none of them', async () => {
    const credits = await api.credits(ticket);
    const riffOnly = Buffer.from('RIFF\u0004\u0000\u0000\u0000WAVE', 'latin1');
    const headerThenGarbage = Buffer.concat([wavBytes(0).subarray(0, 20), Buffer.alloc(64, 0xff)]);
    const noFormat = Buffer.from(wavBytes(200));
    noFormat.write('junk', 12, 'latin1');
    for (const bytes of [
      lyingWav(50_000_000),
      lyingWav(0),
      riffOnly,
      headerThenGarbage,
      noFormat,
    ]) {
      const { key, complete } = await uploadRaw(bytes, 'audio/wav');
      const refused = await expectRefused('POST', '/prod-api/content/uploads/complete', complete);
      expect(refused.code).toBe(ErrorCode.invalidParams);
      expect(refused.msg).toMatch(/Format not supported/);
      expect(await store.head(key)).toBeUndefined();
    }
    // A true WAV still arrives.
    const { complete } = await uploadRaw(wavBytes(), 'audio/wav');
    expect((await send('POST', '/prod-api/content/uploads/complete', complete)).code).toBe(0);
    expect(await api.credits(ticket)).toBe(credits);
  });

  it('refuses a PNG header over garbage, an empty file and a file shorter than it said', async () => {
    const broken = await uploadRaw(await pngWithGarbage(), 'image/png');
    await expectRefused('POST', '/prod-api/content/uploads/complete', broken.complete);
    expect(await store.head(broken.key)).toBeUndefined();

    const empty = await uploadRaw(Buffer.alloc(0), 'audio/wav', 100);
    await expectRefused('POST', '/prod-api/content/uploads/complete', empty.complete);

    const wavAsPng = await uploadRaw(wavBytes(), 'image/png');
    await expectRefused('POST', '/prod-api/content/uploads/complete', wavAsPng.complete);
    expect(await store.head(wavAsPng.key)).toBeUndefined();
  });

  it('refuses upload requests with unstorable names, huge or wrong sizes and wrong types', async () => {
    const body = (fields: Record<string, string>) =>
      `{${Object.entries({
        filename: '"voice.wav"',
        content_type: '"audio/wav"',
        size: '100',
        ...fields,
      })
        .map(([name, value]) => `"${name}":${value}`)
        .join(',')}}`;
    for (const filename of ['"a\\u0000.wav"', '"\\ud800.wav"', '42', 'null', '""']) {
      await expectRefused('POST', '/prod-api/content/uploads', body({ filename }));
    }
    for (const size of ['0', '-1', '1e308', '99999999999999999999', '1.5', '"100"', 'null']) {
      await expectRefused('POST', '/prod-api/content/uploads', body({ size }));
    }
    for (const type of ['"audio/wav\\u0000"', '"\\udfff"', '7', '"text/html"']) {
      await expectRefused('POST', '/prod-api/content/uploads', body({ content_type: type }));
    }
    for (const key of wrongValues) {
      await expectRefused('POST', '/prod-api/content/uploads/complete', `{"key":${key}}`);
    }
  });
});

describe('the paths that read an uploaded picture', () => {
  it('OCR and the face check refuse keys that are no picture of mine, moving no credits', async () => {
    const credits = await api.credits(ticket);
    const wav = await uploadRaw(wavBytes(), 'audio/wav');
    await send('POST', '/prod-api/content/uploads/complete', wav.complete);
    const broken = await uploadRaw(await pngWithGarbage(), 'image/png');
    await send('POST', '/prod-api/content/uploads/complete', broken.complete);
    const keys = [
      ...wrongValues,
      JSON.stringify(wav.key),
      JSON.stringify(broken.key),
      '"uploads/1/not-there.png"',
      '"../../etc/passwd"',
    ];
    for (const url of ['/prod-api/content/ocr', '/prod-api/content/face-check']) {
      for (const key of keys) await expectRefused('POST', url, `{"key":${key}}`);
      await expectRefused('POST', url, '{}');
      await expectRefused('POST', url, '{"key":');
    }
    expect(await api.credits(ticket)).toBe(credits);
  });

  it('the character workshop refuses hostile names, pictures and ids, creating nothing', async () => {
    const credits = await api.credits(ticket);
    const base = '/prod-api/content/characters';
    const wav = await uploadRaw(wavBytes(), 'audio/wav');
    await send('POST', '/prod-api/content/uploads/complete', wav.complete);
    const fiveOf = (key: string) => `[${Array.from({ length: 5 }, () => key).join(',')}]`;
    for (const name of ['"a\\u0000b"', '"\\ud800"', '42', 'null', `"${'n'.repeat(5000)}"`]) {
      await expectRefused('POST', base, `{"name":${name},"images":${fiveOf('"x"')}}`);
    }
    for (const key of [...wrongValues, JSON.stringify(wav.key), '"uploads/1/gone.png"']) {
      await expectRefused('POST', base, `{"name":"Ada","images":${fiveOf(key)}}`);
    }
    for (const images of ['"x"', '7', 'null', '{}', `[${Array(500).fill('"x"').join(',')}]`]) {
      await expectRefused('POST', base, `{"name":"Ada","images":${images}}`);
    }
    for (const id of ['1e308', '99999999999999999999999', '-1', '0', 'abc', '%00', '%F0%9F']) {
      await expectRefused('GET', `${base}/${id}`);
      await expectRefused('DELETE', `${base}/${id}`);
      await expectRefused('POST', `${base}/${id}/retry`);
    }
    const list = await send('GET', base);
    expect(list.result.data).toEqual([]);
    expect(await api.credits(ticket)).toBe(credits);
  });
});
