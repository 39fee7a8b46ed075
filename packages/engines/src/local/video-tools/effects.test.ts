import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EditInputError } from '../edit/edit-input-error';
import { extractFrame, makeTestPhoto, probeVideo } from '../local-test-support';
import { effectTemplates, effectVideo, type EffectKey } from './effects';
import { decodeSmallFrames, frameDiff, makeTexturedPicture } from './video-test-support';

/** The subject as a disc in the middle: what a background remover gives for a round subject. */
async function cutOutDisc(png: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const rgba = Buffer.alloc(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    data.copy(rgba, p * 4, p * 3, p * 3 + 3);
    const x = p % width;
    const y = Math.floor(p / width);
    rgba[p * 4 + 3] = Math.hypot(x - width / 2, y - height * 0.55) < height * 0.3 ? 255 : 0;
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

const flat = (colour: string) =>
  sharp({ create: { width: 600, height: 720, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Mean difference of two small RGB frames inside a box given in fractions of the frame. */
function boxDiff(a: Buffer, b: Buffer, w: number, box: [number, number, number, number]): number {
  const h = a.length / 3 / w;
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(box[1] * h); y < box[3] * h; y++) {
    for (let x = Math.floor(box[0] * w); x < box[2] * w; x++) {
      const i = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) sum += Math.abs(a[i + c]! - b[i + c]!);
      n += 3;
    }
  }
  return sum / Math.max(1, n);
}

const short = { seed: 4, durationS: 1, fps: 12 };

describe('effect video', () => {
  it('makes every template as a marked, moving 720p clip', async () => {
    const photo = await makeTexturedPicture(1280, 720);
    const people = [await makeTestPhoto(600, 720, 20), await makeTestPhoto(600, 720, 200)];
    for (const key of Object.keys(effectTemplates) as EffectKey[]) {
      const images = effectTemplates[key].pictures === 2 ? people : [photo];
      const out = await effectVideo(images, { key, prompt: '' }, short, {
        removeBackground: cutOutDisc,
      });
      expect(probeVideo(out.video), key).toMatchObject({
        codec: 'h264',
        width: 1280,
        height: 720,
        frames: 12,
        pixFmt: 'yuv420p',
      });
      expect(out.description, key).toContain(`${key} effect`);
      const frames = decodeSmallFrames(out.video, 320, 180);
      expect(frameDiff(frames[0]!, frames[11]!), key).toBeGreaterThan(3);
      const poster = await sharp(out.poster).metadata();
      expect([poster.format, poster.width, poster.height], key).toEqual(['png', 1280, 720]);
    }
  }, 300_000);

  it('lasts 5 s at 24 fps by default and carries the PREVIEW mark', async () => {
    const photo = await makeTexturedPicture(1280, 720);
    const out = await effectVideo([photo], { key: 'melt', prompt: '' }, { seed: 1 });
    expect(probeVideo(out.video)).toMatchObject({ frames: 120 });
    expect(out.durationS).toBe(5);
    // The mark sits in the top-left corner, where melting (the top holds) changes nothing.
    const first = await sharp(extractFrame(out.video, 0))
      .extract({ left: 0, top: 0, width: 200, height: 60 })
      .raw()
      .toBuffer();
    const plain = await sharp(photo)
      .extract({ left: 0, top: 0, width: 200, height: 60 })
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(frameDiff(first, plain)).toBeGreaterThan(8);
  }, 60_000);

  it('inflates the middle and leaves the corners alone', async () => {
    const photo = await makeTexturedPicture(1280, 720);
    const out = await effectVideo([photo], { key: 'inflate', prompt: '' }, short);
    const [first, , , , , , , , , , , last] = decodeSmallFrames(out.video, 320, 180);
    expect(boxDiff(first!, last!, 320, [0.4, 0.35, 0.6, 0.65])).toBeGreaterThan(10);
    expect(boxDiff(first!, last!, 320, [0.9, 0.8, 1, 1])).toBeLessThan(3);
  }, 60_000);

  it('melts downwards: the top row holds, the bottom runs', async () => {
    const photo = await makeTexturedPicture(1280, 720);
    const out = await effectVideo([photo], { key: 'melt', prompt: '' }, short);
    const frames = decodeSmallFrames(out.video, 320, 180);
    const top = boxDiff(frames[0]!, frames[11]!, 320, [0.3, 0.01, 1, 0.05]);
    const bottom = boxDiff(frames[0]!, frames[11]!, 320, [0, 0.75, 1, 1]);
    expect(bottom).toBeGreaterThan(10);
    expect(top).toBeLessThan(bottom / 3);
  }, 60_000);

  it('brings the two pictures of a hug together in the middle', async () => {
    const out = await effectVideo(
      [await flat('#d02020'), await flat('#2040d0')],
      { key: 'hug', prompt: '' },
      short,
    );
    const frames = decodeSmallFrames(out.video, 320, 180);
    const at = (f: Buffer, x: number, y: number) => [
      ...f.subarray((y * 320 + x) * 3, (y * 320 + x) * 3 + 3),
    ];
    // Just left of the middle: the red picture at first; once they meet the blue one, which
    // comes in from the right, has crossed the middle and covers it.
    expect(at(frames[0]!, 150, 90)[0]).toBeGreaterThan(150);
    expect(at(frames[0]!, 150, 90)[2]).toBeLessThan(80);
    expect(at(frames[11]!, 150, 90)[2]).toBeGreaterThan(150);
  }, 60_000);

  it('moves only the cut-out subject when dancing', async () => {
    const photo = await makeTexturedPicture(1280, 720);
    const out = await effectVideo(
      [photo],
      { key: 'dance', prompt: '' },
      { seed: 2, durationS: 1, fps: 12 },
      { removeBackground: cutOutDisc },
    );
    const frames = decodeSmallFrames(out.video, 320, 180);
    expect(boxDiff(frames[2]!, frames[5]!, 320, [0.42, 0.4, 0.58, 0.7])).toBeGreaterThan(5);
    expect(boxDiff(frames[2]!, frames[5]!, 320, [0.8, 0.4, 1, 0.7])).toBeLessThan(1.5);
  }, 60_000);

  it('refuses the wrong number of pictures, unknown templates and unreadable pictures', async () => {
    const photo = await makeTestPhoto(640, 480);
    const problem = (run: Promise<unknown>) =>
      run.then(
        () => 'none',
        (e: unknown) => (e instanceof EditInputError ? e.problem : String(e)),
      );
    expect(await problem(effectVideo([photo], { key: 'kiss', prompt: '' }, short))).toBe(
      'picture_count',
    );
    expect(
      await problem(effectVideo([photo, photo, photo], { key: 'hug', prompt: '' }, short)),
    ).toBe('picture_count');
    expect(await problem(effectVideo([photo, photo], { key: 'inflate', prompt: '' }, short))).toBe(
      'picture_count',
    );
    expect(await problem(effectVideo([photo], { key: 'teleport', prompt: '' }, short))).toBe(
      'unknown_option',
    );
    expect(
      await problem(effectVideo([Buffer.from('nope')], { key: 'melt', prompt: '' }, short)),
    ).toBe('unreadable_image');
  });
});
