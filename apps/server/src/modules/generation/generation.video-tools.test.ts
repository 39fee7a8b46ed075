import { spawnSync } from 'node:child_process';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFfmpegPath } from '@lumen/engines/local/ffmpeg-encoder';
import { makeFacelessPicture, readPortraitPhoto } from '@lumen/engines/ml/face-test-support';
import type { WorkerRunner } from '@lumen/worker/runner';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createToolRuns, plain } from '../../../test/support/tool-runs';
import { startTestWorker } from '../../../test/support/worker';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let worker: WorkerRunner;
let admin: { ticket: string; id: number };
const runs = createToolRuns(() => ({ t, api, admin }));

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'ops@example.com' } });
  api = createApiCaller(t);
  worker = startTestWorker(t);
  admin = await api.signIn('ops@example.com');
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

const gateway = (tool: string) => `/api/gw/v3/video/${tool}/async`;

/** A moving test pattern with a tone, `seconds` long, as H.264 and AAC. */
function clip(width: number, height: number, seconds: number): Buffer {
  const run = spawnSync(defaultFfmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=24:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    ...['-movflags', 'frag_keyframe+empty_moov', '-f', 'mp4', 'pipe:1'],
  ]);
  if (run.status !== 0) throw new Error(run.stderr.toString());
  return run.stdout;
}

type Probed = { width: number; height: number; durationS: number; codecs: string[] };

function probe(bytes: Buffer): Probed {
  const run = spawnSync(
    ffprobeInstaller.path,
    ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', '-i', 'pipe:0'],
    { input: bytes },
  );
  const parsed = JSON.parse(run.stdout.toString()) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
    format: { duration: string };
  };
  const video = parsed.streams.find((s) => s.codec_type === 'video');
  return {
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    durationS: Number(parsed.format.duration),
    codecs: parsed.streams.map((s) => `${s.codec_type}:${s.codec_name}`),
  };
}

async function uploadClip(ticket: string, bytes: Buffer) {
  return runs.upload(ticket, bytes, 'clip.mp4', 'video/mp4');
}

async function finished(ticket: string, tool: string, submitted: Json) {
  expect(submitted.code).toBe(0);
  const result = await runs.waitForFinal(ticket, gateway(tool), submitted.result.task_id);
  expect(result.status, JSON.stringify(result.error)).toBe('done');
  return result;
}

describe('video extend', () => {
  it('continues a 4 s widescreen clip by 5 s: one H.264 clip of about 9 s', async () => {
    const { ticket } = await runs.userWithGrade('extend@example.com', 2);
    const key = await uploadClip(ticket, clip(640, 360, 4));
    const result = await finished(
      ticket,
      'video_extend',
      await api.call('POST', gateway('video_extend'), ticket, {
        videos: [key],
        params: { duration: 5 },
      }),
    );
    const out = probe(await runs.fetchBytes(result.sub_task_results[0].url));
    expect(out.codecs).toContain('video:h264');
    expect(out.durationS).toBeGreaterThan(8.5);
    expect(out.durationS).toBeLessThan(9.6);

    // A square clip is not widescreen; an extended clip is not for 4K (spec §4).
    const square = await uploadClip(ticket, clip(360, 360, 1));
    const refused = await api.call('POST', gateway('video_extend'), ticket, { videos: [square] });
    expect(refused.code).toBe(1001);
    expect(refused.message).toContain('16:9');
    const extended = result.sub_task_results[0].video as string;
    const noFourK = await api.call('POST', gateway('video_creative_upscaler'), ticket, {
      videos: [extended],
    });
    expect(noFourK.code).toBe(1001);
    expect(noFourK.message).toBe(
      '4K, background removal and lip sync are unavailable for extended videos',
    );
  });
});

describe('4K video and stylize', () => {
  it('makes 4K of a 3 s 640×360 clip and a cartoon of a clip, keeping their length', async () => {
    const { ticket } = await runs.userWithGrade('video-4k@example.com', 2);
    const key = await uploadClip(ticket, clip(640, 360, 3));
    const fourK = await finished(
      ticket,
      'video_creative_upscaler',
      await api.call('POST', gateway('video_creative_upscaler'), ticket, { videos: [key] }),
    );
    const big = probe(await runs.fetchBytes(fourK.sub_task_results[0].url));
    expect(Math.max(big.width, big.height)).toBeGreaterThanOrEqual(3840);
    expect(Math.abs(big.durationS - 3)).toBeLessThan(0.3);

    const cartoon = await finished(
      ticket,
      'video_stylize',
      await api.call('POST', gateway('video_stylize'), ticket, {
        videos: [key],
        params: { style: 'cartoon' },
      }),
    );
    const styled = probe(await runs.fetchBytes(cartoon.sub_task_results[0].url));
    expect(Math.abs(styled.durationS - 3)).toBeLessThan(0.3);
    const unknown = await api.call('POST', gateway('video_stylize'), ticket, {
      videos: [key],
      params: { style: 'crayon' },
    });
    expect(unknown.code).toBe(1001);
  }, 600_000);

  it('keeps 4K for subscribers and long clips out', async () => {
    const { ticket } = await runs.userWithGrade('video-4k-free@example.com', 0);
    const key = await uploadClip(ticket, clip(640, 360, 1));
    const gated = await api.call('POST', gateway('video_creative_upscaler'), ticket, {
      videos: [key],
    });
    expect(gated.code).toBe(2020);
  });
});

describe('lip sync', () => {
  it('makes a portrait speak a text in a preset voice, with sound; a faceless picture is refused', async () => {
    const { ticket, id } = await runs.userWithGrade('lipsync@example.com', 2);
    await runs.grantCredits(id, 500);
    const { result: listed } = await api.call('GET', '/prod-api/content/voices', ticket);
    const voice = listed.voices.find((v: { language: string }) => v.language === 'en').id;
    const portrait = await runs.upload(ticket, await readPortraitPhoto(), 'face.jpg', 'image/jpeg');
    const result = await finished(
      ticket,
      'mouth_speech',
      await api.call('POST', gateway('mouth_speech'), ticket, {
        images: [portrait],
        params: { speech_text: 'Hello there, this is a test of lip sync.', voice },
      }),
    );
    const out = probe(await runs.fetchBytes(result.sub_task_results[0].url));
    expect(out.codecs.some((c) => c.startsWith('audio:'))).toBe(true);

    const before = await api.credits(ticket);
    const ball = await runs.upload(ticket, await makeFacelessPicture(), 'ball.jpg', 'image/jpeg');
    const faceless = await api.call('POST', gateway('mouth_speech'), ticket, {
      images: [ball],
      params: { speech_text: 'Hello', voice },
    });
    expect(faceless.code).toBe(1001);
    expect(faceless.message).toContain('No portrait detected');
    const noVoice = await api.call('POST', gateway('mouth_speech'), ticket, {
      images: [portrait],
      params: { speech_text: 'Hello' },
    });
    expect(noVoice.code).toBe(1001);
    const neither = await api.call('POST', gateway('mouth_speech'), ticket, { images: [portrait] });
    expect(neither.code).toBe(1001);
    expect(await api.credits(ticket)).toBe(before);
  }, 600_000);
});

describe('lip sync with a WAV voice track', () => {
  it('makes a portrait mouth an uploaded WAV (what the studio sends a recording as)', async () => {
    const { ticket, id } = await runs.userWithGrade('lipsync-wav@example.com', 2);
    await runs.grantCredits(id, 200);
    const wav = spawnSync(defaultFfmpegPath(), [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=220:duration=2'],
      ...['-ac', '1', '-ar', '16000', '-f', 'wav', 'pipe:1'],
    ]).stdout;
    const voice = await runs.upload(ticket, wav, 'voice.wav', 'audio/wav');
    const portrait = await runs.upload(ticket, await readPortraitPhoto(), 'face.jpg', 'image/jpeg');
    const result = await finished(
      ticket,
      'mouth_speech',
      await api.call('POST', gateway('mouth_speech'), ticket, {
        images: [portrait],
        audios: [voice],
      }),
    );
    const out = probe(await runs.fetchBytes(result.sub_task_results[0].url));
    expect(out.codecs.some((c) => c.startsWith('audio:'))).toBe(true);
    expect(out.durationS).toBeGreaterThan(1.5);
  }, 600_000);
});

describe('magic brush', () => {
  it('moves a brushed red disc along its track from left to right', async () => {
    const { ticket } = await runs.userWithGrade('brush@example.com', 2);
    const disc = (fill: string, ground: string) =>
      sharp(
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360">
          <rect width="100%" height="100%" fill="${ground}"/>
          <circle cx="140" cy="180" r="50" fill="${fill}"/></svg>`),
      )
        .png()
        .toBuffer();
    const image = await runs.upload(ticket, await disc('#e00000', '#d8e4ee'));
    const mask = await runs.upload(ticket, await disc('#ffffff', '#000000'), 'mask.png');
    const brushes = [{ color: '#ff0000', mask }];
    const tracks = [
      {
        color: '#ff0000',
        points: [
          [0.22, 0.5],
          [0.5, 0.5],
          [0.8, 0.5],
        ],
      },
    ];
    const result = await finished(
      ticket,
      'video_motion_brush',
      await api.call('POST', gateway('video_motion_brush'), ticket, {
        images: [image],
        params: { brushes, tracks, duration: 5 },
      }),
    );
    const video = await runs.fetchBytes(result.sub_task_results[0].url);
    const redCentre = (seconds: number) => {
      const frame = spawnSync(
        defaultFfmpegPath(),
        [
          ...['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-ss', String(seconds)],
          ...['-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
        ],
        { input: video },
      ).stdout;
      const out = probe(video);
      let sum = 0;
      let count = 0;
      for (let i = 0; i < frame.length; i += 3) {
        if (frame[i]! > 180 && frame[i + 1]! < 80 && frame[i + 2]! < 80) {
          sum += (i / 3) % out.width;
          count++;
        }
      }
      return { x: sum / Math.max(1, count), share: count / (out.width * out.height) };
    };
    const first = redCentre(0);
    const last = redCentre(probe(video).durationS - 0.1);
    expect(first.share).toBeGreaterThan(0.01);
    expect(last.share).toBeGreaterThan(0.01);
    expect(last.x - first.x).toBeGreaterThan(150);

    const twice = await api.call('POST', gateway('video_motion_brush'), ticket, {
      images: [image],
      params: { brushes, tracks: [...tracks, ...tracks] },
    });
    expect(twice.code).toBe(1001);
    const untracked = await api.call('POST', gateway('video_motion_brush'), ticket, {
      images: [image],
      params: {
        brushes,
        tracks: [
          {
            color: '#00ff00',
            points: [
              [0, 0],
              [1, 1],
            ],
          },
        ],
      },
    });
    expect(untracked.code).toBe(1001);
  }, 600_000);
});

describe('multi-image video and effects', () => {
  it('stages two pictures in one clip, runs an effect template, and wants two photos for a hug', async () => {
    const { ticket, id } = await runs.userWithGrade('elements@example.com', 2);
    await runs.grantCredits(id, 500);
    const a = await runs.upload(ticket, await plain(512, 512, '#c0392b'));
    const b = await runs.upload(ticket, await plain(512, 512, '#2980b9'));
    await finished(
      ticket,
      'video_diffusion_multi_img2vid',
      await api.call('POST', gateway('video_diffusion_multi_img2vid'), ticket, {
        images: [a, b],
        prompt: 'a red ball and a blue ball on a beach',
      }),
    );
    const { result: effects } = await api.call(
      'GET',
      '/prod-api/content/algo_config/list?algo_set=effect_set',
      ticket,
    );
    const single = effects.data.find((e: { key: string }) => e.key === 'inflate');
    expect(single).toBeDefined();
    const inflated = await finished(
      ticket,
      'video_diffusion_img2vid',
      await api.call('POST', gateway('video_diffusion_img2vid'), ticket, {
        images: [a],
        params: { effect: 'inflate' },
      }),
    );
    expect(inflated.cost).toBe(30);
    expect(inflated.request.params.effect).toBe('inflate');
    const hugAlone = await api.call('POST', gateway('video_diffusion_img2vid'), ticket, {
      images: [a],
      params: { effect: 'hug' },
    });
    expect(hugAlone.code).toBe(1001);
    expect(hugAlone.message).toBe('This effect needs two photos, one of each person');
    const unknown = await api.call('POST', gateway('video_diffusion_img2vid'), ticket, {
      images: [a],
      params: { effect: 'levitate' },
    });
    expect(unknown.code).toBe(1001);
    const twoWithout = await api.call('POST', gateway('video_diffusion_img2vid'), ticket, {
      images: [a, b],
    });
    expect(twoWithout.code).toBe(1001);
  }, 600_000);
});
