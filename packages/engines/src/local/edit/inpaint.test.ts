import { describe, expect, it } from 'vitest';
import { countDifferences, decodeRaw, drawPng, rectMask, type Raw } from './edit-test-support';
import { inpaintPreview } from './inpaint';

const meadow =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb2e0"/><stop offset="1" stop-color="#5f9a4a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>';
const area = { x: 180, y: 120, w: 220, h: 200 };
const inArea = (x: number, y: number) =>
  x >= area.x && x < area.x + area.w && y >= area.y && y < area.y + area.h;

/** How far colours spread inside the area: a drawn subject makes it large, a smooth fill small. */
function spread(img: Raw): number {
  let sum = 0;
  let n = 0;
  for (let y = area.y + 2; y < area.y + area.h - 2; y++) {
    for (let x = area.x + 2; x < area.x + area.w - 2; x++) {
      const i = (y * img.width + x) * img.channels;
      const j = (y * img.width + x + 1) * img.channels;
      for (let c = 0; c < 3; c++) sum += Math.abs((img.data[i + c] ?? 0) - (img.data[j + c] ?? 0));
      n++;
    }
  }
  return sum / n;
}

describe('inpaintPreview', () => {
  it('draws the prompt subject in the mask, names it, and leaves the rest untouched', async () => {
    const image = await drawPng(600, 420, meadow);
    const mask = await rectMask(600, 420, [area]);
    const out = await inpaintPreview(image, mask, 'a red fox sitting in the grass', 7);
    expect([out.width, out.height]).toEqual([600, 420]);
    expect(out.description).toMatch(/a fox drawn in the masked area/);
    const before = await decodeRaw(image);
    const after = await decodeRaw(out.bytes);
    expect(countDifferences(before, after, (x, y) => !inArea(x, y))).toBe(0);
    expect(countDifferences(before, after, inArea)).toBeGreaterThan(area.w * area.h * 0.2);
    const plain = await decodeRaw((await inpaintPreview(image, mask, 'qqq zzz', 7)).bytes);
    expect(spread(after)).toBeGreaterThan(spread(plain) * 3);
  });

  it('keeps the mark and the drawing inside a round mask', async () => {
    const image = await drawPng(500, 500, meadow);
    const mask = await drawPng(
      500,
      500,
      '<ellipse cx="260" cy="280" rx="150" ry="120" fill="#fff"/>',
    );
    const out = await inpaintPreview(image, mask, 'a deer', 5);
    const before = await decodeRaw(image);
    const after = await decodeRaw(out.bytes);
    const maskPixels = await decodeRaw(mask);
    const masked = (x: number, y: number) => (maskPixels.data[(y * 500 + x) * 3] ?? 0) >= 128;
    expect(countDifferences(before, after, (x, y) => !masked(x, y))).toBe(0);
    // The mark is inside: the picture's own top-left corner, where marks usually go, is untouched.
    expect(countDifferences(before, after, (x, y) => x < 120 && y < 60)).toBe(0);
  });

  it('meets the picture without a seam along the mask edge', async () => {
    const image = await drawPng(600, 420, meadow);
    const mask = await rectMask(600, 420, [area]);
    const after = await decodeRaw((await inpaintPreview(image, mask, 'a cat', 3)).bytes);
    let jump = 0;
    let n = 0;
    for (let y = area.y + 40; y < area.y + area.h; y++) {
      // Across the left and right edges of the area: the first pixel in against the last out.
      for (const [inside, outside] of [
        [area.x, area.x - 1],
        [area.x + area.w - 1, area.x + area.w],
      ] as const) {
        for (let c = 0; c < 3; c++) {
          jump += Math.abs(
            (after.data[(y * 600 + inside) * 3 + c] ?? 0) -
              (after.data[(y * 600 + outside) * 3 + c] ?? 0),
          );
          n++;
        }
      }
    }
    expect(jump / n).toBeLessThan(3);
  });

  it('names the subject of a prompt in any of the four languages', async () => {
    const image = await drawPng(400, 300, meadow);
    const mask = await rectMask(400, 300, [{ x: 100, y: 80, w: 180, h: 160 }]);
    for (const prompt of ['一只猫', '猫がいる', 'un gato en el jardín', 'a cat']) {
      expect((await inpaintPreview(image, mask, prompt, 1)).description).toMatch(/a cat drawn/);
    }
  });

  it('is the same for the same seed and changes with it', async () => {
    const image = await drawPng(400, 300, meadow);
    const mask = await rectMask(400, 300, [{ x: 100, y: 80, w: 180, h: 160 }]);
    const seeds = [1, 1, 2, 3, 4].map((s) => inpaintPreview(image, mask, 'a dog', s));
    const [a, b, ...others] = await Promise.all(seeds);
    expect(a?.bytes.equals(b?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(others.some((o) => !o.bytes.equals(a?.bytes ?? Buffer.alloc(0)))).toBe(true);
  });

  it('fills smoothly and says so when the prompt names nothing drawable', async () => {
    const image = await drawPng(400, 300, meadow);
    const mask = await rectMask(400, 300, [{ x: 100, y: 80, w: 180, h: 160 }]);
    const out = await inpaintPreview(image, mask, 'qqq zzz', 1);
    expect(out.description).toMatch(/names nothing the preview can draw/);
  });
});
