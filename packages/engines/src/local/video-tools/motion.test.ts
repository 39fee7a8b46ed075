import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { estimateMotion, lumaOf, type GreyFrame } from './motion';
import { makeTexturedPicture } from './video-test-support';

/**
 * A 320×180 frame of a 640×360 textured picture seen at half size, with its content moved:
 * the point q of the unmoved frame lands at c + zoom·(q − c) + (dx, dy). Bilinear sampling.
 */
async function view(source: Buffer, dx: number, dy: number, zoom: number): Promise<GreyFrame> {
  const { data: rgba } = await sharp(source)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const luma = lumaOf(rgba);
  const width = 320;
  const height = 180;
  const out = new Uint8Array(width * height);
  const at = (x: number, y: number) =>
    luma[Math.min(359, Math.max(0, y)) * 640 + Math.min(639, Math.max(0, x))]!;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const qx = 160 + (x + 0.5 - 160 - dx) / zoom;
      const qy = 90 + (y + 0.5 - 90 - dy) / zoom;
      const u = qx * 2 - 0.5;
      const v = qy * 2 - 0.5;
      const x0 = Math.floor(u);
      const y0 = Math.floor(v);
      const fx = u - x0;
      const fy = v - y0;
      const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
      const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
      out[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width, height, data: out };
}

describe('global motion', () => {
  it('measures a slide to a fraction of a pixel', async () => {
    const picture = await makeTexturedPicture(640, 360);
    const a = await view(picture, 0, 0, 1);
    const b = await view(picture, 3.4, -1.2, 1);
    const m = estimateMotion(a, b);
    expect(Math.abs(m.dx - 3.4)).toBeLessThan(0.25);
    expect(Math.abs(m.dy + 1.2)).toBeLessThan(0.25);
    expect(Math.abs(m.zoom - 1)).toBeLessThan(0.004);
    expect(m.confidence).toBeGreaterThan(0.6);
  });

  it('measures a zoom about the centre', async () => {
    const picture = await makeTexturedPicture(640, 360);
    const m = estimateMotion(await view(picture, 0, 0, 1), await view(picture, 0, 0, 1.04));
    expect(Math.abs(m.zoom - 1.04)).toBeLessThan(0.006);
    expect(Math.abs(m.dx)).toBeLessThan(0.3);
    expect(Math.abs(m.dy)).toBeLessThan(0.3);
  });

  it('reads a still picture as still and a flat one as unknown', async () => {
    const picture = await makeTexturedPicture(640, 360);
    const a = await view(picture, 0, 0, 1);
    const still = estimateMotion(a, a);
    expect(Math.abs(still.dx)).toBeLessThan(0.01);
    expect(Math.abs(still.dy)).toBeLessThan(0.01);
    expect(Math.abs(still.zoom - 1)).toBeLessThan(0.0005);
    const flat: GreyFrame = { width: 320, height: 180, data: new Uint8Array(320 * 180).fill(90) };
    expect(estimateMotion(flat, flat).confidence).toBe(0);
  });

  it('follows the camera, not a thing moving on its own', async () => {
    const picture = await makeTexturedPicture(640, 360);
    const a = await view(picture, 0, 0, 1);
    const b = await view(picture, -2, 0, 1);
    // A block of a fifth of the frame moves the other way, like a car crossing the shot.
    const a2 = { ...a, data: a.data.slice() };
    const b2 = { ...b, data: b.data.slice() };
    for (let y = 60; y < 120; y++) {
      for (let x = 100; x < 200; x++) {
        const v = ((x * 37) ^ (y * 91)) & 255;
        a2.data[y * 320 + x] = v;
        b2.data[y * 320 + x + 4] = v;
      }
    }
    const m = estimateMotion(a2, b2);
    expect(Math.abs(m.dx + 2)).toBeLessThan(0.3);
  });
});
