import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { EditInputError } from '../edit/edit-input-error';
import { extractFrame, probeAudio, probeVideo } from '../local-test-support';
import { upscaleVideo } from './upscale-video';
import { greyCrop, makeTestClip } from './video-test-support';

const tempDir = mkdtempSync(join(tmpdir(), 'lumen-upscale-test-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

/** Mean absolute step between horizontal neighbours of grey bytes `width` wide: crispness. */
function crispness(grey: Uint8Array, width: number): number {
  let sum = 0;
  let n = 0;
  for (let i = 1; i < grey.length; i++) {
    if (i % width === 0) continue;
    sum += Math.abs(grey[i]! - grey[i - 1]!);
    n++;
  }
  return sum / n;
}

describe('4K video enhancement', () => {
  it('brings a 640×360 clip to 3840×2160, sharper than a plain resize, keeping length and sound', async () => {
    const clip = await makeTestClip({
      width: 640,
      height: 360,
      seconds: 1,
      fps: 24,
      panPerS: 20,
      tone: true,
    });
    const progress: number[] = [];
    const out = await upscaleVideo(
      clip,
      { longSide: 3840, method: 'lanczos' },
      {
        tempDir,
        report: async (f) => {
          progress.push(f);
        },
      },
    );
    expect(probeVideo(out.video)).toMatchObject({
      codec: 'h264',
      width: 3840,
      height: 2160,
      frames: 24,
      pixFmt: 'yuv420p',
    });
    expect([out.width, out.height, out.durationS]).toEqual([3840, 2160, 1]);
    expect(probeAudio(out.video)?.codec).toBe('aac');
    expect(probeAudio(out.video)?.durationS).toBeGreaterThan(0.9);
    expect(out.description).toContain('Lanczos');
    expect(progress.at(-1)).toBe(1);
    // The same part of the frame resized by plain bicubic, for comparison.
    const box = { left: 1600, top: 800, width: 600, height: 400 };
    const plain = await sharp(extractFrame(clip, 12))
      .resize(3840, 2160, { kernel: 'cubic' })
      .extract(box)
      .greyscale()
      .raw()
      .toBuffer();
    expect(crispness(greyCrop(out.video, 12, box), 600)).toBeGreaterThan(
      crispness(plain, 600) * 1.1,
    );
    expect(readdirSync(tempDir)).toEqual([]);
  }, 180_000);

  it('times ESRGAN and falls back to Lanczos when it would run past the budget', async () => {
    const clip = await makeTestClip({ width: 320, height: 180, seconds: 1, fps: 12 });
    const out = await upscaleVideo(
      clip,
      { longSide: 1280, method: 'auto', budgetS: 0 },
      { tempDir },
    );
    expect([out.width, out.height]).toEqual([1280, 720]);
    expect(out.description).toMatch(/Lanczos .*as ESRGAN would take about \d+ s here/);
  }, 120_000);

  it('runs ESRGAN on every frame when it fits', async () => {
    const clip = await makeTestClip({ width: 160, height: 90, seconds: 0.5, fps: 6 });
    const out = await upscaleVideo(
      clip,
      { longSide: 640, method: 'auto', budgetS: 600 },
      { tempDir },
    );
    expect(probeVideo(out.video)).toMatchObject({
      width: 640,
      height: 360,
      frames: probeVideo(clip).frames,
    });
    expect(out.description).toContain('ESRGAN (4× per frame');
    const lanczos = await upscaleVideo(clip, { longSide: 640, method: 'lanczos' }, { tempDir });
    const box = { left: 0, top: 0, width: 640, height: 360 };
    const [a, b] = [out.video, lanczos.video].map((v) => greyCrop(v, 1, box));
    let diff = 0;
    for (let i = 0; i < a!.length; i++) diff += Math.abs(a![i]! - b![i]!);
    expect(diff / a!.length).toBeGreaterThan(1);
  }, 180_000);

  it('refuses bytes that are no video', async () => {
    await expect(
      upscaleVideo(Buffer.from('nope'), { longSide: 3840 }, { tempDir }),
    ).rejects.toBeInstanceOf(EditInputError);
    expect(readdirSync(tempDir)).toEqual([]);
  });
});
