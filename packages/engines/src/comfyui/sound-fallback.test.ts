import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { defaultFfmpegPath } from '../local/ffmpeg-encoder';
import { probeAudio, probeStreams } from '../local/local-test-support';
import { createComfyUiEngine } from './comfyui-engine';
import { startFakeComfyUi } from './fake-comfyui-server';
import { addMissingSoundEffects, mp4HasSound } from './sound-fallback';
import { makeIo, makeTask } from './test-support';

/** A 2 s 64×64 H.264 clip, with a tone under it when `sound`. */
function clip(sound: boolean): Buffer {
  const run = spawnSync(defaultFfmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', 'color=c=navy:s=64x64:r=8:d=2'],
    ...(sound ? ['-f', 'lavfi', '-i', 'sine=frequency=330:duration=2', '-c:a', 'aac'] : []),
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-t', '2'],
    ...['-movflags', '+frag_keyframe+empty_moov', '-f', 'mp4', 'pipe:1'],
  ]);
  if (run.status !== 0) throw new Error(run.stderr.toString());
  return run.stdout;
}

const silent = clip(false);
const voiced = clip(true);

describe('mp4HasSound', () => {
  it('tells a clip with a sound track from a silent one', () => {
    expect(mp4HasSound(voiced)).toBe(true);
    expect(mp4HasSound(silent)).toBe(false);
    expect(mp4HasSound(Buffer.from('not a video'))).toBe(false);
  });
});

describe('addMissingSoundEffects', () => {
  const output = (bytes: Buffer) => ({
    kind: 'video' as const,
    mime: 'video/mp4',
    bytes,
    durationS: 2,
    seed: 5,
  });

  it('lays the prompt’s ambience under a silent clip, as long as the clip', async () => {
    const task = makeTask('video_diffusion', { soundEffect: true, prompt: 'rain on a tin roof' });
    const [video] = await addMissingSoundEffects(task, [output(silent)]);
    expect(probeStreams(video!.bytes)).toEqual({ video: 'h264', audio: 'aac' });
    expect(probeAudio(video!.bytes)?.durationS).toBeCloseTo(2, 1);
    // Same task, same sound: the result stays reproducible.
    const [again] = await addMissingSoundEffects(task, [output(silent)]);
    expect(again!.bytes.equals(video!.bytes)).toBe(true);
  });

  it('keeps the sound a workflow made, and leaves clips alone when none was asked for', async () => {
    const asked = makeTask('video_diffusion', { soundEffect: true });
    const [kept] = await addMissingSoundEffects(asked, [output(voiced)]);
    expect(kept!.bytes).toBe(voiced);
    const unasked = makeTask('video_diffusion', { soundEffect: false });
    const [quiet] = await addMissingSoundEffects(unasked, [output(silent)]);
    expect(quiet!.bytes).toBe(silent);
  });
});

describe('comfyui engine and the sound effect', () => {
  it('gives a video from a workflow without an audio model the sound effect that was asked for', async () => {
    const fake = await startFakeComfyUi({ videoBytes: silent });
    try {
      const engine = createComfyUiEngine({ baseUrl: fake.baseUrl, pollIntervalMs: 10 });
      const task = makeTask('video_diffusion', { soundEffect: true, durationS: 5, fps: 24 });
      const [video] = await engine.run(task, makeIo());
      expect(video).toMatchObject({ kind: 'video', mime: 'video/mp4' });
      expect(probeStreams(video!.bytes)).toEqual({ video: 'h264', audio: 'aac' });
      const [quiet] = await engine.run(makeTask('video_diffusion', { durationS: 5 }), makeIo());
      expect(probeStreams(quiet!.bytes)).toEqual({ video: 'h264' });
    } finally {
      await fake.close();
    }
  });
});
