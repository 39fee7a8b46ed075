import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeFacelessPicture, readPortraitPhoto } from '../../ml/face-test-support';
import { defaultFfmpegPath } from '../ffmpeg-encoder';
import { extractFrame, probeStreams, probeVideo } from '../local-test-support';
import { speak } from '../speech/speak';
import { lipSync, talkingPortrait } from './lip-sync';
import { mouthTrack } from './speech-motion';

/** A WAV of eSpeak NG's speech with `seconds` of silence before it. */
async function speechAfterSilence(seconds: number, text: string): Promise<Buffer> {
  const { wav } = await speak(text, 'en-f-1');
  const rate = wav.readUInt32LE(24);
  const pad = Buffer.alloc(Math.round(seconds * rate) * 2);
  const data = Buffer.concat([pad, wav.subarray(44)]);
  const header = Buffer.from(wav.subarray(0, 44));
  header.writeUInt32LE(36 + data.length, 4);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Pixels darker than the lips' lipstick in a box around the mouth (500×640 portrait). */
async function darkMouthPixels(frame: Buffer): Promise<number> {
  const { data, info } = await sharp(frame)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let y = 370; y < 450; y++) {
    for (let x = 130; x < 240; x++) {
      const i = (y * info.width + x) * 3;
      if (0.3 * data[i]! + 0.59 * data[i + 1]! + 0.11 * data[i + 2]! < 45) n++;
    }
  }
  return n;
}

/** A square clip of the portrait's face, `seconds` long, as users upload for lip sync. */
function squareClip(picture: Buffer, seconds: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-lipsync-test-'));
  try {
    writeFileSync(join(dir, 'face.jpg'), picture);
    const run = spawnSync(defaultFfmpegPath(), [
      ...['-v', 'error', '-loop', '1', '-i', join(dir, 'face.jpg'), '-t', String(seconds)],
      ...['-vf', 'crop=500:500:0:100,fps=12', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
      join(dir, 'clip.mp4'),
    ]);
    if (run.status !== 0) throw new Error(run.stderr.toString());
    return spawnSync('cat', [join(dir, 'clip.mp4')], { maxBuffer: 1 << 26 }).stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('lip sync', () => {
  it('opens the portrait mouth while the voice speaks, shut in the silence before', async () => {
    const audio = await speechAfterSilence(1, 'Hello there, how are you doing today?');
    const clip = await lipSync({ face: { image: await readPortraitPhoto() }, audio }, { fps: 12 });
    expect(probeStreams(clip.video)).toEqual({ video: 'h264', audio: 'aac' });
    const probed = probeVideo(clip.video);
    expect([probed.width, probed.height, probed.pixFmt]).toEqual([500, 640, 'yuv420p']);
    expect(clip.durationS).toBeGreaterThan(2.5);
    expect(Math.abs(probed.durationS - clip.durationS)).toBeLessThan(0.2);
    const silent = await darkMouthPixels(extractFrame(clip.video, 4));
    const speaking: number[] = [];
    for (let f = 14; f < probed.frames - 2; f += 3) {
      speaking.push(await darkMouthPixels(extractFrame(clip.video, f)));
    }
    expect(Math.max(...speaking)).toBeGreaterThan(silent + 150);
    expect(clip.description).toMatch(/preview quality/);
    expect((await sharp(clip.poster).metadata()).width).toBe(500);
  }, 120_000);

  it('loops a shorter square clip to the voice length and syncs its mouth', async () => {
    const video = squareClip(await readPortraitPhoto(), 1);
    const audio = await speechAfterSilence(0.3, 'Good morning everybody, welcome back.');
    const clip = await lipSync({ face: { video }, audio }, { fps: 12 });
    expect(probeStreams(clip.video)).toEqual({ video: 'h264', audio: 'aac' });
    expect([clip.width, clip.height]).toEqual([500, 500]);
    expect(clip.durationS).toBeGreaterThan(2);
    const probed = probeVideo(clip.video);
    expect(probed.frames).toBe(Math.round(clip.durationS * 12));
    // The clip's face is 100 px higher than in the portrait.
    const dark = async (f: number) => {
      const png = await sharp(extractFrame(clip.video, f))
        .extend({ top: 100, bottom: 40, background: '#fff' })
        .png()
        .toBuffer();
      return darkMouthPixels(png);
    };
    const silent = await dark(1);
    const speaking: number[] = [];
    for (let f = 6; f < probed.frames - 2; f += 3) speaking.push(await dark(f));
    expect(Math.max(...speaking)).toBeGreaterThan(silent + 150);
  }, 120_000);

  it('refuses a picture without a face and a sound that does not decode', async () => {
    const audio = await speechAfterSilence(0, 'Hello');
    await expect(
      lipSync({ face: { image: await makeFacelessPicture() }, audio }, { fps: 12 }),
    ).rejects.toMatchObject({ name: 'EditInputError', problem: 'no_face' });
    await expect(
      talkingPortrait(await readPortraitPhoto(), Buffer.from('not a sound at all')),
    ).rejects.toMatchObject({ problem: 'unreadable_audio' });
  }, 60_000);
});

describe('mouth track', () => {
  const rate = 16_000;
  const tone = (seconds: number, parts: Array<[number, number]>) => {
    const pcm = new Float32Array(seconds * rate);
    for (let i = 0; i < pcm.length; i++) {
      for (const [hz, amp] of parts) pcm[i]! += amp * Math.sin((2 * Math.PI * hz * i) / rate);
    }
    return pcm;
  };

  it('keeps the mouth shut in silence, rounds it for low vowels and opens it for bright ones', () => {
    const pcm = new Float32Array(rate * 3);
    pcm.set(
      tone(1, [
        [250, 0.3],
        [500, 0.2],
      ]),
      rate,
    );
    pcm.set(
      tone(1, [
        [250, 0.15],
        [900, 0.2],
        [1800, 0.2],
      ]),
      rate * 2,
    );
    const track = mouthTrack({ pcm, rate, durationS: 3 }, 10, 30);
    expect(track.viseme.slice(0, 9).every((v) => v === 'closed')).toBe(true);
    expect(Math.max(...track.open.slice(0, 9))).toBe(0);
    expect(track.viseme.slice(13, 19).every((v) => v === 'round')).toBe(true);
    expect(track.viseme.slice(23, 29).every((v) => v === 'open')).toBe(true);
    expect(Math.min(...track.open.slice(23, 29))).toBeGreaterThan(0.5);
  });
});
