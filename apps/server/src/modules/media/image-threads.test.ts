import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createImageThread } from './image-threads';
import { makeThumbnail, readImageMeta } from './media-images';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

const thread = createImageThread();
afterAll(() => thread.close());

describe('the image thread', () => {
  it('reads headers and makes thumbnails as this thread does', async () => {
    const bytes = await picture(640, 360);
    expect(await thread.readImageMeta(bytes)).toEqual(await readImageMeta(bytes));
    const thumbnail = await thread.makeThumbnail(bytes, 320);
    expect(await sharp(thumbnail).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      height: 180,
    });
    expect(thumbnail.equals(await makeThumbnail(bytes, 320))).toBe(true);
    // The caller's bytes are still whole: the thread worked on a copy.
    expect(await readImageMeta(bytes)).toMatchObject({ width: 640, height: 360 });
  });

  it('answers undefined for bytes that are no picture, and fails their thumbnail', async () => {
    const junk = Buffer.from('not a picture at all');
    expect(await thread.readImageMeta(junk)).toBeUndefined();
    await expect(thread.makeThumbnail(junk, 320)).rejects.toThrow();
  });

  it('keeps many jobs apart and starts again after it was stopped', async () => {
    const sizes = [
      [10, 20],
      [30, 15],
      [64, 64],
      [200, 100],
    ] as const;
    const metas = await Promise.all(
      sizes.map(async ([w, h]) => thread.readImageMeta(await picture(w, h))),
    );
    expect(metas.map((m) => [m?.width, m?.height])).toEqual(sizes.map(([w, h]) => [w, h]));
    const bytes = await picture(50, 50);
    const stopped = thread.makeThumbnail(bytes, 20).then(
      () => 'answered',
      () => 'failed',
    );
    await thread.close();
    // The job under way when the thread stopped either finished or failed; none hangs.
    expect(['answered', 'failed']).toContain(await stopped);
    expect(await thread.readImageMeta(bytes)).toMatchObject({ width: 50, height: 50 });
  });
});
