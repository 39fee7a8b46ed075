import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { EngineSettings } from '@lumen/contracts/generation';
import type { TaskType } from '@lumen/contracts/task-types';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPng } from '../comfyui/fake-png';
import { probeMedia } from '../comfyui/media-probe';
import { mp4HasSound } from '../comfyui/sound-fallback';
import { makeIo, makeTask } from '../comfyui/test-support';
import type { EngineTask } from '../engine';
import { createFalEngine } from '../fal/fal-engine';
import { startFakeFal, type FakeFal } from '../fal/fake-fal-server';
import { defaultFfmpegPath } from '../local/ffmpeg-encoder';

const run = promisify(execFile);
const key = 'fal-id:fal-secret';
let dir = '';
let clip: Buffer;
let extension: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'model-api-video-'));
  const make = async (args: string[], name: string) => {
    await run(defaultFfmpegPath(), [
      '-hide_banner',
      '-loglevel',
      'error',
      ...args,
      '-y',
      join(dir, name),
    ]);
    return readFile(join(dir, name));
  };
  // The user's clip: 2 s, 320×180 at 30 fps, with sound; its last second is red.
  clip = await make(
    [
      ...['-f', 'lavfi', '-i', 'color=c=blue:s=320x180:r=30:d=1'],
      ...['-f', 'lavfi', '-i', 'color=c=red:s=320x180:r=30:d=1'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=300:duration=2'],
      ...['-filter_complex', '[0:v][1:v]concat=n=2:v=1:a=0[v]', '-map', '[v]', '-map', '2:a'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ],
    'clip.mp4',
  );
  // What the image-to-video model answers: 1 s at 16 fps in its own size, silent.
  extension = await make(
    [
      ...['-f', 'lavfi', '-i', 'color=c=green:s=640x352:r=16:d=1'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ],
    'extension.mp4',
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let fake: FakeFal | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(answer: Buffer = extension) {
  fake = await startFakeFal({
    key,
    produce: (_app, _input, publish) => ({
      video: { url: publish({ bytes: answer, name: 'out.mp4' }) },
    }),
  });
  return { fake, engine: createFalEngine({ queueUrl: fake.baseUrl, key, pollMs: 10 }) };
}

function task(
  taskType: TaskType,
  settings: Partial<EngineSettings>,
  inputs: Partial<EngineTask['inputs']>,
): EngineTask {
  const base = makeTask(taskType, settings);
  return { ...base, inputs: { ...base.inputs, ...inputs } };
}

const submitted = (f: FakeFal) =>
  f.requests
    .filter((r) => r.method === 'POST')
    .map((r) => ({ path: r.path, json: r.json as Record<string, unknown> }));
const dataUriBytes = (uri: unknown) => Buffer.from(String(uri).split(',')[1] ?? '', 'base64');

describe('the video tools on a hosted API (fal)', () => {
  it('extends a clip: the model starts from its last frame, and its answer is joined after the clip', async () => {
    const { fake, engine } = await setup();

    const outputs = await engine.run(
      task('video_extend', { durationS: 5, prompt: 'keep going' }, { videos: ['in/clip.mp4'] }),
      makeIo({ 'in/clip.mp4': clip }),
    );

    const [submit] = submitted(fake);
    expect(submit?.path).toBe('/fal-ai/wan/v2.2-a14b/image-to-video');
    // The picture sent is the clip's last frame: its size, and red.
    const frame = sharp(dataUriBytes(submit?.json.image_url));
    expect(await frame.metadata()).toMatchObject({ width: 320, height: 180 });
    const { dominant } = await frame.stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(60);

    const [video, poster] = outputs;
    expect(video).toMatchObject({ kind: 'video', width: 320, height: 180 });
    // 2 s of clip, then the model's second at the clip's 30 fps without its first frame.
    expect(video!.durationS).toBeGreaterThan(2.8);
    expect(video!.durationS).toBeLessThan(3.1);
    expect((await probeMedia(video!.bytes))?.fps).toBe(30);
    expect(mp4HasSound(video!.bytes)).toBe(true);
    // The poster is the joined clip's first frame: the user's blue, not the model's green.
    expect(poster?.role).toBe('poster');
    const posterStats = await sharp(poster!.bytes).stats();
    expect(posterStats.dominant.b).toBeGreaterThan(200);
  });

  it('refuses a clip that is not a video before anything is sent', async () => {
    const { fake, engine } = await setup();
    await expect(
      engine.run(
        task('video_extend', {}, { videos: ['in/clip.mp4'] }),
        makeIo({ 'in/clip.mp4': Buffer.from('no video here') }),
      ),
    ).rejects.toMatchObject({
      reason: 'bad_input',
      message: 'The input clip is not a readable video',
    });
    expect(submitted(fake)).toEqual([]);
  });

  it('lip-syncs a portrait on the talking-head model; a text is spoken first and becomes its voice', async () => {
    const speechBytes = Buffer.from('ID3 fake speech');
    fake = await startFakeFal({
      key,
      produce: (app, _input, publish) =>
        app.includes('speech')
          ? { audio: { url: publish({ bytes: speechBytes, name: 'speech.mp3' }) } }
          : { video: { url: publish({ bytes: extension, name: 'out.mp4' }) } },
    });
    const engine = createFalEngine({ queueUrl: fake.baseUrl, key, pollMs: 10 });
    const io = makeIo({ 'in/face.png': createPng(64, 64), 'in/voice.wav': Buffer.from('RIFF') });

    await engine.run(
      task('mouth_speech', {}, { images: ['in/face.png'], audios: ['in/voice.wav'] }),
      io,
    );
    expect(submitted(fake)[0]?.path).toBe('/fal-ai/bytedance/omnihuman');
    expect(Object.keys(submitted(fake)[0]?.json ?? {}).sort()).toEqual(['audio_url', 'image_url']);

    const speech = { text: 'Hola, bienvenidos.', voice: 'es-m-1' };
    await engine.run(task('mouth_speech', { speech }, { videos: ['in/clip.mp4'] }), {
      ...io,
      ...makeIo({ 'in/clip.mp4': clip }),
    });
    const [, tts, lipSync] = submitted(fake);
    expect(tts?.path).toBe('/fal-ai/minimax/speech-02-turbo');
    expect(tts?.json).toMatchObject({
      text: 'Hola, bienvenidos.',
      voice_setting: { voice_id: 'Patient_Man' },
      language_boost: 'Spanish',
    });
    // The speech model's sound, by its address, is the lip-sync model's voice track.
    expect(lipSync?.path).toBe('/fal-ai/sync-lipsync/v2');
    expect(String(lipSync?.json.audio_url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+/);
    const voiced = await fetch(String(lipSync?.json.audio_url));
    expect(Buffer.from(await voiced.arrayBuffer())).toEqual(speechBytes);

    // A voice that is not a preset is refused before any job; so is neither track nor text.
    const before = submitted(fake).length;
    await expect(
      engine.run(
        task('mouth_speech', { speech: { text: 'Hi', voice: 'xx' } }, { images: ['in/face.png'] }),
        io,
      ),
    ).rejects.toMatchObject({
      reason: 'bad_input',
      message: expect.stringMatching(/preset voice/),
    });
    await expect(
      engine.run(task('mouth_speech', {}, { images: ['in/face.png'] }), io),
    ).rejects.toMatchObject({ reason: 'bad_input', message: expect.stringMatching(/voice track/) });
    expect(submitted(fake)).toHaveLength(before);
  });

  it('stylizes a clip on Wan video-to-video with the style’s words', async () => {
    const { fake, engine } = await setup();
    await engine.run(
      task(
        'video_stylize',
        { style: 'cartoon', prompt: 'a sunny day' },
        { videos: ['in/clip.mp4'] },
      ),
      makeIo({ 'in/clip.mp4': clip }),
    );
    const [submit] = submitted(fake);
    expect(submit?.path).toBe('/fal-ai/wan/v2.2-a14b/video-to-video');
    expect(submit?.json.prompt).toBe('cartoon style, bold outlines, flat colours, a sunny day');
    expect(dataUriBytes(submit?.json.video_url)).toEqual(clip);
  });

  it('moves a brushed area along its track on Kling’s motion brush, in the picture’s pixels', async () => {
    const { fake, engine } = await setup();
    const motionBrush = {
      areas: [
        {
          color: '#ff0000',
          track: [
            [0.25, 0.5],
            [0.5, 0.5],
            [0.75, 0.25],
          ] as [number, number][],
        },
      ],
    };
    await engine.run(
      task(
        'video_motion_brush',
        { motionBrush, prompt: 'the ball rolls', durationS: 10 },
        {
          images: ['in/picture.png'],
          masks: ['in/mask.png'],
        },
      ),
      makeIo({ 'in/picture.png': createPng(401, 201), 'in/mask.png': createPng(401, 201) }),
    );
    const [submit] = submitted(fake);
    expect(submit?.path).toBe('/fal-ai/kling-video/v1.5/pro/image-to-video');
    // Kling documents its brush for 5 s clips only.
    expect(submit?.json.duration).toBe('5');
    const masks = submit?.json.dynamic_masks as { mask_url: string; trajectories: object[] }[];
    expect(masks).toHaveLength(1);
    expect(masks[0]?.mask_url).toMatch(/^data:image\/png;base64,/);
    // Kling counts y from the bottom: the track ends up and to the right.
    expect(masks[0]?.trajectories).toEqual([
      { x: 100, y: 100 },
      { x: 200, y: 100 },
      { x: 300, y: 150 },
    ]);
  });

  it('runs a two-person effect from both pictures side by side, with the effect’s prompt first', async () => {
    const { fake, engine } = await setup();
    const effect = { key: 'kiss', prompt: 'the two people lean in and kiss', images: 2 as const };

    await engine.run(
      task(
        'video_diffusion_img2vid',
        { effect, prompt: 'at sunset' },
        {
          images: ['in/a.png', 'in/b.png'],
        },
      ),
      makeIo({ 'in/a.png': createPng(200, 300), 'in/b.png': createPng(300, 300) }),
    );

    const [submit] = submitted(fake);
    expect(submit?.json.prompt).toBe('the two people lean in and kiss. at sunset');
    const joined = await sharp(dataUriBytes(submit?.json.image_url)).metadata();
    expect([joined.width, joined.height]).toEqual([500, 300]);
  });

  it('asks for the factor that brings a clip’s long side to 3840 for 4K', async () => {
    const { fake, engine } = await setup();
    await engine.run(
      task('video_creative_upscaler', {}, { videos: ['in/clip.mp4'] }),
      makeIo({ 'in/clip.mp4': clip }),
    );
    expect(submitted(fake)[0]?.json).toMatchObject({ upscale_factor: 4 });
  });
});
