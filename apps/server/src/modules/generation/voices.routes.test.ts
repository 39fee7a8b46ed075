import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('preset voices', () => {
  it('lists voices in Chinese, English, Japanese and Spanish, each with a sample that plays', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/content/voices' });
    expect(res.statusCode).toBe(200);
    const { voices } = res.json().result as {
      voices: { id: string; language: string; sample_url: string }[];
    };
    expect(new Set(voices.map((v) => v.language))).toEqual(new Set(['zh', 'en', 'ja', 'es']));
    const first = voices[0]!;
    expect(first.sample_url).toMatch(
      /^http:\/\/localhost:80\/prod-api\/content\/voices\/.+\/sample\.wav$/,
    );
    const sample = await t.app.inject({ method: 'GET', url: new URL(first.sample_url).pathname });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toBe('audio/wav');
    expect(sample.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(sample.rawPayload.length).toBeGreaterThan(8000);
  });

  it('answers an unknown voice with a client error, not a server error', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/prod-api/content/voices/xx-q-9/sample.wav',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
  });
});
