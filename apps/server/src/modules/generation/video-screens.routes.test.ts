import { spawnSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeFacelessPicture,
  readGroupPhoto,
  readPortraitPhoto,
} from '@lumen/engines/ml/face-test-support';
import { defaultFfmpegPath } from '@lumen/engines/local/ffmpeg-encoder';
import { createApiCaller } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createToolRuns } from '../../../test/support/tool-runs';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let admin: { ticket: string; id: number };
const runs = createToolRuns(() => ({ t, api, admin }));

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'ops@example.com' } });
  api = createApiCaller(t);
  admin = await api.signIn('ops@example.com');
});
afterAll(async () => {
  await t.close();
});

describe('the portrait check before a lip sync', () => {
  it('answers one face as a portrait, and a faceless or crowded picture with the gateway’s words', async () => {
    const { ticket } = await api.signIn('face-check@example.com');
    const portrait = await runs.upload(ticket, await readPortraitPhoto(), 'face.jpg', 'image/jpeg');
    const ok = await api.call('POST', '/prod-api/content/face-check', ticket, { key: portrait });
    expect(ok.code).toBe(0);
    expect(ok.result).toEqual({ faces: 1, portrait: true, message: null });

    const faceless = await runs.upload(
      ticket,
      await makeFacelessPicture(),
      'ball.jpg',
      'image/jpeg',
    );
    const none = await api.call('POST', '/prod-api/content/face-check', ticket, { key: faceless });
    expect(none.result).toMatchObject({ faces: 0, portrait: false });
    expect(none.result.message).toContain('No portrait detected');

    const group = await runs.upload(ticket, await readGroupPhoto(), 'group.jpg', 'image/jpeg');
    const crowd = await api.call('POST', '/prod-api/content/face-check', ticket, { key: group });
    expect(crowd.result).toMatchObject({ faces: 3, portrait: false });
    expect(crowd.result.message).toContain('3');

    // The same answer in the reader's language, as the gateway would refuse it.
    const inChinese = await api.call(
      'POST',
      '/prod-api/content/face-check',
      ticket,
      { key: faceless },
      {
        'x-accept-language': 'zh',
      },
    );
    expect(inChinese.result.message).toBe('未检测到人像，请选择一张清晰的单人正脸照片');
  });

  it('checks only the caller’s own pictures, and only for a signed-in caller', async () => {
    const owner = await api.signIn('face-owner@example.com');
    const key = await runs.upload(
      owner.ticket,
      await readPortraitPhoto(),
      'face.jpg',
      'image/jpeg',
    );
    const other = await api.signIn('face-other@example.com');
    const foreign = await api.call('POST', '/prod-api/content/face-check', other.ticket, { key });
    expect(foreign.code).not.toBe(0);
    expect(foreign.result?.faces).toBeUndefined();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/prod-api/content/face-check',
      payload: { key },
    });
    expect(anonymous.statusCode).toBeLessThan(500);
    expect(anonymous.json().code).toBe(3015);
    const empty = await api.call('POST', '/prod-api/content/face-check', owner.ticket, { key: '' });
    expect(empty.code).toBe(1001);
  });
});

/** A square H.264 clip of a still picture (padded, never cropped), 2 s at 12 fps. */
function squareClipOf(picture: Buffer): Buffer {
  const run = spawnSync(
    defaultFfmpegPath(),
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-f', 'image2pipe', '-framerate', '12', '-i', 'pipe:0', '-vf'],
      'loop=loop=23:size=1:start=0,pad=max(iw\\,ih):max(iw\\,ih):(ow-iw)/2:(oh-ih)/2:color=gray,scale=480:480',
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
      ...['-movflags', 'frag_keyframe+empty_moov', '-f', 'mp4', 'pipe:1'],
    ],
    { input: picture, maxBuffer: 1 << 26 },
  );
  if (run.status !== 0) throw new Error(run.stderr.toString());
  return run.stdout;
}

describe('the portrait check of a lip sync clip', () => {
  it('finds the one face in a square clip and refuses a faceless or crowded clip in its words', async () => {
    const { ticket } = await api.signIn('clip-face-check@example.com');
    const upload = async (picture: Buffer) =>
      runs.upload(ticket, squareClipOf(picture), 'clip.mp4', 'video/mp4');
    const speaker = await upload(await readPortraitPhoto());
    const ok = await api.call('POST', '/prod-api/content/face-check', ticket, { key: speaker });
    expect(ok.code).toBe(0);
    expect(ok.result).toEqual({ faces: 1, portrait: true, message: null });

    const faceless = await upload(await makeFacelessPicture());
    const none = await api.call('POST', '/prod-api/content/face-check', ticket, { key: faceless });
    expect(none.result).toMatchObject({ faces: 0, portrait: false });
    expect(none.result.message).toBe(
      'No clear face in the clip, please choose a clip that keeps one face in view',
    );
    const inSpanish = await api.call(
      'POST',
      '/prod-api/content/face-check',
      ticket,
      { key: faceless },
      { 'x-accept-language': 'es' },
    );
    expect(inSpanish.result.message).toBe(
      'No se ve una cara nítida en el clip; elige un clip en el que se vea una sola cara',
    );

    const crowd = await upload(await readGroupPhoto());
    const many = await api.call('POST', '/prod-api/content/face-check', ticket, { key: crowd });
    expect(many.result).toMatchObject({ faces: 3, portrait: false });
    expect(many.result.message).toContain('clip');

    // Lip sync's clip rules come first: a widescreen clip is refused for its shape.
    const wide = spawnSync(defaultFfmpegPath(), [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', 'testsrc2=size=640x360:rate=12:duration=1', '-c:v', 'libx264'],
      ...['-pix_fmt', 'yuv420p', '-movflags', 'frag_keyframe+empty_moov', '-f', 'mp4', 'pipe:1'],
    ]).stdout;
    const wideKey = await runs.upload(ticket, wide, 'wide.mp4', 'video/mp4');
    const shape = await api.call('POST', '/prod-api/content/face-check', ticket, { key: wideKey });
    expect(shape.code).toBe(1001);
    expect(shape.msg).toContain('1:1');
  }, 120_000);

  it('refuses a lip sync of a faceless clip at submission, moving no credits', async () => {
    const { ticket, id } = await runs.userWithGrade('clip-lipsync@example.com', 2);
    await runs.grantCredits(id, 300);
    const { result: listed } = await api.call('GET', '/prod-api/content/voices', ticket);
    const voice = listed.voices.find((v: { language: string }) => v.language === 'en').id;
    const params = { speech_text: 'Hello there', voice };
    const before = await api.credits(ticket);
    const faceless = await runs.upload(
      ticket,
      squareClipOf(await makeFacelessPicture()),
      'clip.mp4',
      'video/mp4',
    );
    const refused = await api.call('POST', '/api/gw/v3/video/mouth_speech/async', ticket, {
      videos: [faceless],
      params,
    });
    expect(refused.code).toBe(1001);
    expect(refused.message).toBe(
      'No clear face in the clip, please choose a clip that keeps one face in view',
    );
    expect(await api.credits(ticket)).toBe(before);

    const speaker = await runs.upload(
      ticket,
      squareClipOf(await readPortraitPhoto()),
      'clip.mp4',
      'video/mp4',
    );
    const taken = await api.call('POST', '/api/gw/v3/video/mouth_speech/async', ticket, {
      videos: [speaker],
      params,
    });
    expect(taken.code).toBe(0);
    expect(taken.result.cost).toBe(100);
  }, 120_000);
});

describe('effect template previews', () => {
  it('serves a looping clip and its poster for an enabled template, made once', async () => {
    const started = Date.now();
    const clip = await t.app.inject({ method: 'GET', url: '/effect-previews/inflate.mp4' });
    const firstMs = Date.now() - started;
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toBe('video/mp4');
    expect(clip.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const poster = await t.app.inject({ method: 'GET', url: '/effect-previews/inflate.jpg' });
    expect(poster.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(poster.rawPayload).metadata();
    expect(meta.height).toBe(450);
    const again = Date.now();
    const cached = await t.app.inject({ method: 'GET', url: '/effect-previews/inflate.mp4' });
    expect(cached.rawPayload.equals(clip.rawPayload)).toBe(true);
    expect(Date.now() - again).toBeLessThan(Math.max(200, firstMs / 2));
  }, 120_000);

  it('shows the two-person templates with two figures side by side', async () => {
    const poster = await t.app.inject({ method: 'GET', url: '/effect-previews/hug.jpg' });
    expect(poster.statusCode).toBe(200);
    const meta = await sharp(poster.rawPayload).metadata();
    expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(16 / 9, 1);
  }, 120_000);

  it('answers unknown templates and odd names with 404, never a server error', async () => {
    for (const url of [
      '/effect-previews/no-such-effect.mp4',
      '/effect-previews/inflate.gif',
      '/effect-previews/..%2Fsecret.mp4',
      '/effect-previews/INFLATE.mp4',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
