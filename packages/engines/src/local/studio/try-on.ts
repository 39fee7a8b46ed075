import sharp from 'sharp';
import type { TryOnCategory } from '@lumen/contracts/tools/try-on';
import type { PoseFinder } from '../../ml/body-pose';
import { checkpoint, EditInputError, type EditOptions, type EditResult } from '../edit/edit-image';
import { previewMarkPosition, previewMarkSvg } from '../preview-mark';
import { clamp255, luminance, softBlur } from './filters';
import type { CutOutPerson } from './portrait';
import { bodyFrameOf, garmentQuad, type BodyFrame } from './try-on-fit';
import { homography, warp, type Point, type Rgba } from './warp';

export type TryOnDeps = { findPose: PoseFinder; cutOut: CutOutPerson };

/** The longest side the photos are worked at. */
const WORK_SIDE = 1600;

async function decode(bytes: Buffer, what: string): Promise<Rgba> {
  try {
    const { data, info } = await sharp(bytes)
      .rotate()
      .toColourspace('srgb')
      .resize(WORK_SIDE, WORK_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data };
  } catch (error) {
    throw new EditInputError('unreadable_image', `The ${what} is not a readable PNG or JPEG`, {
      cause: error,
    });
  }
}

const toPng = (p: Rgba) =>
  sharp(p.data, { raw: { width: p.width, height: p.height, channels: 4 } })
    .png()
    .toBuffer();

/** The cut-out's alpha at the picture's size, 0–255. */
async function alphaOf(cut: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(cut)
    .ensureAlpha()
    .extractChannel(3)
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
}

/** The box around the alpha's solid part (≥ 50 %), or undefined when there is none. */
function solidBox(alpha: Buffer, width: number, height: number) {
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (alpha[y * width + x]! < 128) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  return x1 < 0 ? undefined : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/**
 * The garment's mask: IS-Net's, made whole. A product photo stands the garment on a plain
 * ground, and IS-Net, trained on objects, may take a flat print (stripes, a logo) for
 * background. So the ground is what can be reached from the picture's border through pixels
 * IS-Net calls background and whose colour is the border's; everything else is garment.
 */
function wholeGarment(picture: Rgba, alpha: Buffer): Buffer {
  const { width, height, data } = picture;
  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
  for (let y = 0; y < height; y++) border.push(y * width, y * width + width - 1);
  const ground = [0, 1, 2].map(
    (c) => border.reduce((sum, p) => sum + data[p * 4 + c]!, 0) / border.length,
  );
  const isGround = (p: number) =>
    alpha[p]! < 128 &&
    Math.abs(data[p * 4]! - ground[0]!) +
      Math.abs(data[p * 4 + 1]! - ground[1]!) +
      Math.abs(data[p * 4 + 2]! - ground[2]!) <
      60;
  const reached = new Uint8Array(width * height);
  const stack = border.filter(isGround);
  for (const p of stack) reached[p] = 1;
  while (stack.length > 0) {
    const p = stack.pop()!;
    const x = p % width;
    for (const q of [p - width, p + width, x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1]) {
      if (q < 0 || q >= width * height || reached[q] || !isGround(q)) continue;
      reached[q] = 1;
      stack.push(q);
    }
  }
  const out = Buffer.alloc(width * height);
  for (let p = 0; p < out.length; p++) out[p] = reached[p] ? alpha[p]! : 255;
  return out;
}

/** Distance from `p` to the segment a–b. */
function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(
    0,
    Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)),
  );
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/**
 * Where the garment may show: on the person's silhouette (grown a little, as cloth stands off
 * the body), and not where a forearm the pose model saw lies over it, which the silhouette
 * says is the person's and so stays in front of the garment.
 */
function garmentClip(
  personAlpha: Buffer,
  width: number,
  height: number,
  frame: BodyFrame,
): Float32Array {
  const [sl, sr] = frame.shoulders;
  const shoulderWidth = Math.hypot(sr.x - sl.x, sr.y - sl.y);
  const plane = Float32Array.from(personAlpha, (v) => v / 255);
  const grown = softBlur(plane, width, height, Math.max(2, shoulderWidth * 0.04));
  const arm = shoulderWidth * 0.13;
  const clip = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      let keep = Math.min(1, grown[p]! * 2.2);
      if (frame.head) {
        const { centre, rx, ry } = frame.head;
        const d = Math.hypot((x - centre.x) / rx, (y - centre.y) / ry);
        if (d < 1) keep *= Math.min(1, Math.max(0, (d - 0.85) / 0.15));
      }
      for (const [elbow, wrist] of frame.forearms) {
        const d = segmentDistance({ x, y }, elbow, wrist);
        if (d < arm) keep *= 1 - plane[p]! * Math.min(1, (arm - d) / (arm * 0.3));
      }
      clip[p] = keep;
    }
  }
  return clip;
}

/**
 * Virtual try-on on the CPU, a labelled preview: the garment cut out (IS-Net) and laid by a
 * perspective warp on the torso the pose model finds (shoulders and hips), shaded with the
 * person's own light (the garment multiplied by the person's smoothed brightness there),
 * kept to the person's silhouette and under the forearms. A try-on model on a GPU engine
 * drapes the cloth for real.
 */
export async function tryOnGarment(
  personPhoto: Buffer,
  garmentPhoto: Buffer,
  category: TryOnCategory,
  deps: TryOnDeps,
  opts: EditOptions = {},
): Promise<EditResult> {
  const person = await decode(personPhoto, 'person photo');
  const garment = await decode(garmentPhoto, 'garment photo');
  const { width, height } = person;
  const personPng = await toPng(person);
  const pose = await deps.findPose(personPng).catch(() => undefined);
  await checkpoint(opts, 0.05);
  const personCut = await deps.cutOut(personPng, (f) => opts.report?.(0.05 + f * 0.4), opts.signal);
  const personAlpha = await alphaOf(personCut.bytes, width, height);
  const silhouette = solidBox(personAlpha, width, height);
  if (!silhouette) throw new EditInputError('no_face', 'No person was found in the photo');
  const garmentCut = await deps.cutOut(
    await toPng(garment),
    (f) => opts.report?.(0.45 + f * 0.4),
    opts.signal,
  );
  const garmentAlpha = wholeGarment(
    garment,
    await alphaOf(garmentCut.bytes, garment.width, garment.height),
  );
  const box = solidBox(garmentAlpha, garment.width, garment.height);
  if (!box) throw new EditInputError('unreadable_image', 'No garment was found in the photo');
  await checkpoint(opts, 0.88);

  for (let p = 0; p < garment.width * garment.height; p++)
    garment.data[p * 4 + 3] = garmentAlpha[p]!;
  const frame = bodyFrameOf(pose, silhouette);
  const quad = garmentQuad(frame, category);
  const corners = [
    { x: box.x, y: box.y },
    { x: box.x + box.width, y: box.y },
    { x: box.x + box.width, y: box.y + box.height },
    { x: box.x, y: box.y + box.height },
  ];
  const laid = warp(garment, homography(corners, quad), width, height);
  const clip = garmentClip(personAlpha, width, height, frame);
  const light = softBlur(luminance(rgbOf(person), width * height), width, height, width / 90);
  let sum = 0;
  let n = 0;
  for (let p = 0; p < width * height; p++) {
    if (laid.data[p * 4 + 3]! > 128 && personAlpha[p]! > 128) {
      sum += light[p]!;
      n++;
    }
  }
  const meanLight = Math.max(8, n > 0 ? sum / n : 128);
  const out = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    const a = (laid.data[p * 4 + 3]! / 255) * clip[p]!;
    const shade = Math.min(1.25, Math.max(0.55, (light[p]! / meanLight) ** 0.6));
    for (let c = 0; c < 3; c++) {
      const under = person.data[p * 4 + c]!;
      const cloth = laid.data[p * 4 + c]! * shade;
      out[p * 3 + c] = clamp255(under * (1 - a) + cloth * a);
    }
  }
  const mark = previewMarkSvg(Math.min(width, height));
  const bytes = await sharp(out, { raw: { width, height, channels: 3 } })
    .composite([{ input: Buffer.from(mark.svg), ...previewMarkPosition(width, height) }])
    .png()
    .toBuffer();
  const found = frame.fromPose
    ? 'shoulders and hips from the pose model'
    : 'the body from its outline';
  return {
    bytes,
    width,
    height,
    description:
      `Preview of the try-on (${category}): garment cut out and warped onto the torso ` +
      `(${found}), shaded with the photo's light; a try-on model on a GPU engine drapes it for real`,
  };
}

function rgbOf(picture: Rgba): Buffer {
  const rgb = Buffer.alloc(picture.width * picture.height * 3);
  for (let p = 0; p < picture.width * picture.height; p++) {
    picture.data.copy(rgb, p * 3, p * 4, p * 4 + 3);
  }
  return rgb;
}
