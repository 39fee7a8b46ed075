import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineCancelledError } from './cancellation';
import {
  extractFrame,
  makeTestPhoto,
  meanAbsDiff,
  probeVideo,
  settingsFor,
} from './local-test-support';
import { renderImageToVideo, renderKeyframesVideo, renderTextToVideo } from './preview-video';

const tempDir = mkdtempSync(join(tmpdir(), 'lumen-video-test-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

/** A short, small clip keeps most tests fast; one test renders the real 720p 5 s case. */
const small = settingsFor({ resolution: '360p', durationS: 1, fps: 12, ratio: '16:9' });

describe('preview video', () => {
  it('renders a 5 s 720p text-to-video clip as H.264 with a poster', async () => {
    const clip = await renderTextToVideo(
      settingsFor({ ratio: '16:9', resolution: '720p', durationS: 5, fps: 24 }),
      42,
      { tempDir },
    );
    const probed = probeVideo(clip.video);
    expect(probed).toMatchObject({
      codec: 'h264',
      width: 1280,
      height: 720,
      frames: 120,
      pixFmt: 'yuv420p',
    });
    expect(probed.durationS).toBeGreaterThan(4.9);
    expect(probed.durationS).toBeLessThan(5.1);
    expect([clip.width, clip.height, clip.durationS, clip.frameCount]).toEqual([1280, 720, 5, 120]);
    const poster = await sharp(clip.poster).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(['png', 1280, 720]);
    expect(readdirSync(tempDir)).toEqual([]);
  }, 60_000);

  it('gives the same bytes for the same settings and moves the camera', async () => {
    const settings = { ...small, camera: { x: 0.3, y: 0, zoom: 0.2 } };
    const [a, b] = await Promise.all([
      renderTextToVideo(settings, 5, { tempDir }),
      renderTextToVideo(settings, 5, { tempDir }),
    ]);
    expect(a.video.equals(b.video)).toBe(true);
    expect(a.poster.equals(b.poster)).toBe(true);
    expect(await meanAbsDiff(extractFrame(a.video, 0), extractFrame(a.video, 11))).toBeGreaterThan(
      3,
    );
  }, 30_000);

  it('sizes portrait clips by their short side', async () => {
    const clip = await renderTextToVideo({ ...small, ratio: '9:16' }, 1, { tempDir });
    expect([clip.width, clip.height]).toEqual([360, 640]);
    expect(probeVideo(clip.video)).toMatchObject({ width: 360, height: 640, frames: 12 });
  }, 30_000);

  it('animates an input image, starting from the picture', async () => {
    const photo = await makeTestPhoto(640, 360);
    const clip = await renderImageToVideo(photo, small, 3, { tempDir });
    expect(probeVideo(clip.video)).toMatchObject({
      codec: 'h264',
      width: 640,
      height: 360,
      frames: 12,
    });
    expect(await meanAbsDiff(clip.poster, photo)).toBeLessThan(12);
  }, 30_000);

  it('dissolves the first keyframe into the last', async () => {
    const [first, last] = await Promise.all([
      makeTestPhoto(640, 360, 10),
      makeTestPhoto(640, 360, 200),
    ]);
    const clip = await renderKeyframesVideo(first, last, small, 3, { tempDir });
    const [start, end] = [extractFrame(clip.video, 0), extractFrame(clip.video, 11)];
    expect(await meanAbsDiff(start, first)).toBeLessThan(8);
    expect(await meanAbsDiff(end, last)).toBeLessThan(8);
    expect(await meanAbsDiff(start, last)).toBeGreaterThan(20);
  }, 30_000);

  it('stops mid-way when cancelled, killing ffmpeg and leaving no temp files', async () => {
    const seen: number[] = [];
    const onProgress = async (f: number) => {
      seen.push(f);
      if (f > 0.3) throw new EngineCancelledError();
    };
    const settings = settingsFor({ resolution: '360p', durationS: 4, fps: 24 });
    await expect(renderTextToVideo(settings, 1, { tempDir, onProgress })).rejects.toBeInstanceOf(
      EngineCancelledError,
    );
    expect(Math.max(...seen)).toBeLessThan(0.5);
    expect(readdirSync(tempDir)).toEqual([]);
  }, 30_000);

  it('stops when the abort signal fires', async () => {
    const controller = new AbortController();
    const onProgress = async (f: number) => {
      if (f > 0.2) controller.abort();
    };
    const settings = settingsFor({ resolution: '360p', durationS: 4, fps: 24 });
    const run = renderImageToVideo(await makeTestPhoto(320, 180), settings, 1, {
      tempDir,
      onProgress,
      signal: controller.signal,
    });
    await expect(run).rejects.toBeInstanceOf(EngineCancelledError);
    expect(readdirSync(tempDir)).toEqual([]);
  }, 30_000);
});
