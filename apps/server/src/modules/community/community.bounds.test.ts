import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { circles } from './community.schema';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'covers@example.com' } });
  api = createApiCaller(t);
  admin = (await api.signIn('covers@example.com')).ticket;
});
afterAll(() => t.close());

async function send(method: 'POST' | 'PATCH', url: string, body: object, lang = 'en') {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${admin}`, 'x-accept-language': lang },
    payload: body,
  });
  return { status: res.statusCode, ...(res.json() as Json) } as Json;
}

const coverRefused = {
  status: 400,
  code: 1001,
  msg: 'Invalid parameters: cover: must be a media key or a web address',
  result: { fields: [{ field: 'cover', message: 'must be a media key or a web address' }] },
};

const listCircles = async () =>
  (await api.call('GET', '/prod-api/content/circles')).result.list as Json[];

describe('what admins and pollers may name', () => {
  it('a cover that is neither a media key nor a web address is refused and nothing is made', async () => {
    for (const cover of ['ok', 'a b', '../x.png', 'uploads/../x.png', 'Uploads/x.png']) {
      expect(await send('POST', '/prod-api/admin/circles', { name: 'Kites', cover })).toEqual(
        coverRefused,
      );
    }
    expect(
      (await send('POST', '/prod-api/admin/circles', { name: 'Kites', cover: 'ok' }, 'zh')).msg,
    ).toBe('参数无效：cover：必须是媒体文件的 key 或网址');
    expect(await listCircles()).toEqual([]);

    const day = 24 * 3600_000;
    const campaign = {
      title: 'Kites',
      cover: 'ok',
      entry_starts_at: new Date(Date.now() - day).toISOString(),
      entry_ends_at: new Date(Date.now() + day).toISOString(),
      voting_ends_at: new Date(Date.now() + 2 * day).toISOString(),
    };
    expect(await send('POST', '/prod-api/admin/campaigns', campaign)).toEqual(coverRefused);
    expect((await api.call('GET', '/prod-api/content/campaign/list')).result.list).toEqual([]);
  });

  it('no cover, a web address or a media key make a circle; an edit is checked the same way', async () => {
    const none = await send('POST', '/prod-api/admin/circles', { name: 'Plain' });
    expect(none.result.cover_url).toBe('');
    const web = await send('POST', '/prod-api/admin/circles', {
      name: 'Web',
      cover: 'https://cdn.example.com/kites.png',
    });
    expect(web.result.cover_url).toBe('https://cdn.example.com/kites.png');
    const stored = await send('POST', '/prod-api/admin/circles', {
      name: 'Stored',
      cover: 'uploads/1/kites.png',
    });
    expect(stored.code).toBe(0);
    expect(stored.result.cover_url).toContain('/files/uploads/1/kites.png?');

    const id = stored.result.circle_id as string;
    expect(await send('PATCH', `/prod-api/admin/circles/${id}`, { cover: 'ok' })).toEqual(
      coverRefused,
    );
    expect((await listCircles()).find((c) => c.circle_id === id)?.cover_url).toBe(
      stored.result.cover_url,
    );
  });

  it('campaign dates outside the years 1 to 9999, whatever their offset, make nothing', async () => {
    const dates = {
      entry_starts_at: '2026-01-01T00:00:00Z',
      entry_ends_at: '2026-02-01T00:00:00Z',
      voting_ends_at: '9999-12-31T23:59:59-12:00',
    };
    const message = 'must be between the years 1 and 9999';
    const late = await send('POST', '/prod-api/admin/campaigns', { title: 'Late', ...dates });
    expect(late).toMatchObject({ status: 400, code: 1001 });
    expect(late.result.fields).toEqual([{ field: 'voting_ends_at', message }]);
    const early = await send(
      'POST',
      '/prod-api/admin/campaigns',
      {
        title: 'Early',
        ...dates,
        entry_starts_at: '0001-01-01T00:30:00+01:00',
        voting_ends_at: '2027-01-01T00:00:00Z',
      },
      'ja',
    );
    expect(early.msg).toBe(
      'パラメータが無効です：entry_starts_at：1 年から 9999 年までの日時を指定してください',
    );
    const list = await api.call('GET', '/prod-api/admin/campaigns', admin);
    expect(list.result.total_count).toBe(0);
    const lastMoment = await send('POST', '/prod-api/admin/campaigns', {
      title: 'Last moment',
      ...dates,
      voting_ends_at: '9999-12-31T23:59:59+00:00',
    });
    expect(lastMoment.code).toBe(0);
  });

  it('a notice poll from after the year 9999 is refused', async () => {
    const poll = (timestamp: number) =>
      api.call('GET', `/prod-api/user/notice/polling?timestamp=${timestamp}`, admin);
    expect((await poll(253_402_300_800_000)).msg).toBe(
      'Invalid parameters: timestamp: must be at most 253402300799999',
    );
    expect((await poll(7_879_032_202_135_953)).code).toBe(1001);
    expect((await poll(253_402_300_799_999)).result.has_new).toBe(false);
  });

  it('a cover stored before covers were checked shows no picture instead of failing the list', async () => {
    await t.database.db.insert(circles).values({ name: 'Old', cover: 'ok', createdAt: new Date() });
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/content/circles' });
    expect(res.statusCode).toBe(200);
    expect((res.json().result.list as Json[]).find((c) => c.name === 'Old')?.cover_url).toBe('');
  });
});
