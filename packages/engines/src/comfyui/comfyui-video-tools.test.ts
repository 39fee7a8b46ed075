import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { EngineSettings } from '@lumen/contracts/generation';
import type { TaskType } from '@lumen/contracts/task-types';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EngineTask } from '../engine';
import { defaultFfmpegPath } from '../local/ffmpeg-encoder';
import { createComfyUiEngine } from './comfyui-engine';
import { startFakeComfyUi, type FakeComfyUi } from './fake-comfyui-server';
import { createPng } from './fake-png';
import { probeMedia } from './media-probe';
import { mp4HasSound } from './sound-fallback';
import { makeIo, makeTask, nodeOf, nodesOf } from './test-support';

const run = promisify(execFile);
let dir = '';
/** A widescreen 320×180 clip, 30 fps, with a tone under it; its length is asked per test. */
const clips = new Map<number, Buffer>();
let voice: Buffer;

async function ffmpeg(args: string[], out: string): Promise<Buffer> {
  await run(defaultFfmpegPath(), [
    '-hide_banner',
    '-loglevel',
    'error',
    ...args,
    '-y',
    join(dir, out),
  ]);
  return readFile(join(dir, out));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'comfyui-video-tools-'));
  for (const seconds of [2, 6]) {
    const clip = await ffmpeg(
      [
        ...['-f', 'lavfi', '-i', `testsrc=s=320x180:r=30:d=${seconds}`],
        ...['-f', 'lavfi', '-i', `sine=frequency=300:duration=${seconds}`],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
      ],
      `clip-${seconds}.mp4`,
    );
    clips.set(seconds, clip);
  }
  voice = await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=220:duration=3'], 'voice.wav');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let fake: FakeComfyUi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup() {
  fake = await startFakeComfyUi();
  const engine = createComfyUiEngine({ baseUrl: fake.baseUrl, pollIntervalMs: 10 });
  return { fake, engine };
}

function task(
  taskType: TaskType,
  settings: Partial<EngineSettings>,
  inputs: Partial<EngineTask['inputs']>,
): EngineTask {
  const base = makeTask(taskType, settings);
  return { ...base, inputs: { ...base.inputs, ...inputs } };
}

const clip = (seconds: number) => clips.get(seconds)!;

describe('comfyui video tools', () => {
  it('extends a clip from its last frame and joins the two at the clip’s size and rate', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ 'in/clip.mp4': clip(2) });

    const [output] = await engine.run(
      task(
        'video_extend',
        { durationS: 5, prompt: 'the camera keeps flying' },
        {
          videos: ['in/clip.mp4'],
        },
      ),
      io,
    );

    expect(fake.uploads.map((u) => u.filename)).toEqual(['lumen-task-video_extend-clip.mp4']);
    const prompt = fake.prompts[0]?.prompt;
    expect(nodeOf(prompt, 'LoadVideo').file).toBe('lumen-task-video_extend-clip.mp4');
    // 5 s at the clip's 30 fps, as Wan counts frames (4k + 1); drawn at 720p in the clip's shape.
    expect(nodeOf(prompt, 'WanImageToVideo')).toMatchObject({
      length: 149,
      width: 1280,
      height: 720,
    });
    // The result is the clip (60 frames) and the extension without its repeated first frame.
    expect(output).toMatchObject({ kind: 'video', mime: 'video/mp4', width: 320, height: 180 });
    expect(output!.durationS).toBeCloseTo((60 + 148) / 30, 1);
  });

  it('enhances a clip to 4K, frame by frame, keeping its sound', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ 'in/clip.mp4': clip(2) });

    const [output] = await engine.run(
      task('video_creative_upscaler', {}, { videos: ['in/clip.mp4'] }),
      io,
    );

    const prompt = fake.prompts[0]?.prompt;
    expect(nodeOf(prompt, 'UpscaleModelLoader').model_name).toBe('RealESRGAN_x4plus.pth');
    expect(nodeOf(prompt, 'ImageScale')).toMatchObject({ width: 3840, height: 2160 });
    expect(output).toMatchObject({ kind: 'video', width: 3840, height: 2160 });
    expect(output!.durationS).toBeCloseTo(2, 1);
    expect(mp4HasSound(output!.bytes)).toBe(true);
  });

  it('stylizes the first 4 s of a clip with the style’s words', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ 'in/clip.mp4': clip(6) });

    const [output] = await engine.run(
      task('video_stylize', { style: 'van_gogh', prompt: '' }, { videos: ['in/clip.mp4'] }),
      io,
    );

    const prompt = fake.prompts[0]?.prompt;
    expect(nodeOf(prompt, 'ImageFromBatch')).toMatchObject({ batch_index: 0, length: 121 });
    expect(nodeOf(prompt, 'WanVaceToVideo').length).toBe(121);
    expect(nodesOf(prompt, 'CLIPTextEncode')[0]?.text).toContain('Van Gogh');
    expect(output!.durationS).toBeCloseTo(121 / 30, 1);
  });

  it('lip-syncs a clip to a voice track, and a portrait with its own graph', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({
      'in/face.mp4': clip(2),
      'in/voice.wav': voice,
      'in/face.png': createPng(256, 256),
    });

    const [fromClip] = await engine.run(
      task('mouth_speech', {}, { videos: ['in/face.mp4'], audios: ['in/voice.wav'] }),
      io,
    );
    const [fromPortrait] = await engine.run(
      task('mouth_speech', {}, { images: ['in/face.png'], audios: ['in/voice.wav'] }),
      io,
    );

    const [clipGraph, portraitGraph] = fake.prompts.map((p) => p.prompt);
    expect(nodeOf(clipGraph, 'VHS_LoadVideo')).toMatchObject({
      video: 'lumen-task-mouth_speech-clip.mp4',
      force_rate: 25,
    });
    expect(nodeOf(clipGraph, 'LoadAudio').audio).toBe('lumen-task-mouth_speech-voice.wav');
    expect(nodeOf(clipGraph, 'LatentSyncNode').seed).toBe(1234);
    expect(nodeOf(portraitGraph, 'LoadImage').image).toBe('lumen-task-mouth_speech-0.png');
    expect(nodeOf(portraitGraph, 'VideoLengthAdjuster').mode).toBe('loop_to_audio');
    // The voice (3 s) and LatentSync's half second of padding, at 25 fps, both ways.
    for (const output of [fromClip, fromPortrait]) {
      expect(output!.durationS).toBeCloseTo(3.5, 1);
      expect(mp4HasSound(output!.bytes)).toBe(true);
    }
    expect(fromPortrait).toMatchObject({ width: 256, height: 256 });
  });

  it('lip-syncs a text: speaks it in its preset voice first and sends that as the voice track', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ 'in/face.mp4': clip(2) });
    const speech = { text: 'Hello there, welcome to the show.', voice: 'en-f-1' };

    const [output] = await engine.run(
      task('mouth_speech', { speech }, { videos: ['in/face.mp4'] }),
      io,
    );

    const upload = fake.uploads.find((u) => u.filename === 'lumen-task-mouth_speech-voice.wav');
    expect(upload?.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    const spoken = await probeMedia(upload!.bytes);
    expect(spoken?.durationS).toBeGreaterThan(1);
    const graph = fake.prompts[0]!.prompt;
    expect(nodeOf(graph, 'LoadAudio').audio).toBe('lumen-task-mouth_speech-voice.wav');
    // The clip runs as long as the speech (with LatentSync's half second of padding).
    expect(output!.durationS).toBeCloseTo(spoken!.durationS + 0.5, 0);
  });

  it('refuses lip sync with neither a voice track nor a text, and an unknown voice, before queueing', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ 'in/face.mp4': clip(2) });

    await expect(
      engine.run(task('mouth_speech', {}, { videos: ['in/face.mp4'] }), io),
    ).rejects.toMatchObject({ reason: 'bad_input', message: expect.stringMatching(/voice track/) });
    await expect(
      engine.run(
        task(
          'mouth_speech',
          { speech: { text: 'Hi', voice: 'xx-q-9' } },
          { videos: ['in/face.mp4'] },
        ),
        io,
      ),
    ).rejects.toMatchObject({ reason: 'bad_input', message: expect.stringMatching(/spoken/) });
    expect(fake.prompts).toEqual([]);
  });

  it('refuses a clip that is not a video, before queueing anything', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ 'in/clip.mp4': Buffer.from('not a video at all') });

    await expect(
      engine.run(task('video_extend', {}, { videos: ['in/clip.mp4'] }), io),
    ).rejects.toMatchObject({
      reason: 'bad_input',
      message: 'The input clip is not a readable video',
    });
    expect(fake.prompts).toEqual([]);
  });

  it('stages two to four reference pictures in one clip, repeating the first when fewer', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({
      'in/a.png': createPng(200, 300),
      'in/b.png': createPng(300, 200),
      'in/c.png': createPng(256, 256),
    });

    const [output] = await engine.run(
      task(
        'video_diffusion_multi_img2vid',
        { ratio: '16:9', resolution: '360p' },
        {
          images: ['in/a.png', 'in/b.png', 'in/c.png'],
        },
      ),
      io,
    );

    const prompt = fake.prompts[0]?.prompt;
    const names = nodesOf(prompt, 'LoadImage').map((n) => n.image);
    const uploaded = fake.uploads.map((u) => u.filename);
    expect(uploaded).toHaveLength(3);
    expect(names).toEqual([uploaded[0], uploaded[1], uploaded[2], uploaded[0]]);
    expect(nodeOf(prompt, 'WanPhantomSubjectToVideo')).toMatchObject({ width: 640, height: 368 });
    expect(output).toMatchObject({ kind: 'video', width: 640, height: 368 });
  });

  it('moves each brushed area along its track: points spread in its mask, 121 per track', async () => {
    const { fake, engine } = await setup();
    // The left third of the picture is painted for the first area, a block at the right for the second.
    const mask = (left: number, width: number) =>
      sharp({ create: { width: 300, height: 200, channels: 3, background: '#000' } })
        .composite([
          {
            input: { create: { width, height: 100, channels: 3, background: '#fff' } },
            left,
            top: 50,
          },
        ])
        .png()
        .toBuffer();
    const io = makeIo({
      'in/photo.png': createPng(300, 200),
      'in/mask-1.png': await mask(0, 100),
      'in/mask-2.png': await mask(200, 80),
    });
    const motionBrush = {
      areas: [
        {
          color: '#ff0000',
          track: [
            [0.15, 0.5],
            [0.5, 0.5],
          ] as Array<[number, number]>,
        },
        {
          color: '#00ff00',
          track: [
            [0.8, 0.5],
            [0.8, 0.1],
            [0.6, 0.1],
          ] as Array<[number, number]>,
        },
      ],
    };

    const [output] = await engine.run(
      task(
        'video_motion_brush',
        { motionBrush, resolution: '360p' },
        {
          images: ['in/photo.png'],
          masks: ['in/mask-1.png', 'in/mask-2.png'],
        },
      ),
      io,
    );

    const trackNode = nodeOf(fake.prompts[0]?.prompt, 'WanTrackToVideo');
    expect(trackNode).toMatchObject({ length: 81, width: 544, height: 368 });
    const tracks = JSON.parse(String(trackNode.tracks)) as Array<Array<{ x: number; y: number }>>;
    expect(tracks).toHaveLength(10);
    for (const track of tracks) expect(track).toHaveLength(121);
    // The first area's own track runs from 15 % to 50 % across the frame at mid height.
    expect(tracks[0]![0]).toEqual({ x: Math.round(0.15 * 543), y: Math.round(0.5 * 367) });
    expect(tracks[0]!.at(-1)).toEqual({ x: Math.round(0.5 * 543), y: Math.round(0.5 * 367) });
    // Its other points start inside its mask (the left third) and move the same way.
    for (const track of tracks.slice(1, 5)) {
      expect(track[0]!.x).toBeLessThan(544 / 3);
      expect(track.at(-1)!.x - track[0]!.x).toBe(tracks[0]!.at(-1)!.x - tracks[0]![0]!.x);
    }
    expect(output!.durationS).toBeCloseTo(81 / 16, 1);
  });

  it('runs a two-person effect from both pictures side by side, with the effect’s prompt', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ 'in/a.png': createPng(200, 300), 'in/b.png': createPng(300, 300) });
    const effect = { key: 'hug', prompt: 'the two people turn and hug warmly', images: 2 as const };

    await engine.run(
      task(
        'video_diffusion_img2vid',
        { effect, prompt: 'on a beach' },
        {
          images: ['in/a.png', 'in/b.png'],
        },
      ),
      io,
    );

    expect(fake.uploads).toHaveLength(1);
    const joined = await sharp(fake.uploads[0]!.bytes).metadata();
    expect([joined.width, joined.height]).toEqual([200 + 300, 300]);
    expect(nodesOf(fake.prompts[0]?.prompt, 'CLIPTextEncode')[0]?.text).toBe(
      'the two people turn and hug warmly. on a beach',
    );
  });
});

describe('probeMedia', () => {
  it('reads a clip’s size, rate, length and sound, a voice track’s length, and refuses garbage', async () => {
    expect(await probeMedia(clip(2))).toMatchObject({
      width: 320,
      height: 180,
      fps: 30,
      frames: 60,
      hasAudio: true,
    });
    expect((await probeMedia(voice))?.durationS).toBeCloseTo(3, 1);
    expect(await probeMedia(Buffer.from('garbage'))).toBeUndefined();
  });
});
