import { describe, expect, it } from 'vitest';
import type { EngineTask } from '../engine';
import { createLocalEngine } from './local-engine';
import {
  createFakeIo,
  makeTestPhoto,
  probeAudio,
  probeStreams,
  probeVideo,
  settingsFor,
} from './local-test-support';

const task = (
  taskType: EngineTask['taskType'],
  overrides: Parameters<typeof settingsFor>[0],
  images: string[] = [],
): EngineTask => ({
  id: 't-sound',
  taskType,
  settings: settingsFor({
    prompt: 'waves rolling onto a quiet beach',
    resolution: '360p',
    ratio: '16:9',
    fps: 12,
    durationS: 2,
    ...overrides,
  }),
  inputs: { images, videos: [], audios: [] },
});

describe('video sound effect', () => {
  const engine = createLocalEngine();

  it('lays an AAC ambience as long as the clip under a text-to-video, the same every time', async () => {
    const fake = createFakeIo();
    const sounded = task('video_diffusion', { soundEffect: true, seed: 7 });
    const [first, again] = await Promise.all([
      engine.run(sounded, fake.io),
      engine.run(sounded, createFakeIo().io),
    ]);
    expect(first.map((o) => [o.kind, o.role, o.durationS])).toEqual([
      ['video', undefined, 2],
      ['image', 'poster', undefined],
    ]);
    const clip = first[0]!.bytes;
    expect(probeStreams(clip)).toEqual({ video: 'h264', audio: 'aac' });
    const audio = probeAudio(clip);
    expect(audio).toMatchObject({ codec: 'aac', channels: 2, sampleRate: 48_000 });
    expect(Math.abs((audio?.durationS ?? 0) - probeVideo(clip).durationS)).toBeLessThan(0.1);
    expect(Math.abs((audio?.durationS ?? 0) - 2)).toBeLessThan(0.1);
    expect(clip.equals(again[0]!.bytes)).toBe(true);
    expect([...fake.progress].sort((a, b) => a - b)).toEqual(fake.progress);
  }, 60_000);

  it('leaves the clip silent when the toggle is off', async () => {
    const { io } = createFakeIo();
    const [clip] = await engine.run(task('video_diffusion', { soundEffect: false }), io);
    expect(probeStreams(clip!.bytes)).toEqual({ video: 'h264' });
    expect(probeAudio(clip!.bytes)).toBeUndefined();
  }, 60_000);

  it('sounds image-to-video and keyframe clips too', async () => {
    const [first, last] = await Promise.all([
      makeTestPhoto(640, 360, 10),
      makeTestPhoto(640, 360, 200),
    ]);
    const { io } = createFakeIo({ first, last });
    for (const [type, images] of [
      ['video_diffusion_img2vid', ['first']],
      ['video_diffusion_keyframes', ['first', 'last']],
    ] as const) {
      const settings = { soundEffect: true, durationS: 1 };
      const [clip] = await engine.run(task(type, settings, [...images]), io);
      expect(probeStreams(clip!.bytes)).toEqual({ video: 'h264', audio: 'aac' });
      expect(Math.abs((probeAudio(clip!.bytes)?.durationS ?? 0) - 1)).toBeLessThan(0.1);
    }
  }, 60_000);
});
