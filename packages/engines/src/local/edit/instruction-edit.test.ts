import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { countDifferences, decodeRaw, drawPng, meanColour } from './edit-test-support';
import { editByInstruction } from './instruction-edit';

const photo = () =>
  drawPng(
    400,
    300,
    '<rect width="100%" height="100%" fill="#5b8fd0"/><circle cx="200" cy="160" r="80" fill="#e0a030"/><rect y="240" width="400" height="60" fill="#3c7a34"/>',
  );
const everywhere = () => true;

/** A stand-in cut-out with the real one's shape: RGBA, the circle opaque, the rest clear. */
async function cutOutCircle(png: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      data.copy(rgba, p * 4, p * 3, p * 3 + 3);
      rgba[p * 4 + 3] = Math.hypot(x - width / 2, y - height * 0.53) < height * 0.27 ? 255 : 0;
    }
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

describe('editByInstruction', () => {
  it('turns the picture black and white, faithfully and without a mark', async () => {
    const out = await editByInstruction(await photo(), 'make it black and white');
    expect(out).toMatchObject({ applied: ['greyscale'], preview: false, width: 400, height: 300 });
    const img = await decodeRaw(out.bytes);
    for (let p = 0; p < 400 * 300; p += 97) {
      const i = p * img.channels;
      expect(Math.abs((img.data[i] ?? 0) - (img.data[i + 1] ?? 0))).toBeLessThanOrEqual(1);
      expect(Math.abs((img.data[i + 1] ?? 0) - (img.data[i + 2] ?? 0))).toBeLessThanOrEqual(1);
    }
  });

  it('grades night as darker and bluer, sunset as warmer', async () => {
    const input = await photo();
    const before = meanColour(await decodeRaw(input), everywhere);
    const night = meanColour(
      await decodeRaw((await editByInstruction(input, '夜にして')).bytes),
      everywhere,
    );
    const sunset = meanColour(
      await decodeRaw((await editByInstruction(input, 'atardecer')).bytes),
      everywhere,
    );
    const sum = (c: number[]) => c.reduce((a, b) => a + b, 0);
    expect(sum(night)).toBeLessThan(sum(before) * 0.7);
    expect((night[2] ?? 0) - (night[0] ?? 0)).toBeGreaterThan((before[2] ?? 0) - (before[0] ?? 0));
    expect((sunset[0] ?? 0) - (sunset[2] ?? 0)).toBeGreaterThan(
      (before[0] ?? 0) - (before[2] ?? 0) + 20,
    );
  });

  it('applies several operations in the order given', async () => {
    const out = await editByInstruction(await photo(), '变成黑白然后裁剪成正方形');
    expect(out.applied).toEqual(['greyscale', 'crop']);
    expect([out.width, out.height]).toEqual([300, 300]);
    const turned = await editByInstruction(await photo(), 'rotate 90 degrees and crop to 16:9');
    expect(turned.applied).toEqual(['rotate', 'crop']);
    expect([turned.width, turned.height]).toEqual([300, 169]);
  });

  it('flips left to right exactly', async () => {
    const input = await photo();
    const out = await editByInstruction(input, 'flip');
    const a = await decodeRaw(input);
    const b = await decodeRaw(out.bytes);
    const mirrored = { ...b, data: Buffer.alloc(b.data.length) };
    for (let y = 0; y < 300; y++) {
      for (let x = 0; x < 400; x++)
        b.data.copy(
          mirrored.data,
          (y * 400 + x) * 3,
          (y * 400 + 399 - x) * 3,
          (y * 400 + 400 - x) * 3,
        );
    }
    expect(countDifferences(a, mirrored, everywhere)).toBe(0);
  });

  it('replaces and blurs the background through the injected cut-out', async () => {
    const input = await photo();
    const out = await editByInstruction(input, 'replace the background with white', {
      removeBackground: cutOutCircle,
    });
    expect(out).toMatchObject({ applied: ['background_colour'], preview: false });
    const img = await decodeRaw(out.bytes);
    expect(meanColour(img, (x, y) => x < 40 && y < 40)).toEqual([255, 255, 255]);
    expect(meanColour(img, (x, y) => Math.hypot(x - 200, y - 160) < 40)[2]).toBeLessThan(100);
    const blurred = await editByInstruction(input, '背景模糊', { removeBackground: cutOutCircle });
    expect(blurred.applied).toEqual(['blur_background']);
    const diff = countDifferences(
      await decodeRaw(input),
      await decodeRaw(blurred.bytes),
      (x, y) => y > 232 && y < 248,
    );
    expect(diff).toBeGreaterThan(100);
  });

  it('marks a preview and says what was not done or not understood', async () => {
    const input = await photo();
    const noCutout = await editByInstruction(input, 'blur the background and make it warmer');
    expect(noCutout).toMatchObject({ applied: ['warmer'], preview: true });
    expect(noCutout.description).toMatch(
      /not done: background blurred \(needs the background-removal model\)/,
    );
    const unknown = await editByInstruction(input, 'add a dragon');
    expect(unknown).toMatchObject({ applied: [], preview: true });
    expect(unknown.description).toMatch(/Nothing applied; not understood: "add dragon"/);
    // The mark is the only change: it sits in the top-left corner.
    const a = await decodeRaw(input);
    const b = await decodeRaw(unknown.bytes);
    expect(countDifferences(a, b, (x, y) => x > 100 || y > 40)).toBe(0);
    expect(countDifferences(a, b, everywhere)).toBeGreaterThan(50);
  });
});
