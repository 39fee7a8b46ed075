import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createTrackingRepository } from './tracking.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = {
  event_id: 'page_view',
  event_time: 1_795_000_000,
  channel_id: 'viva_pc',
  user_id: 'u1',
  device_id: 'd-1',
  page_name: 'home',
  device: 'pc',
  custom_paras: { from: 'banner' },
};

function post(body: unknown, lang = 'en') {
  return t.app.inject({
    method: 'POST',
    url: '/api/dc/v1/events',
    headers: { 'x-accept-language': lang },
    payload: body as object,
  });
}

describe('POST /api/dc/v1/events', () => {
  it('stores a valid event', async () => {
    const res = await post({ ...valid, event_id: 'single_event' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'success', result: { accepted: 1 } });
    const repo = createTrackingRepository(t.database.db);
    expect(await repo.countByEventId('single_event')).toBe(1);
  });

  it('stores a batch', async () => {
    const res = await post([
      { ...valid, event_id: 'batch_event' },
      { ...valid, event_id: 'batch_event', device: 'h5' },
    ]);
    expect(res.json().result).toEqual({ accepted: 2 });
    expect(await createTrackingRepository(t.database.db).countByEventId('batch_event')).toBe(2);
  });

  it('refuses an event without event_id, naming the field, in the caller language', async () => {
    const { event_id: _omitted, ...withoutId } = valid;
    const en = await post(withoutId, 'en');
    const ja = await post(withoutId, 'ja');
    expect(en.statusCode).toBe(400);
    expect(en.json().code).toBe(1001);
    expect(en.json().msg).toBe('Invalid parameters: event_id: is required');
    expect(en.json().result.fields).toEqual([{ field: 'event_id', message: 'is required' }]);
    expect(ja.json().code).toBe(1001);
    expect(ja.json().msg).toContain('event_id');
    expect(ja.json().msg).not.toBe(en.json().msg);
  });

  it('refuses a wrong device and a bad batch, storing nothing', async () => {
    const repo = createTrackingRepository(t.database.db);
    const bad = await post({ ...valid, event_id: 'never_stored', device: 'tv' }, 'es');
    expect(bad.json().code).toBe(1001);
    expect(bad.json().result.fields[0].field).toBe('device');
    expect(bad.json().msg).toMatch(/^Parámetros no válidos/);
    const batch = await post([{ ...valid, event_id: 'never_stored' }, { event_id: 'x' }]);
    expect(batch.json().code).toBe(1001);
    expect(await repo.countByEventId('never_stored')).toBe(0);
  });

  it('refuses a time past year 9999 (milliseconds sent as seconds), storing nothing', async () => {
    const res = await post([
      { ...valid, event_id: 'far_future' },
      { ...valid, event_id: 'far_future', event_time: 9_007_199_254_740_981 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Invalid parameters: 1.event_time: must be at most 253402300799');
    expect(await createTrackingRepository(t.database.db).countByEventId('far_future')).toBe(0);
    const lastSecond = await post({
      ...valid,
      event_id: 'far_future',
      event_time: 253_402_300_799,
    });
    expect(lastSecond.json().result).toEqual({ accepted: 1 });
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dc/v1/events',
      headers: { 'content-type': 'application/json', 'x-accept-language': 'zh' },
      payload: '{nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1001, result: null });
    expect(res.json().msg).toContain('JSON');
  });
});
