import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { caller, hugePng, pngDeclaring, solidImage, truncatedPng } from '../media/media.fixtures';
import { feedback } from './account.schema';

/** Avatars and feedback screenshots are decoded for real, and stop at 50 megapixels. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = () => caller(t);
const dataUrl = (bytes: Buffer, type = 'image/png') =>
  `data:${type};base64,${bytes.toString('base64')}`;
const tooManyPixels =
  'Selected image does not meet requirements: it may have at most 50 megapixels (width × height)';

async function feedbackFiles(): Promise<string[]> {
  return fs.readdir(path.join(t.config.dataDir, 'uploads', 'feedback')).catch(() => []);
}

describe('avatar', () => {
  it('refuses a 16000 × 16000 picture and one that does not decode, keeping the old avatar', async () => {
    const { ticket } = await api().signIn('face@example.com');
    const first = await api().call('POST', '/prod-api/user/avatar', ticket, {
      image: dataUrl(await solidImage(400, 400, 'png')),
    });
    expect(first.code).toBe(0);

    const huge = await api().call('POST', '/prod-api/user/avatar', ticket, {
      image: dataUrl(await hugePng()),
    });
    expect(huge).toMatchObject({
      code: 1001,
      msg: tooManyPixels,
      result: { fields: [{ field: 'image' }] },
    });
    const ja = await api().call(
      'POST',
      '/prod-api/user/avatar',
      ticket,
      { image: dataUrl(await hugePng()) },
      'ja',
    );
    expect(ja.msg).toBe(
      '選択した画像は要件を満たしていません：画素数（幅 × 高さ）は 50 メガピクセル以下にしてください',
    );

    for (const bytes of [await truncatedPng(), await pngDeclaring(1, 1_000_000)]) {
      const broken = await api().call('POST', '/prod-api/user/avatar', ticket, {
        image: dataUrl(bytes),
      });
      expect(broken).toMatchObject({ code: 1001 });
    }
    const profile = await api().call('GET', '/prod-api/user/profile', ticket);
    expect(profile.result.avatar).toBe(first.result.avatar);
  });
});

describe('feedback screenshot', () => {
  it('refuses a 16000 × 16000 picture and a PNG cut short, storing nothing', async () => {
    const { ticket, userId } = await api().signIn('screenshot@example.com');
    const filesBefore = await feedbackFiles();
    const huge = await api().call('POST', '/prod-api/user/feedback', ticket, {
      text: 'The page is slow',
      image: dataUrl(await hugePng()),
    });
    expect(huge).toMatchObject({
      code: 1001,
      msg: tooManyPixels,
      result: { fields: [{ field: 'image' }] },
    });
    for (const bytes of [await truncatedPng(), await pngDeclaring(1, 1_000_000)]) {
      const broken = await api().call('POST', '/prod-api/user/feedback', ticket, {
        text: 'The page is slow',
        image: dataUrl(bytes),
      });
      expect(broken).toMatchObject({ code: 1001, msg: expect.stringContaining('image') });
    }
    expect(await t.database.db.select().from(feedback).where(eq(feedback.userId, userId))).toEqual(
      [],
    );
    expect(await feedbackFiles()).toEqual(filesBefore);

    // A whole JPEG is taken, and kept as a .jpg.
    const saved = await api().call('POST', '/prod-api/user/feedback', ticket, {
      text: 'The page is slow',
      image: dataUrl(await solidImage(800, 600, 'jpeg'), 'image/jpeg'),
    });
    expect(saved.code).toBe(0);
    const [row] = await t.database.db.select().from(feedback).where(eq(feedback.userId, userId));
    expect(row?.imagePath).toMatch(/\.jpg$/);
  });
});
