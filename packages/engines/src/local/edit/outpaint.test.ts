import { describe, expect, it } from 'vitest';
import { countDifferences, decodeRaw, drawPng } from './edit-test-support';
import { outpaintCanvas, outpaintPadding } from './outpaint';
import { outpaintRatios } from './outpaint-padding';

const scene = (w: number, h: number) =>
  drawPng(
    w,
    h,
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a5d9f"/><stop offset="1" stop-color="#f2c48a"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#s)"/><circle cx="${w * 0.6}" cy="${h * 0.4}" r="${h * 0.12}" fill="#ffef9a"/>` +
      `<rect y="${h * 0.7}" width="100%" height="${h * 0.3}" fill="#2f5a2c"/>`,
  );

describe('outpaintPadding', () => {
  it.each(outpaintRatios)('brings 640×480 to %s, centred, on whole pixels', (ratio) => {
    const plan = outpaintPadding(640, 480, { whRatio: ratio });
    const [rw = 1, rh = 1] = ratio.split(':').map(Number);
    const { left, right, top, bottom } = plan.padding;
    expect(plan.canvasWidth).toBe(640 + left + right);
    expect(plan.canvasHeight).toBe(480 + top + bottom);
    expect(Math.abs(plan.canvasWidth / plan.canvasHeight - rw / rh)).toBeLessThan(0.005);
    expect(Math.abs(left - right)).toBeLessThanOrEqual(1);
    expect(Math.abs(top - bottom)).toBeLessThanOrEqual(1);
    // Only one direction grows: the picture is never padded on all four sides for a ratio.
    expect(left + right === 0 || top + bottom === 0).toBe(true);
  });

  it('pads by given pixels, then to a ratio, and caps the long side by scaling', () => {
    expect(
      outpaintPadding(500, 400, { expand: { left: 10, right: 0, top: 0, bottom: 30 } }),
    ).toMatchObject({
      canvasWidth: 510,
      canvasHeight: 430,
      width: 510,
      height: 430,
      scale: 1,
    });
    const both = outpaintPadding(500, 500, {
      expand: { left: 100, right: 0, top: 0, bottom: 0 },
      whRatio: '16:9',
    });
    expect(both.canvasHeight).toBe(500);
    expect(both.canvasWidth).toBe(889);
    expect(both.padding.left).toBe(100 + Math.floor((889 - 600) / 2));
    const capped = outpaintPadding(1600, 1600, { whRatio: '21:9' });
    expect(capped.canvasWidth).toBe(3733);
    expect(capped.width).toBe(2048);
    expect(capped.height).toBe(Math.round(1600 * (2048 / 3733)));
    expect(outpaintPadding(300, 300, { whRatio: '1:1' }).padding).toEqual({
      left: 0,
      right: 0,
      top: 0,
      bottom: 0,
    });
  });
});

describe('outpaintCanvas', () => {
  it('expands 512×512 to 16:9 with the original untouched in the centre', async () => {
    const image = await scene(512, 512);
    const out = await outpaintCanvas(image, { whRatio: '16:9' });
    expect([out.width, out.height]).toEqual([910, 512]);
    const before = await decodeRaw(image);
    const after = await decodeRaw(out.bytes);
    expect([after.width, after.height]).toEqual([910, 512]);
    const left = 199;
    const centre = { ...after, data: Buffer.alloc(512 * 512 * 3) };
    for (let y = 0; y < 512; y++) {
      after.data.copy(centre.data, y * 512 * 3, (y * 910 + left) * 3, (y * 910 + left + 512) * 3);
    }
    expect(countDifferences(before, { ...centre, width: 512, height: 512 }, () => true)).toBe(0);
    // The new area continues the picture: its edge column next to the seam matches the picture's.
    let seam = 0;
    for (let y = 0; y < 512; y++) {
      for (let c = 0; c < 3; c++) {
        seam += Math.abs(
          (after.data[(y * 910 + left - 1) * 3 + c] ?? 0) - (before.data[y * 512 * 3 + c] ?? 0),
        );
      }
    }
    expect(seam / (512 * 3)).toBeLessThan(6);
    expect(out.description).toMatch(/16:9 from 512×512 to 910×512/);
  });

  it('puts the PREVIEW mark in the new area, not on the picture', async () => {
    const image = await drawPng(400, 400, '<rect width="100%" height="100%" fill="#808080"/>');
    const after = await decodeRaw((await outpaintCanvas(image, { whRatio: '16:9' })).bytes);
    const W = after.width;
    const { left } = outpaintPadding(400, 400, { whRatio: '16:9' }).padding;
    let markPixels = 0;
    for (let y = 0; y < after.height; y++) {
      for (let x = 0; x < W; x++) {
        const v = after.data[(y * W + x) * 3] ?? 0;
        if (Math.abs(v - 128) > 3) {
          markPixels++;
          expect(x < left || x >= left + 400).toBe(true);
        }
      }
    }
    expect(markPixels).toBeGreaterThan(50);
  });

  it('scales a canvas past maxSide down whole', async () => {
    const image = await scene(600, 400);
    const out = await outpaintCanvas(image, { whRatio: '21:9', maxSide: 700 });
    const after = await decodeRaw(out.bytes);
    expect([after.width, after.height]).toEqual([700, 300]);
    expect(out.description).toMatch(/scaled to 700×300/);
  });

  it('expands by pixels on one side only', async () => {
    const image = await scene(300, 200);
    const out = await outpaintCanvas(image, { expand: { left: 0, right: 0, top: 0, bottom: 120 } });
    expect([out.width, out.height]).toEqual([300, 320]);
    const before = await decodeRaw(image);
    const after = await decodeRaw(out.bytes);
    expect(countDifferences(before, after, (_x, y) => y < 200)).toBe(0);
  });
});
