import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineCancelledError } from '../cancellation';
import { EditInputError } from '../edit/edit-input-error';
import { probeAudio, probeVideo } from '../local-test-support';
import { extendVideo, planExtension } from './extend';
import { estimateMotion, lumaOf } from './motion';
import {
  decodeSmallFrames,
  frameDiff,
  makeTestClip,
  probeStreamFields,
} from './video-test-support';

const tempDir = mkdtempSync(join(tmpdir(), 'lumen-extend-test-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

/** The picture's slide between two small RGB frames, in their pixels. */
function slide(a: Buffer, b: Buffer, width: number, height: number) {
  const grey = (f: Buffer) => {
    const rgba = new Uint8Array(width * height * 4);
    for (let p = 0; p < width * height; p++) rgba.set(f.subarray(p * 3, p * 3 + 3), p * 4);
    return { width, height, data: lumaOf(rgba) };
  };
  return estimateMotion(grey(a), grey(b));
}

describe('video extend', () => {
  it('continues a panning clip by 5 s without a cut, keeping its sound', async () => {
    // 640×360 at 24 fps, the camera panning right at 48 px/s: the picture slides 2 px a frame.
    const input = await makeTestClip({
      width: 640,
      height: 360,
      seconds: 4,
      fps: 24,
      panPerS: 48,
      tone: true,
    });
    const out = await extendVideo(input, { durationS: 5, seed: 3 }, { tempDir });
    const probed = probeVideo(out.video);
    expect(probed).toMatchObject({
      codec: 'h264',
      width: 640,
      height: 360,
      pixFmt: 'yuv420p',
      frames: 216,
    });
    expect(probed.durationS).toBeGreaterThan(8.9);
    expect(probed.durationS).toBeLessThan(9.1);
    expect([out.width, out.height, out.durationS]).toEqual([640, 360, 9]);
    expect(probeStreamFields(out.video)).toMatchObject({
      color_space: 'bt709',
      r_frame_rate: '24/1',
    });
    const sound = probeAudio(out.video);
    expect(sound?.codec).toBe('aac');
    expect(sound?.durationS).toBeGreaterThan(8.8);
    const poster = await sharp(out.poster).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(['png', 640, 360]);
    expect(out.description).toContain('panning right');

    const frames = decodeSmallFrames(out.video, 320, 180);
    expect(frames).toHaveLength(216);
    // The step across the join is like the steps before it: no cut, no freeze.
    const before = [90, 91, 92, 93, 94].map((i) => frameDiff(frames[i]!, frames[i + 1]!));
    const join = frameDiff(frames[95]!, frames[96]!);
    const typical = before.reduce((s, d) => s + d, 0) / before.length;
    expect(join).toBeLessThan(typical * 1.6);
    expect(join).toBeGreaterThan(typical * 0.4);
    // And the motion carries on the same way: about −1 px a frame at half size.
    const after = slide(frames[96]!, frames[100]!, 320, 180);
    expect(after.dx / 4).toBeLessThan(-0.6);
    expect(after.dx / 4).toBeGreaterThan(-1.4);
    // The extension keeps moving to the end, never standing still.
    expect(frameDiff(frames[200]!, frames[215]!)).toBeGreaterThan(1);
    expect(readdirSync(tempDir)).toEqual([]);
  }, 120_000);

  it('extends a still clip without sound by 10 s with the slow push-in', async () => {
    const input = await makeTestClip({ width: 320, height: 180, seconds: 1, fps: 12 });
    const out = await extendVideo(input, { durationS: 10, seed: 1 }, { tempDir });
    expect(probeVideo(out.video)).toMatchObject({ width: 320, height: 180, frames: 132 });
    expect(probeAudio(out.video)).toBeUndefined();
    expect(out.description).toContain('holding still');
    const frames = decodeSmallFrames(out.video, 160, 90);
    expect(frameDiff(frames[11]!, frames[12]!)).toBeLessThan(2);
    expect(frameDiff(frames[12]!, frames[131]!)).toBeGreaterThan(2);
  }, 60_000);

  it('plans a path that starts at the clip speed and keeps the frame covered', () => {
    const poses = planExtension({ dx: -6, dy: 0, zoom: 1 }, 1280, 720, 24, 240, 7);
    expect(poses).toHaveLength(240);
    expect(poses[0]!.tx).toBeCloseTo(-6, 5);
    for (const p of poses) {
      expect(p.zoom).toBeGreaterThanOrEqual(1 + Math.abs(p.tx) / 640 - 1e-9);
      expect(p.zoom).toBeLessThanOrEqual(1.6 + 1e-9);
    }
  });

  it('refuses bytes that are no video, changing nothing', async () => {
    const error = await extendVideo(
      Buffer.from('not a video at all'),
      { durationS: 5, seed: 1 },
      { tempDir },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EditInputError);
    expect((error as EditInputError).problem).toBe('unreadable_video');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    await expect(extendVideo(png, { durationS: 5, seed: 1 }, { tempDir })).rejects.toBeInstanceOf(
      EditInputError,
    );
    expect(readdirSync(tempDir)).toEqual([]);
  });

  it('stops when cancelled', async () => {
    const input = await makeTestClip({ width: 320, height: 180, seconds: 1, fps: 12 });
    const controller = new AbortController();
    const run = extendVideo(
      input,
      { durationS: 10, seed: 1 },
      {
        tempDir,
        report: async (f) => {
          if (f > 0.3) controller.abort();
        },
        signal: controller.signal,
      },
    );
    await expect(run).rejects.toBeInstanceOf(EngineCancelledError);
    expect(readdirSync(tempDir)).toEqual([]);
  }, 30_000);
});
