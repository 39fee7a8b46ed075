import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { BackgroundRemover } from '../../ml/background-removal';
import { drawPng } from '../edit/edit-test-support';
import { extractFrame, meanAbsDiff, probeVideo } from '../local-test-support';
import { elementsVideo } from './elements';

/** A reference shot: a coloured figure on a magenta studio wall. */
const reference = (colour: string) =>
  drawPng(
    300,
    400,
    `<rect width="100%" height="100%" fill="#ff00ff"/><ellipse cx="150" cy="220" rx="80" ry="140" fill="${colour}"/>`,
  );

/** Pixels within 40 of a colour (per channel) in a frame. */
async function countColour(png: Buffer, [r, g, b]: [number, number, number]): Promise<number> {
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let i = 0; i < data.length; i += 3) {
    if (
      Math.abs(data[i]! - r) < 40 &&
      Math.abs(data[i + 1]! - g) < 40 &&
      Math.abs(data[i + 2]! - b) < 40
    )
      n++;
  }
  return n;
}

/**
 * Stands in for IS-Net (a model too slow for this test): the same answer shape, an RGBA PNG
 * whose alpha drops the magenta wall.
 */
const keyOutMagenta: BackgroundRemover = async (image) => {
  const { data, info } = await sharp(image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i += 4) {
    if (data[i]! > 200 && data[i + 1]! < 60 && data[i + 2]! > 200) data[i + 3] = 0;
  }
  const bytes = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
  return { bytes, width: info.width, height: info.height };
};

describe('multi-image reference video', () => {
  it('stages every reference in one moving scene drawn from the prompt', async () => {
    const images = [
      await reference('#1f6fd0'),
      await reference('#f0c020'),
      await reference('#20a040'),
    ];
    const clip = await elementsVideo(images, 'three friends on a beach at sunset', {
      seed: 7,
      durationS: 1.5,
      width: 640,
      height: 360,
      fps: 12,
      removeBackground: keyOutMagenta,
    });
    const probed = probeVideo(clip.video);
    expect([probed.width, probed.height, probed.frames, probed.pixFmt]).toEqual([
      640,
      360,
      18,
      'yuv420p',
    ]);
    const first = extractFrame(clip.video, 0);
    for (const colour of [
      [0x1f, 0x6f, 0xd0],
      [0xf0, 0xc0, 0x20],
      [0x20, 0xa0, 0x40],
    ] as const) {
      expect(await countColour(first, [...colour])).toBeGreaterThan(2000);
    }
    // The cut-outs leave their studio wall behind.
    expect(await countColour(first, [255, 0, 255])).toBeLessThan(200);
    expect(await meanAbsDiff(first, extractFrame(clip.video, 17))).toBeGreaterThan(1);
    expect(clip.description).toMatch(/3 references cut out \(IS-Net\)/);
  }, 60_000);

  it('crops the references to soft ovals over their blurred blend without a remover or prompt', async () => {
    const images = [await reference('#1f6fd0'), await reference('#f0c020')];
    const clip = await elementsVideo(images, '  ', {
      seed: 1,
      durationS: 1,
      width: 480,
      height: 480,
      fps: 8,
    });
    expect([clip.width, clip.height, clip.durationS]).toEqual([480, 480, 1]);
    const first = extractFrame(clip.video, 0);
    expect(await countColour(first, [0x1f, 0x6f, 0xd0])).toBeGreaterThan(2000);
    expect(await countColour(first, [0xf0, 0xc0, 0x20])).toBeGreaterThan(2000);
    // Whole rectangles would show about 107 000 px of the magenta wall; the ovals fade their
    // corners and rims out, so well under that remains.
    const wall = await countColour(first, [255, 0, 255]);
    expect(wall).toBeLessThan(60_000);
    expect(clip.description).toMatch(/soft oval crops.*blurred blend/);
  }, 60_000);

  it('takes two to four pictures', async () => {
    const one = [await reference('#1f6fd0')];
    const opts = { seed: 1, durationS: 1, width: 320, height: 320 };
    await expect(elementsVideo(one, 'x', opts)).rejects.toMatchObject({
      problem: 'bad_image_count',
    });
    await expect(
      elementsVideo([...one, ...one, ...one, ...one, ...one], 'x', opts),
    ).rejects.toMatchObject({
      problem: 'bad_image_count',
    });
    await expect(elementsVideo([...one, Buffer.from('nope')], 'x', opts)).rejects.toMatchObject({
      problem: 'unreadable_image',
    });
  });
});
