import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineCancelledError } from '../local/cancellation';
import { makeTestPhoto, meanAbsDiff } from '../local/local-test-support';
import { esrganPackageRoot, planTiles } from './esrgan';
import { createUpscaler } from './upscale';

const slow = { timeout: 30_000 };

describe('upscale', () => {
  it('doubles a small photo into a PNG that resembles it', slow, async () => {
    const input = await makeTestPhoto(64, 48);
    const out = await createUpscaler()(input, 2);
    expect([out.width, out.height]).toEqual([128, 96]);
    const meta = await sharp(out.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 128, 96]);

    const lanczos = await sharp(input).resize(128, 96, { kernel: 'lanczos3' }).png().toBuffer();
    const black = await sharp({
      create: { width: 128, height: 96, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    const toLanczos = await meanAbsDiff(out.bytes, lanczos);
    expect(toLanczos).toBeLessThan(8);
    expect(toLanczos).toBeLessThan((await meanAbsDiff(out.bytes, black)) / 4);
  });

  it.each([2, 4] as const)(
    'reproduces esrgan-slim’s own %i× sample, tiled without seams',
    slow,
    async (scale) => {
      const assets = join(esrganPackageRoot(), 'assets');
      const fixture = await readFile(join(assets, 'fixture.png'));
      // 48 px tiles cut the 128 px fixture into 9, so every tile edge would show if it seamed.
      const out = await createUpscaler({ tileSize: 48 })(fixture, scale);
      expect([out.width, out.height]).toEqual([128 * scale, 128 * scale]);
      const expected = await readFile(join(assets, 'samples', `${scale}x`, 'result.png'));
      expect(await meanAbsDiff(out.bytes, expected)).toBeLessThan(0.5);
    },
  );

  it('keeps transparency, resized on its own', slow, async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">
      <rect x="0" y="0" width="20" height="40" fill="#c33"/></svg>`;
    const input = await sharp(Buffer.from(svg)).png().toBuffer();
    const out = await createUpscaler()(input, 2);
    const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect(alphaAt(10, 40)).toBe(255);
    expect(alphaAt(70, 40)).toBe(0);
  });

  it('reports progress per tile and stops when the signal aborts', slow, async () => {
    const input = await makeTestPhoto(64, 48);
    const upscale = createUpscaler({ tileSize: 16 });
    const seen: number[] = [];
    await upscale(input, 2, (f) => void seen.push(f));
    expect(seen).toHaveLength(planTiles(64, 48, 16).length);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(1);

    const controller = new AbortController();
    const stopped: number[] = [];
    const run = upscale(
      input,
      2,
      (f) => {
        stopped.push(f);
        controller.abort();
      },
      controller.signal,
    );
    await expect(run).rejects.toBeInstanceOf(EngineCancelledError);
    expect(stopped).toHaveLength(1);
  });

  it('stops when the progress callback rejects', slow, async () => {
    const input = await makeTestPhoto(64, 48);
    let calls = 0;
    const run = createUpscaler({ tileSize: 16 })(input, 4, async () => {
      calls++;
      throw new EngineCancelledError();
    });
    await expect(run).rejects.toBeInstanceOf(EngineCancelledError);
    expect(calls).toBe(1);
  });

  it('refuses inputs over the size limit and bytes that are not an image', async () => {
    const upscale = createUpscaler();
    const blank = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#888' } })
        .png()
        .toBuffer();
    await expect(upscale(await blank(2049, 8), 2)).rejects.toThrow(/up to 2048 px.*2049×8/);
    await expect(upscale(await blank(8, 1025), 4)).rejects.toThrow(/up to 1024 px.*8×1025/);
    await expect(upscale(Buffer.from('not an image'), 2)).rejects.toThrow(/do not decode/);
  });
});

describe('planTiles', () => {
  it('covers the image exactly once', () => {
    const tiles = planTiles(100, 40, 32);
    expect(tiles).toHaveLength(8);
    expect(tiles.reduce((sum, t) => sum + t.width * t.height, 0)).toBe(100 * 40);
    expect(tiles.at(-1)).toEqual({ x: 96, y: 32, width: 4, height: 8 });
  });
});
