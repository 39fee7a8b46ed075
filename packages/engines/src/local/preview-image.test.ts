import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { meanAbsDiff, settingsFor } from './local-test-support';
import { renderPreviewImage, renderPreviewImages } from './preview-image';
import { previewStyles } from './styles';

describe('preview image (txt2img)', () => {
  it('gives byte-identical PNGs for the same prompt, seed and settings', async () => {
    const settings = settingsFor({ style: 'watercolor' });
    const [a, b] = await Promise.all([
      renderPreviewImage(settings, 7),
      renderPreviewImage(settings, 7),
    ]);
    expect(a.bytes.equals(b.bytes)).toBe(true);
    expect(a.bytes.subarray(1, 4).toString()).toBe('PNG');
  });

  it('draws a visibly different picture for another seed', async () => {
    // Like a real model, a seed keeps the prompt's palette and changes the composition:
    // ranges, sun, clouds and trees move, so whole regions change colour.
    const settings = settingsFor();
    const diffs = [];
    for (const [a, b] of [
      [1, 2],
      [42, 43],
      [7, 8],
    ] as const) {
      const [x, y] = await Promise.all([
        renderPreviewImage(settings, a),
        renderPreviewImage(settings, b),
      ]);
      diffs.push(await meanAbsDiff(x.bytes, y.bytes));
    }
    expect(Math.min(...diffs)).toBeGreaterThan(6);
    expect(diffs.reduce((sum, d) => sum + d, 0) / diffs.length).toBeGreaterThan(10);
  });

  it('draws a different picture for another prompt with the same seed', async () => {
    const [a, b] = await Promise.all([
      renderPreviewImage(settingsFor({ prompt: 'snowy mountains at night' }), 5),
      renderPreviewImage(settingsFor({ prompt: 'a green forest in spring' }), 5),
    ]);
    expect(await meanAbsDiff(a.bytes, b.bytes)).toBeGreaterThan(12);
  });

  it('honours the aspect ratio with the longest side = size, both multiples of 8', async () => {
    const wide = await renderPreviewImage(settingsFor({ ratio: '16:9', size: 512 }), 3);
    expect(wide.width).toBe(512);
    expect(wide.width / wide.height).toBeCloseTo(16 / 9, 1);
    expect([wide.width % 8, wide.height % 8]).toEqual([0, 0]);
    const meta = await sharp(wide.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([wide.width, wide.height]);
    const tall = await renderPreviewImage(settingsFor({ ratio: '2:3', size: 300 }), 3);
    expect([tall.width, tall.height]).toEqual([200, 296]);
  });

  it('renders count outputs, output i from seed + i (wrapping at 2^32)', async () => {
    const images = await renderPreviewImages(settingsFor({ count: 2, seed: 2 ** 32 - 1 }));
    expect(images.map((i) => i.seed)).toEqual([2 ** 32 - 1, 0]);
    expect(images[0]?.bytes.equals(images[1]?.bytes ?? Buffer.alloc(0))).toBe(false);
  });

  it('gives every style its own look, and the model changes the rendering', async () => {
    const rendered = await Promise.all(
      previewStyles.map((style) => renderPreviewImage(settingsFor({ style, size: 256 }), 11)),
    );
    const hashes = new Set(rendered.map((r) => r.bytes.toString('base64')));
    expect(hashes.size).toBe(previewStyles.length);
    const [standard, polyart] = await Promise.all(
      ['standard', 'polyart'].map((model) =>
        renderPreviewImage(settingsFor({ model, style: 'realistic' }), 11),
      ),
    );
    expect(
      await meanAbsDiff(standard?.bytes ?? Buffer.alloc(0), polyart?.bytes ?? Buffer.alloc(0)),
    ).toBeGreaterThan(2);
  });
});
