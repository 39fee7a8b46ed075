import { ErrorCode } from '@lumen/contracts/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller, sendRawJson } from '../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { MAX_INPUT_DEPTH } from './validation';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let ticket: string;

beforeAll(async () => {
  t = await createTestApp({
    // A route with no schema at all: the guard must still see its params, query and body.
    extend: (app) => {
      app.post('/prod-api/test/echo/:name', async (request) => ({
        code: 0,
        msg: 'success',
        result: { params: request.params, query: request.query, body: request.body },
      }));
    },
  });
  api = createApiCaller(t);
  ticket = (await api.signIn('unsafe-input@example.com')).ticket;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Sends a raw JSON text, so that escapes like \u0000 and \ud800 reach the server as written. */
const send = (method: Method, url: string, json?: string, lang = 'en') =>
  sendRawJson(t, method, url, { ticket, json, lang });

async function refused(method: Method, url: string, json?: string, lang = 'en') {
  const res = await send(method, url, json, lang);
  // The gateway answers a refusal with HTTP 200 and the code, as vivago does.
  expect(res.status).toBe(url.startsWith('/api/gw/') ? 200 : 400);
  expect(res.code).toBe(ErrorCode.invalidParams);
  return res;
}

const unstorable = 'must not contain NUL characters or unpaired surrogates';

describe('text PostgreSQL cannot store is refused at the boundary', () => {
  it('a prompt with NUL or a lone surrogate queues nothing and takes no credits', async () => {
    const before = await api.credits(ticket);
    const submit = '/api/gw/v3/image/txt2img/async';
    for (const prompt of ['a\\u0000b', '\\ud800x', 'x\\udc00', '\\udfff\\ud800']) {
      const res = await refused('POST', submit, `{"prompt":"${prompt}"}`);
      expect(res.msg).toBe(`Invalid parameters: prompt: ${unstorable}`);
      expect(res.result.fields).toEqual([{ field: 'prompt', message: unstorable }]);
    }
    // A pair of surrogates is one ordinary character and goes through.
    expect((await send('POST', submit, '{"prompt":"a cat \\ud83d\\ude00"}')).code).toBe(0);
    const history = await send('GET', '/prod-api/content/tasks');
    expect(history.result.total).toBe(1);
    expect(history.result.data[0].prompt).toBe('a cat 😀');
    expect(await api.credits(ticket)).toBe(before - 1);
  });

  it('says so in the caller language', async () => {
    const submit = '/api/gw/v3/image/txt2img/async';
    const body = '{"prompt":"a\\u0000b"}';
    expect((await refused('POST', submit, body, 'zh')).msg).toBe(
      '参数无效：prompt：不能包含 NUL 字符或不成对的代理字符',
    );
    expect((await refused('POST', submit, body, 'ja')).msg).toBe(
      'パラメータが無効です：prompt：NUL 文字や対になっていないサロゲート文字を含めることはできません',
    );
    expect((await refused('POST', submit, body, 'es')).msg).toBe(
      'Parámetros no válidos: prompt: no puede contener caracteres NUL ni sustitutos (surrogates) sin pareja',
    );
  });

  it('a nickname with NUL leaves the profile as it was', async () => {
    const before = (await send('GET', '/prod-api/user/profile')).result;
    const res = await refused('PUT', '/prod-api/user/profile', '{"nickname":"\\u0000"}');
    expect(res.result.fields).toEqual([{ field: 'nickname', message: unstorable }]);
    expect((await send('GET', '/prod-api/user/profile')).result).toEqual(before);
  });

  it('in ids in the path, named by the parameter', async () => {
    for (const [url, field] of [
      ['/prod-api/trade/v1/orders/%00', 'order_no'],
      ['/prod-api/trade/v1/sandbox/checkout/a%00b', 'session_id'],
      ['/prod-api/user/fission/invite/%00', 'id'],
      ['/prod-api/content/works/%00', 'id'],
    ] as const) {
      const res = await refused('GET', url);
      expect(res.result.fields).toEqual([{ field, message: unstorable }]);
    }
  });

  it('in a path the router cannot decode, or too long, in the envelope and the caller language', async () => {
    for (const segment of ['%ED%A0%80', 'a%FFb', '%C0%80']) {
      const res = await refused('GET', `/prod-api/trade/v1/orders/${segment}`);
      expect(res).toEqual({
        status: 400,
        code: ErrorCode.invalidParams,
        msg: 'Invalid parameters: the address has characters that cannot be read',
        result: null,
      });
    }
    expect((await refused('GET', '/prod-api/content/works/%ED%A0%80', undefined, 'zh')).msg).toBe(
      '参数无效：地址中有无法识别的字符',
    );
    const long = await send('GET', `/prod-api/content/works/${'1'.repeat(500)}`, undefined, 'es');
    expect(long).toEqual({
      status: 414,
      code: ErrorCode.invalidParams,
      msg: 'Parámetros no válidos: una parte de la dirección es demasiado larga',
      result: null,
    });
  });

  it('in the query', async () => {
    expect((await refused('GET', '/prod-api/content/tasks?q=%00')).result.fields).toEqual([
      { field: 'q', message: unstorable },
    ]);
    const download = await refused('GET', '/api/gw/v2/downloads/media?type=image&key=a%00');
    expect(download.result.fields).toEqual([{ field: 'key', message: unstorable }]);
  });

  it('deep in a body and in its keys, named by their path', async () => {
    const events = await refused(
      'POST',
      '/api/dc/v1/events',
      '[{"event_id":"a","event_time":1,"custom_paras":{"ok":["x","\\ud800"]}}]',
    );
    expect(events.result.fields).toEqual([{ field: '0.custom_paras.ok.1', message: unstorable }]);
    const key = await refused('POST', '/api/dc/v1/events', '{"event_id":"a","a\\u0000b":1}');
    expect(key.result.fields).toEqual([{ field: 'a\\u0000b', message: unstorable }]);
  });

  it('on a route that declares no schema: params, query and body', async () => {
    const echo = '/prod-api/test/echo';
    expect((await refused('POST', `${echo}/a%00`)).result.fields).toEqual([
      { field: 'name', message: unstorable },
    ]);
    expect((await refused('POST', `${echo}/a?x=%00`)).result.fields).toEqual([
      { field: 'x', message: unstorable },
    ]);
    expect((await refused('POST', `${echo}/a`, '"\\u0000"')).result.fields).toEqual([
      { field: 'body', message: unstorable },
    ]);
  });

  it('in a header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/prod-api/user/profile',
      headers: { authorization: `Bearer ${ticket}`, 'x-client-platform': 'web\u0000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().result.fields).toEqual([{ field: 'x-client-platform', message: unstorable }]);
  });

  it('other control characters are ordinary text', async () => {
    const res = await send(
      'POST',
      '/prod-api/test/echo/a%01?x=%7F',
      '{"text":"tab\\tline\\nbell\\u0007del\\u007f"}',
    );
    expect(res.status).toBe(200);
    expect(res.result).toEqual({
      params: { name: 'a\u0001' },
      query: { x: '\u007f' },
      body: { text: 'tab\tline\nbell\u0007del\u007f' },
    });
  });
});

describe('nesting', () => {
  const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

  it(`${MAX_INPUT_DEPTH} levels of objects and lists pass, one more is refused`, async () => {
    const echo = '/prod-api/test/echo/a';
    expect((await send('POST', echo, nested(MAX_INPUT_DEPTH))).status).toBe(200);
    const res = await refused('POST', echo, `{"a":${nested(MAX_INPUT_DEPTH)}}`);
    expect(res.msg).toBe(
      `Invalid parameters: a.${Array(MAX_INPUT_DEPTH - 1)
        .fill(0)
        .join('.')}: must not nest objects and lists more than 32 levels deep`,
    );
    // Deep enough to overflow a recursive walk: still a field error, never a system error.
    await refused('POST', echo, nested(100_000));
  });

  it('custom_params of a generation: four levels and 4096 bytes at most', async () => {
    // A user of its own: the free plan queues one task at a time.
    ticket = (await api.signIn('custom-params@example.com')).ticket;
    const before = await api.credits(ticket);
    const submit = '/api/gw/v3/image/txt2img/async';
    const body = (custom: unknown) =>
      JSON.stringify({ prompt: 'x', params: { custom_params: custom } });

    const deep = await refused('POST', submit, body({ a: { b: { c: { d: {} } } } }));
    expect(deep.result.fields).toEqual([
      {
        field: 'params.custom_params',
        message: 'may nest objects and lists at most 4 levels deep',
      },
    ]);
    expect((await refused('POST', submit, body({ a: [[[[1]]]] }), 'zh')).msg).toBe(
      '参数无效：params.custom_params：对象和列表的嵌套不能超过 4 层',
    );
    const large = await refused('POST', submit, body({ text: 'x'.repeat(4096) }));
    expect(large.result.fields).toEqual([
      { field: 'params.custom_params', message: 'must be at most 4096 bytes as JSON' },
    ]);
    expect(await api.credits(ticket)).toBe(before);

    expect(
      (await send('POST', submit, body({ a: { b: { c: 1 } }, text: 'x'.repeat(3000) }))).code,
    ).toBe(0);
  });
});
