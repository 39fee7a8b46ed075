import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { videoStyles, type VideoStyle } from '@lumen/contracts/generation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EditInputError } from '../edit/edit-input-error';
import { probeAudio, probeVideo } from '../local-test-support';
import { styleRecipes } from './style-filters';
import { stylizeVideo } from './stylize';
import {
  decodeSmallFrames,
  frameDiff,
  makeTestClip,
  probeStreamFields,
} from './video-test-support';

const tempDir = mkdtempSync(join(tmpdir(), 'lumen-stylize-test-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

/** Mean of each channel and of the colourfulness (max − min channel) of a small RGB frame. */
function colours(frame: Buffer) {
  const sum = [0, 0, 0, 0];
  for (let i = 0; i < frame.length; i += 3) {
    const r = frame[i]!;
    const g = frame[i + 1]!;
    const b = frame[i + 2]!;
    sum[0]! += r;
    sum[1]! += g;
    sum[2]! += b;
    sum[3]! += Math.max(r, g, b) - Math.min(r, g, b);
  }
  const n = frame.length / 3;
  return { r: sum[0]! / n, g: sum[1]! / n, b: sum[2]! / n, chroma: sum[3]! / n };
}

let small: Buffer;
let input: Buffer[];
beforeAll(async () => {
  small = await makeTestClip({ width: 320, height: 180, seconds: 1, fps: 12, panPerS: 20 });
  input = decodeSmallFrames(small, 160, 90);
});

describe('video stylization', () => {
  it('keeps the first 4 s of a longer clip, with its sound, at its size and frame rate', async () => {
    const clip = await makeTestClip({
      width: 640,
      height: 360,
      seconds: 6,
      fps: 24,
      panPerS: 30,
      tone: true,
    });
    const out = await stylizeVideo(clip, 'cartoon', { tempDir });
    expect(probeVideo(out.video)).toMatchObject({
      codec: 'h264',
      width: 640,
      height: 360,
      frames: 96,
      pixFmt: 'yuv420p',
    });
    expect(probeStreamFields(out.video)).toMatchObject({
      color_space: 'bt709',
      r_frame_rate: '24/1',
    });
    expect(probeAudio(out.video)?.durationS).toBeGreaterThan(3.9);
    expect(probeAudio(out.video)?.durationS).toBeLessThan(4.1);
    expect([out.width, out.height, out.durationS]).toEqual([640, 360, 4]);
    expect(out.description).toContain('Cartoon');
    expect(readdirSync(tempDir)).toEqual([]);
  }, 120_000);

  it('makes every style, changing the picture, marking the model-only ones PREVIEW', async () => {
    const previews: VideoStyle[] = [];
    for (const style of videoStyles) {
      const out = await stylizeVideo(small, style, { tempDir });
      expect(probeVideo(out.video), style).toMatchObject({ width: 320, height: 180, frames: 12 });
      expect(out.durationS, style).toBe(1);
      const frames = decodeSmallFrames(out.video, 160, 90);
      const change = frameDiff(frames[6]!, input[6]!);
      if (style === 'original') expect(change, style).toBeLessThan(4);
      else if (style === 'realistic') expect(change, style).toBeGreaterThan(5);
      else expect(change, style).toBeGreaterThan(15);
      if (styleRecipes[style].preview) {
        previews.push(style);
        expect(out.description, style).toContain('preview');
      } else expect(out.description, style).not.toContain('preview');
    }
    expect(previews).toEqual(['van_gogh', 'miyazaki', 'anime']);
  }, 300_000);

  it('gives each style its colours: grey ink, pink Barbie, teal and magenta cyberpunk', async () => {
    const base = colours(input[6]!);
    const look = async (style: VideoStyle) =>
      colours(
        decodeSmallFrames((await stylizeVideo(small, style, { tempDir })).video, 160, 90)[6]!,
      );
    const ink = await look('ink_wash');
    expect(ink.chroma).toBeLessThan(base.chroma * 0.3);
    const barbie = await look('barbie');
    expect(barbie.r - barbie.g).toBeGreaterThan(base.r - base.g + 10);
    expect(barbie.b - barbie.g).toBeGreaterThan(base.b - base.g + 5);
    const neon = await look('cyberpunk');
    expect(neon.b - neon.g).toBeGreaterThan(base.b - base.g + 10);
  }, 120_000);

  it('refuses what is no video and styles it does not know, changing nothing', async () => {
    const problem = (run: Promise<unknown>) =>
      run.then(
        () => 'none',
        (e: unknown) => (e instanceof EditInputError ? e.problem : String(e)),
      );
    expect(await problem(stylizeVideo(Buffer.from('garbage'), 'cartoon', { tempDir }))).toBe(
      'unreadable_video',
    );
    expect(await problem(stylizeVideo(small, 'sepia' as VideoStyle, { tempDir }))).toBe(
      'unknown_option',
    );
    expect(readdirSync(tempDir)).toEqual([]);
  });
});
