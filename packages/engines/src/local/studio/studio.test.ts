import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { BodyPose } from '../../ml/body-pose';
import { bodyKeypointNames, createPoseFinder } from '../../ml/body-pose';
import { readPersonPhoto } from './studio-test-support';
import { EditInputError } from '../edit/edit-image';
import { kuwahara } from './filters';
import { makePortrait, type CutOutPerson } from './portrait';
import { tryOnGarment } from './try-on';
import { garmentQuad, bodyFrameOf } from './try-on-fit';
import { apply, homography, warp } from './warp';

/** A cut-out that keeps an ellipse in the middle, as IS-Net keeps a person. */
const ellipseCutOut: CutOutPerson = async (png) => {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside =
        ((x - width / 2) / (width * 0.3)) ** 2 + ((y - height * 0.6) / (height * 0.5)) ** 2 < 1;
      data[(y * width + x) * 4 + 3] = inside ? 255 : 0;
    }
  }
  return {
    bytes: await sharp(data, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  };
};

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
  return [...data.subarray(at, at + 3)];
}

const flat = (w: number, h: number, colour: string) =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe('warps', () => {
  it('maps the four corners exactly, and moves the pixels with them', () => {
    const from = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
    ];
    const to = [
      { x: 5, y: 2 },
      { x: 25, y: 4 },
      { x: 22, y: 30 },
      { x: 3, y: 28 },
    ];
    const m = homography(from, to);
    from.forEach((p, i) => {
      expect(apply(m, p).x).toBeCloseTo(to[i]!.x, 6);
      expect(apply(m, p).y).toBeCloseTo(to[i]!.y, 6);
    });
    const red = { width: 10, height: 10, data: Buffer.alloc(400, 255) };
    const out = warp(red, m, 32, 32);
    expect(out.data[(15 * 32 + 14) * 4 + 3]).toBe(255);
    expect(out.data[(1 * 32 + 30) * 4 + 3]).toBe(0);
  });
});

describe('the Kuwahara filter', () => {
  it('flattens noise inside areas and keeps the edge between them sharp', () => {
    const [w, h] = [40, 20];
    const rgb = new Uint8Array(w * h * 3);
    for (let p = 0; p < w * h; p++) {
      const base = p % w < 20 ? 60 : 200;
      rgb.fill(base + ((p * 7919) % 21) - 10, p * 3, p * 3 + 3);
    }
    const out = kuwahara(rgb, w, h, 3);
    const at = (x: number, y: number) => out[(y * w + x) * 3]!;
    expect(Math.abs(at(5, 10) - 60)).toBeLessThan(5);
    expect(Math.abs(at(35, 10) - 200)).toBeLessThan(5);
    // Either side of the edge stays on its own side: no grey ramp between.
    expect(at(19, 10)).toBeLessThan(80);
    expect(at(20, 10)).toBeGreaterThan(180);
  });
});

/** 68 landmarks with the eyes at the given places (the rest do not matter to the framing). */
function landmarks(left: { x: number; y: number }, right: { x: number; y: number }) {
  const points = Array.from({ length: 68 }, () => ({ x: 0, y: 0 }));
  for (let i = 36; i < 42; i++) points[i] = left;
  for (let i = 42; i < 48; i++) points[i] = right;
  return { score: 0.9, points };
}

describe('portraits on the CPU', () => {
  it('levels the eyes, centres them, replaces the ground, and marks only the model styles', async () => {
    // A tilted "face": two dark eyes on a skin-coloured disc, the right eye 40 px lower.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
      <rect width="800" height="800" fill="#3a7d2c"/>
      <circle cx="400" cy="420" r="260" fill="#e0b89a"/>
      <circle cx="320" cy="360" r="14" fill="#111"/><circle cx="480" cy="400" r="14" fill="#111"/></svg>`;
    const photo = await sharp(Buffer.from(svg)).jpeg().toBuffer();
    const deps = {
      findLandmarks: async () => landmarks({ x: 320, y: 360 }, { x: 480, y: 400 }),
      cutOut: ellipseCutOut,
    };

    const made = await makePortrait(
      photo,
      { style: 'headshot', ratio: '3:4', size: 1024, seed: 1 },
      deps,
    );

    expect([made.width, made.height]).toEqual([768, 1024]);
    expect(made.description).toMatch(/^Portrait \(headshot\)/);
    // The grass is gone from the corners: the headshot's grey backdrop is there instead.
    const [r, g, b] = await pixel(made.bytes, 10, 1000);
    expect(Math.abs(r! - g!)).toBeLessThan(20);
    expect(Math.abs(g! - b!)).toBeLessThan(20);

    const preview = await makePortrait(
      photo,
      { style: 'watercolour', ratio: '1:1', size: 512, seed: 1 },
      deps,
    );
    expect(preview.description).toMatch(/^Preview of the watercolour portrait/);
  });

  it('refuses a photo where no face is found', async () => {
    const photo = await flat(400, 400, '#888');
    const deps = { findLandmarks: async () => undefined, cutOut: ellipseCutOut };
    await expect(
      makePortrait(photo, { style: 'anime', ratio: '1:1', size: 512, seed: 1 }, deps),
    ).rejects.toBeInstanceOf(EditInputError);
  });
});

function standingPose(): BodyPose {
  const at: Partial<Record<(typeof bodyKeypointNames)[number], [number, number]>> = {
    nose: [300, 150],
    leftShoulder: [380, 260],
    rightShoulder: [220, 260],
    leftHip: [360, 520],
    rightHip: [240, 520],
  };
  return Object.fromEntries(
    bodyKeypointNames.map((name) => {
      const p = at[name];
      return [name, p ? { x: p[0], y: p[1], score: 0.9 } : { x: 0, y: 0, score: 0.01 }];
    }),
  ) as BodyPose;
}

describe('try-on on the CPU', () => {
  it('lays the garment on the torso between shoulders and hips, not on the head', async () => {
    const person = await flat(600, 900, '#777777');
    const garment = await sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
        <rect width="400" height="400" fill="#eeeeee"/><rect x="80" y="40" width="240" height="330" fill="#d02020"/></svg>`),
    )
      .png()
      .toBuffer();
    const made = await tryOnGarment(person, garment, 'top', {
      findPose: async () => standingPose(),
      cutOut: ellipseCutOut,
    });

    expect([made.width, made.height]).toEqual([600, 900]);
    expect(made.description).toMatch(/^Preview of the try-on \(top\)/);
    const [r, g] = await pixel(made.bytes, 300, 400);
    expect(r).toBeGreaterThan(g! + 60);
    const head = await pixel(made.bytes, 300, 140);
    expect(head).toEqual([119, 119, 119]);
  });

  it('hangs a dress lower than a top and starts a bottom at the hips', () => {
    const frame = bodyFrameOf(standingPose(), { x: 0, y: 0, width: 600, height: 900 });
    const top = garmentQuad(frame, 'top');
    const dress = garmentQuad(frame, 'dress');
    const bottom = garmentQuad(frame, 'bottom');
    expect(dress[2].y).toBeGreaterThan(top[2].y + 100);
    expect(bottom[0].y).toBeGreaterThan(top[0].y + 200);
    expect(top[0].y).toBeLessThan(260);
  });
});

describe('the shipped body pose model', () => {
  it('finds the shoulders of a real person, below the face and either side of it', async () => {
    const pose = await createPoseFinder()(await readPersonPhoto());
    expect(pose.leftShoulder.score).toBeGreaterThan(0.3);
    expect(pose.rightShoulder.score).toBeGreaterThan(0.3);
    const [left, right] = [pose.leftShoulder, pose.rightShoulder].sort((a, b) => a.x - b.x);
    expect(left!.y).toBeGreaterThan(pose.nose.y + 60);
    expect(left!.x).toBeLessThan(pose.nose.x);
    expect(right!.x).toBeGreaterThan(pose.nose.x);
  }, 60_000);
});
