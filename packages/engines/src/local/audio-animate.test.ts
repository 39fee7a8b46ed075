import { describe, expect, it } from 'vitest';
import type { EngineTask } from '../engine';
import { createLocalEngine } from './local-engine';
import {
  createFakeIo,
  makeTestPhoto,
  makeTestTone,
  probeStreams,
  probeVideo,
  settingsFor,
} from './local-test-support';

const task = (audios: string[]): EngineTask => ({
  id: 't-voice',
  taskType: 'video_diffusion_audio_animate',
  settings: settingsFor({ durationS: 2, fps: 12, resolution: '360p', ratio: '3:4' }),
  inputs: { images: ['face.png'], videos: [], audios },
});

describe('audio animate preview', () => {
  it('animates the picture for the clip length with the voice under it as AAC', async () => {
    const engine = createLocalEngine();
    const { io } = createFakeIo({
      'face.png': await makeTestPhoto(480, 640),
      // Longer than the clip: the sound is cut at the clip's end.
      'voice.mp3': makeTestTone(3),
    });
    const outputs = await engine.run(task(['voice.mp3']), io);
    expect(outputs.map((o) => [o.kind, o.role])).toEqual([
      ['video', undefined],
      ['image', 'poster'],
    ]);
    const clip = outputs[0]!.bytes;
    expect(probeStreams(clip)).toEqual({ video: 'h264', audio: 'aac' });
    const probed = probeVideo(clip);
    expect([probed.width, probed.height]).toEqual([360, 480]);
    expect(probed.durationS).toBeGreaterThan(1.9);
    expect(probed.durationS).toBeLessThan(2.2);
  });

  it('fails clearly without a voice track', async () => {
    const engine = createLocalEngine();
    const { io } = createFakeIo({ 'face.png': await makeTestPhoto(480, 640) });
    await expect(engine.run(task([]), io)).rejects.toThrow(/needs an audio input/);
  });
});
