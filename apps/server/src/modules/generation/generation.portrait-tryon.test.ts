import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeFacelessPicture, readPortraitPhoto } from '@lumen/engines/ml/face-test-support';
import { makeGarmentPhoto, readPersonPhoto } from '@lumen/engines/local/studio/studio-test-support';
import type { Json } from '../../../test/support/api-caller';
import { setUpToolRuns } from '../../../test/support/tool-runs';

const { api, runs, gateway } = setUpToolRuns();

async function finished(ticket: string, tool: string, submitted: Json) {
  expect(submitted.code, submitted.message).toBe(0);
  const result = await runs.waitForFinal(ticket, gateway(tool), submitted.result.task_id);
  expect(result.status, JSON.stringify(result.error)).toBe('done');
  return result;
}

describe('AI portrait', () => {
  it('restyles a face photo as oil paintings, one credit each; a picture without a face is refused and moves no credits', async () => {
    const { ticket } = await runs.userWithGrade('portrait@example.com', 2);
    const face = await runs.upload(ticket, await readPortraitPhoto(), 'face.jpg', 'image/jpeg');
    const before = await api.credits(ticket);
    const submitted = await api.call('POST', gateway('portrait'), ticket, {
      images: [face],
      params: { style: 'oil_painting', batch_size: 2, wh_ratio: '3:4' },
    });
    expect(submitted.result?.cost).toBe(2);
    const result = await finished(ticket, 'portrait', submitted);
    expect(result.sub_task_results).toHaveLength(2);
    const first = await runs.fetchBytes(result.sub_task_results[0].url);
    const meta = await sharp(first).metadata();
    expect(meta.width! / meta.height!).toBeCloseTo(3 / 4, 2);
    expect(result.request.params.style).toBe('oil_painting');
    // The face photo it was made from stays with the result (lineage).
    expect(result.inputs.map((i: { key: string }) => i.key)).toEqual([face]);
    expect(await api.credits(ticket)).toBe(before - 2);

    const settled = await api.credits(ticket);
    const ball = await runs.upload(ticket, await makeFacelessPicture(), 'ball.jpg', 'image/jpeg');
    const faceless = await api.call('POST', gateway('portrait'), ticket, {
      images: [ball],
      params: { style: 'headshot' },
    });
    expect(faceless.code).toBe(1001);
    expect(faceless.message).toContain('No portrait detected');
    const unknown = await api.call('POST', gateway('portrait'), ticket, {
      images: [face],
      params: { style: 'claymation' },
    });
    expect(unknown.code).toBe(1001);
    expect(unknown.message).toContain('params.style');
    const twoFaces = await api.call('POST', gateway('portrait'), ticket, {
      images: [face, face],
    });
    expect(twoFaces.code).toBe(1001);
    expect(await api.credits(ticket)).toBe(settled);
  }, 600_000);
});

describe('the portrait check before a run', () => {
  it('says how many faces a picture shows, for the owner only, and moves no credits', async () => {
    const { ticket } = await runs.userWithGrade('face-check@example.com', 0);
    const face = await runs.upload(ticket, await readPortraitPhoto(), 'face.jpg', 'image/jpeg');
    const ball = await runs.upload(ticket, await makeFacelessPicture(), 'ball.jpg', 'image/jpeg');
    const before = await api.credits(ticket);
    const one = await api.call('POST', '/prod-api/content/face-check', ticket, { key: face });
    expect(one.result).toEqual({ faces: 1, portrait: true, message: null });
    const none = await api.call('POST', '/prod-api/content/face-check', ticket, { key: ball });
    expect(none.result).toMatchObject({ faces: 0, portrait: false });
    expect(none.result.message).toMatch(/portrait/i);
    const other = await api.signIn('face-check-other@example.com');
    const notMine = await api.call('POST', '/prod-api/content/face-check', other.ticket, {
      key: face,
    });
    expect(notMine.code).not.toBe(0);
    expect(await api.credits(ticket)).toBe(before);
  }, 120_000);
});

describe('AI try-on', () => {
  it('dresses a person in a garment photo: one preview the person photo’s size, one credit', async () => {
    const { ticket } = await runs.userWithGrade('try-on@example.com', 2);
    const person = await runs.upload(ticket, await readPersonPhoto(), 'me.jpg', 'image/jpeg');
    const garment = await runs.upload(ticket, await makeGarmentPhoto(), 'tee.jpg', 'image/jpeg');
    const before = await api.credits(ticket);
    const result = await finished(
      ticket,
      'try_on',
      await api.call('POST', gateway('try_on'), ticket, {
        images: [person, garment],
        params: { category: 'top' },
      }),
    );
    expect(result.sub_task_results).toHaveLength(1);
    const out = await sharp(await runs.fetchBytes(result.sub_task_results[0].url)).metadata();
    expect([out.width, out.height]).toEqual([700, 1180]);
    expect(result.request.params.category).toBe('top');
    expect(result.inputs.map((i: { key: string }) => i.key)).toEqual([person, garment]);
    expect(await api.credits(ticket)).toBe(before - 1);

    const settled = await api.credits(ticket);
    const alone = await api.call('POST', gateway('try_on'), ticket, { images: [person] });
    expect(alone.code).toBe(1001);
    const badKind = await api.call('POST', gateway('try_on'), ticket, {
      images: [person, garment],
      params: { category: 'hat' },
    });
    expect(badKind.code).toBe(1001);
    expect(badKind.message).toContain('params.category');
    expect(await api.credits(ticket)).toBe(settled);
  }, 600_000);
});
