import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createAlgoConfigRepository } from './algo-config.repository';
import { algoConfig } from './algo-config.schema';
import { createAlgoConfigService } from './algo-config.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (query = '') =>
  t.app.inject({ method: 'GET', url: `/prod-api/content/algo_config/list${query}` });

describe('GET /prod-api/content/algo_config/list', () => {
  it('answers the effect set by default, in display order', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(Array.isArray(body.result.data)).toBe(true);
    expect(body.result.data.length).toBeGreaterThan(5);
    expect(body.result.data.every((r: { algo_set: string }) => r.algo_set === 'effect_set')).toBe(
      true,
    );
    const sorts = body.result.data.map((r: { sort: number }) => r.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(body.result.data[0]).toMatchObject({ key: 'hug', task_type: 'video_diffusion_img2vid' });
  });

  it('answers the engine set with one row per task type', async () => {
    const body = (await list('?algo_set=engine_set&client_type=h5')).json();
    const byKey = Object.fromEntries(
      body.result.data.map((r: { key: string; engine: string }) => [r.key, r.engine]),
    );
    expect(byKey.txt2img).toBe('local');
    expect(byKey.video_diffusion).toBe('local');
    expect(byKey.image_to_3d).toBe('local');
  });

  it('answers an empty list for a set nobody defined', async () => {
    expect((await list('?algo_set=no_such_set')).json()).toEqual({
      code: 0,
      msg: 'success',
      result: { data: [] },
    });
  });

  it('refuses an unknown client type', async () => {
    const res = await list('?client_type=fridge');
    expect(res.json().code).toBe(1001);
    expect(res.json().result.fields[0].field).toBe('client_type');
  });

  it('hides disabled rows, and seeding again keeps admin edits', async () => {
    await t.database.db
      .update(algoConfig)
      .set({ enabled: false, name: 'Edited' })
      .where(eq(algoConfig.key, 'melt'));
    await createAlgoConfigService({
      repository: createAlgoConfigRepository(t.database.db),
    }).seedDefaults();
    const keys = (await list()).json().result.data.map((r: { key: string }) => r.key);
    expect(keys).not.toContain('melt');
    const [row] = await t.database.db.select().from(algoConfig).where(eq(algoConfig.key, 'melt'));
    expect(row).toMatchObject({ enabled: false, name: 'Edited' });
  });
});
