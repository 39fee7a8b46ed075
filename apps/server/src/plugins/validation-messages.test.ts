import { ErrorCode } from '@lumen/contracts/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller, type Json } from '../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../test/support/test-app';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let ticket: string;

beforeAll(async () => {
  t = await createTestApp();
  api = createApiCaller(t);
  ticket = (await api.signIn('validation@example.com')).ticket;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

/** Calls as the signed-in user, in one language. */
async function send(lang: string, method: Method, url: string, body?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${ticket}`, 'x-accept-language': lang },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: res.statusCode, ...(res.json() as Json) } as Json;
}

/** Phrases from zod's own English messages, which must never reach a caller. */
const zodDefaultText =
  /Invalid (input|string|option|number|UUID|URL)|Too (small|big)|expected (string|number|one of)|must match pattern|Unrecognized key|received (NaN|string|number|undefined)/;

async function refused(lang: string, method: Method, url: string, body?: unknown) {
  const res = await send(lang, method, url, body);
  expect(res.status).toBe(400);
  expect(res.code).toBe(ErrorCode.invalidParams);
  expect(res.msg).not.toMatch(zodDefaultText);
  for (const field of res.result.fields as { message: string }[]) {
    expect(field.message).not.toMatch(zodDefaultText);
  }
  return res;
}

describe('bad input answers a translated message naming the field', () => {
  it('an empty, blank, missing, mistyped or too long redeem code redeems nothing', async () => {
    const before = await api.credits(ticket);
    const redeem = '/prod-api/trade/v1/redeem';

    expect((await refused('en', 'POST', redeem, { code: '' })).msg).toBe(
      'Invalid parameters: code: cannot be empty',
    );
    expect((await refused('zh', 'POST', redeem, { code: '' })).msg).toBe(
      '参数无效：code：不能为空',
    );
    expect((await refused('es', 'POST', redeem, { code: '   ' })).msg).toBe(
      'Parámetros no válidos: code: no puede estar vacío',
    );
    expect((await refused('ja', 'POST', redeem, {})).msg).toBe(
      'パラメータが無効です：code：必須です',
    );
    expect((await refused('en', 'POST', redeem, { code: 12345 })).msg).toBe(
      'Invalid parameters: code: must be text',
    );
    expect((await refused('ja', 'POST', redeem, { code: 12345 })).msg).toBe(
      'パラメータが無効です：code：文字列で指定してください',
    );
    const tooLong = await refused('en', 'POST', redeem, { code: 'A'.repeat(65) });
    expect(tooLong.msg).toBe('Invalid parameters: code: must be at most 64 characters long');
    expect(tooLong.result.fields).toEqual([
      { field: 'code', message: 'must be at most 64 characters long' },
    ]);
    expect((await refused('zh', 'POST', redeem, { code: 'A'.repeat(65) })).msg).toBe(
      '参数无效：code：最多 64 个字符',
    );

    expect(await api.credits(ticket)).toBe(before);
  });

  it('a malformed id in the path or the query', async () => {
    expect((await refused('en', 'GET', '/prod-api/content/works/12abc')).msg).toBe(
      'Invalid parameters: id: must be an id',
    );
    expect((await refused('zh', 'GET', '/prod-api/content/works/12abc')).msg).toBe(
      '参数无效：id：必须是有效的 ID',
    );
    expect((await refused('es', 'GET', '/prod-api/content/works/explore?circle_id=0x1')).msg).toBe(
      'Parámetros no válidos: circle_id: debe ser un identificador válido',
    );
    expect((await refused('ja', 'GET', '/prod-api/content/works/explore?cmp_id=-3')).msg).toBe(
      'パラメータが無効です：cmp_id：正しい ID を指定してください',
    );

    const folder = '/prod-api/content/assets_folder/abc';
    expect((await refused('en', 'PATCH', folder, { name: 'Trips' })).msg).toBe(
      'Invalid parameters: id: must be a number',
    );
    expect((await refused('zh', 'PATCH', folder, { name: 'Trips' })).msg).toBe(
      '参数无效：id：必须是数字',
    );
    expect((await refused('en', 'GET', '/prod-api/content/assets_folder/1.5/items')).msg).toBe(
      'Invalid parameters: id: must be a whole number',
    );
  });

  it('an unknown choice and numbers out of range in the query', async () => {
    const explore = '/prod-api/content/works/explore';
    expect((await refused('en', 'GET', `${explore}?sort=oldest`)).msg).toBe(
      'Invalid parameters: sort: must be one of: new, hot, following',
    );
    expect((await refused('es', 'GET', `${explore}?sort=oldest`)).msg).toBe(
      'Parámetros no válidos: sort: debe ser uno de: new, hot, following',
    );
    expect((await refused('en', 'GET', `${explore}?limit=abc`)).msg).toBe(
      'Invalid parameters: limit: must be a number',
    );
    expect((await refused('ja', 'GET', `${explore}?limit=0`)).msg).toBe(
      'パラメータが無効です：limit：1以上にしてください',
    );
    const items = '/prod-api/content/assets_folder/1/items?page_size=500';
    expect((await refused('zh', 'GET', items)).msg).toBe('参数无效：page_size：不能大于 100');
  });

  it('a refused profile change changes nothing and names every field at fault', async () => {
    const before = (await send('en', 'GET', '/prod-api/user/profile')).result;
    const body = { gender: 'robot', bio: 'b'.repeat(301), birthday: '2999-01-01' };

    const en = await refused('en', 'PUT', '/prod-api/user/profile', body);
    expect(en.result.fields).toEqual([
      { field: 'bio', message: 'must be at most 300 characters long' },
      { field: 'gender', message: 'must be one of: male, female, other, undisclosed' },
      { field: 'birthday', message: 'must be a past date' },
    ]);
    const zh = await refused('zh', 'PUT', '/prod-api/user/profile', body);
    expect(zh.result.fields).toEqual([
      { field: 'bio', message: '最多 300 个字符' },
      { field: 'gender', message: '必须是以下之一：male, female, other, undisclosed' },
      { field: 'birthday', message: '必须是过去的日期' },
    ]);
    expect((await refused('es', 'PUT', '/prod-api/user/profile', {})).msg).toBe(
      'Parámetros no válidos: body: no hay nada que cambiar',
    );

    expect((await send('en', 'GET', '/prod-api/user/profile')).result).toEqual(before);
  });

  it('rules the shared schemas word themselves are translated too', async () => {
    const register = {
      username: '9lives',
      password: 'lowercase1',
      confirm_password: 'other',
      agree_terms: false,
    };
    const en = await refused('en', 'POST', '/prod-api/user/register', register);
    expect(en.result.fields).toEqual([
      { field: 'username', message: 'must start with a letter' },
      { field: 'username', message: 'may contain only letters, digits and underscores' },
      { field: 'password', message: 'must contain an upper-case letter' },
      { field: 'agree_terms', message: 'the terms must be agreed to' },
    ]);
    const ja = await refused('ja', 'POST', '/prod-api/user/register', register);
    expect(ja.result.fields.map((f: { message: string }) => f.message)).toEqual([
      '英字で始めてください',
      '英字・数字・アンダースコアのみ使用できます',
      '大文字を含めてください',
      '利用規約に同意してください',
    ]);
    const mismatch = await refused('zh', 'POST', '/prod-api/user/register', {
      username: 'ada_l',
      password: 'Abcdef12',
      confirm_password: 'Abcdef13',
      agree_terms: true,
    });
    expect(mismatch.msg).toBe('参数无效：confirm_password：与密码不一致');
    expect(
      (
        await send('en', 'POST', '/prod-api/user/login', {
          loginType: 'password',
          username: 'ada_l',
          password: 'Abcdef12',
        })
      ).code,
    ).not.toBe(0);
  });
});
