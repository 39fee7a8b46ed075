import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { AppError } from '../lib/app-error';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.get('/prod-api/test/boom', async () => {
        throw new Error('database exploded with secret details');
      });
      app.get('/prod-api/test/no-credits', async () => {
        throw new AppError(2007, 'errors.noCredits');
      });
      app.get('/prod-api/test/login', async () => {
        throw new AppError(3015, 'errors.loginRequired');
      });
      app.post('/prod-api/test/echo', async (request) => ({ body: request.body ?? null }));
    },
  });
});
afterAll(() => t.close());

const get = (url: string, lang?: string) =>
  t.app.inject({ method: 'GET', url, headers: lang ? { 'x-accept-language': lang } : {} });

describe('the error envelope', () => {
  it('hides unknown errors behind System error and HTTP 500', async () => {
    const res = await get('/prod-api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 1500, msg: 'System error', result: null });
    expect(res.body).not.toContain('secret');
    // Declared as JSON: an EventSource or a proxy must not take a refusal for text.
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await get('/prod-api/test/boom', 'zh')).json().msg).toBe('系统错误');
  });

  it('answers business refusals with HTTP 200 and the spec code', async () => {
    const res = await get('/prod-api/test/no-credits', 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 2007,
      msg: "Don't have enough points for production, Get Credits or become a subscriber!",
      result: null,
    });
    const login = await get('/prod-api/test/login', 'ja');
    expect(login.json()).toMatchObject({ code: 3015 });
    expect(login.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('reads the language from X-accept-language, then Accept-Language, else English', async () => {
    const viaAccept = await t.app.inject({
      method: 'GET',
      url: '/prod-api/test/login',
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(viaAccept.json().msg).toBe('Inicia sesión primero');
    expect((await get('/prod-api/test/login', 'ja-JP')).json().msg).toBe(
      '先にログインしてください',
    );
    expect((await get('/prod-api/test/login', 'fr')).json().msg).toBe('Please log in first');
  });
});

describe('JSON bodies', () => {
  const post = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/prod-api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('treats an empty body sent as JSON as no body', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: null });
  });

  it('parses JSON and refuses malformed JSON and prototype keys', async () => {
    expect((await post('{"a":1}')).json()).toEqual({ body: { a: 1 } });
    const bad = await post('{bad');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 1001 });
    expect((await post('{"__proto__":{"x":1}}')).statusCode).toBe(400);
  });
});
