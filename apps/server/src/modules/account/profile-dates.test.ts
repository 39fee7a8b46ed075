import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let ticket: string;

beforeAll(async () => {
  t = await createTestApp();
  api = createApiCaller(t);
  ticket = (await api.signIn('birthday@example.com')).ticket;
});
afterAll(() => t.close());

const profile = async () =>
  (await api.call('GET', '/prod-api/user/profile', ticket)).result as Json;

describe('a birthday is a day that exists', () => {
  it('a day no calendar has, or the year 0, is refused and the profile stays', async () => {
    const before = await profile();
    for (const birthday of ['0000-01-01', '2000-02-30', '2023-02-29', '1999-13-01', '1999-00-10']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/prod-api/user/profile',
        headers: { authorization: `Bearer ${ticket}`, 'x-accept-language': 'es' },
        payload: { birthday },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 1001,
        msg: 'Parámetros no válidos: birthday: debe ser una fecha como 2001-09-30',
        result: { fields: [{ field: 'birthday', message: 'debe ser una fecha como 2001-09-30' }] },
      });
    }
    expect(await profile()).toEqual(before);
  });

  it('a leap day and the first day of year 1 are kept', async () => {
    for (const birthday of ['2024-02-29', '0001-01-01']) {
      const res = await api.call('PUT', '/prod-api/user/profile', ticket, { birthday });
      expect(res.result.birthday).toBe(birthday);
    }
  });
});
