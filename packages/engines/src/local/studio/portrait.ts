import sharp, { type OutputInfo } from 'sharp';
import { portraitModelStyles, type PortraitStyle } from '@lumen/contracts/tools/portrait';
import type { LandmarkFinder, Point } from '../video-tools-b/face-landmarks';
import { checkpoint, EditInputError, type EditOptions, type EditResult } from '../edit/edit-image';
import { previewMarkPosition, previewMarkSvg } from '../preview-mark';
import { createRng } from '../prng';
import { lookOf, type Canvas } from './portrait-looks';
import { similarity, warp, type Rgba } from './warp';

/** Cuts the person out: an RGBA PNG of the same size whose alpha is the foreground. */
export type CutOutPerson = (
  png: Buffer,
  onProgress?: (fraction: number) => void | Promise<void>,
  signal?: AbortSignal,
) => Promise<{ bytes: Buffer }>;

export type PortraitDeps = { findLandmarks: LandmarkFinder; cutOut: CutOutPerson };

export type PortraitRequest = {
  style: PortraitStyle;
  /** The output's shape (`3:4`) and long side in px. */
  ratio: string;
  size: number;
  seed: number;
};

/** The longest side the photo is worked at: more adds time and no visible detail. */
const WORK_SIDE = 1600;
/** The CPU's outputs stop at this long side (the painterly filters run on every pixel). */
const MAX_OUTPUT_SIDE = 1280;

const mean = (points: Point[]): Point => ({
  x: points.reduce((s, p) => s + p.x, 0) / points.length,
  y: points.reduce((s, p) => s + p.y, 0) / points.length,
});

function outputSize(ratio: string, size: number): { width: number; height: number } {
  const [w = 1, h = 1] = ratio.split(':').map(Number);
  const long = Math.min(MAX_OUTPUT_SIDE, size);
  const even = (px: number) => Math.max(2, Math.round(px / 2) * 2);
  return w >= h
    ? { width: even(long), height: even((long * h) / w) }
    : { width: even((long * w) / h), height: even(long) };
}

/**
 * Frames the face as a head-and-shoulders portrait: eyes level (the photo turned by the
 * angle between them), their midpoint centred at 40 % of the height, the eye distance a
 * sixth of the short side (a little closer for each seed's take). The photo is enlarged
 * further when it would not reach the frame's sides or foot, so the body does not end in a
 * straight cut above the bottom edge.
 */
function framing(
  eyes: { left: Point; right: Point },
  photo: { width: number; height: number },
  out: { width: number; height: number },
  zoom: number,
) {
  const { left, right } = eyes;
  const angle = Math.atan2(right.y - left.y, right.x - left.x);
  const mid = { x: (left.x + right.x) / 2, y: (left.y + right.y) / 2 };
  const distance = Math.max(1, Math.hypot(right.x - left.x, right.y - left.y));
  const target = { x: out.width / 2, y: out.height * 0.4 };
  const wanted = ((Math.min(out.width, out.height) / 6) * zoom) / distance;
  const reach = Math.max(
    (out.height - target.y) / Math.max(1, photo.height - mid.y),
    target.x / Math.max(1, mid.x),
    target.x / Math.max(1, photo.width - mid.x),
  );
  const scale = Math.min(wanted * 1.8, Math.max(wanted, reach));
  return similarity(-angle, scale, mid, target);
}

/** Composites the graded person over the backdrop by the cut-out's alpha. */
function composite(person: Buffer, backdrop: Buffer, alpha: Float32Array): Buffer {
  const out = Buffer.alloc(person.length);
  for (let p = 0; p < alpha.length; p++) {
    const a = alpha[p]!;
    for (let c = 0; c < 3; c++) {
      out[p * 3 + c] = Math.round(person[p * 3 + c]! * a + backdrop[p * 3 + c]! * (1 - a));
    }
  }
  return out;
}

/**
 * The portrait studio on the CPU: the face found and aligned, the person cut out (IS-Net)
 * and set on the style's backdrop, then graded and finished in the style. Styles that need a
 * model to redraw the person are marked PREVIEW and say so.
 */
export async function makePortrait(
  photo: Buffer,
  request: PortraitRequest,
  deps: PortraitDeps,
  opts: EditOptions = {},
): Promise<EditResult> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(photo)
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize(WORK_SIDE, WORK_SIDE, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new EditInputError('unreadable_image', 'The photo is not a readable PNG or JPEG', {
      cause: error,
    });
  }
  const { width, height } = decoded.info;
  const found = await deps.findLandmarks(decoded.data, width, height);
  if (!found) throw new EditInputError('no_face', 'No face was found in the photo');
  await checkpoint(opts, 0.1);

  const rng = createRng(request.seed);
  const out = outputSize(request.ratio, request.size);
  const eyes = { left: mean(found.points.slice(36, 42)), right: mean(found.points.slice(42, 48)) };
  const map = framing(eyes, { width, height }, out, 1 + rng.range(-0.06, 0.08));
  const rgba = Buffer.alloc(width * height * 4, 255);
  for (let p = 0; p < width * height; p++) decoded.data.copy(rgba, p * 4, p * 3, p * 3 + 3);
  const aligned: Rgba = warp({ width, height, data: rgba }, map, out.width, out.height);

  // The cut-out runs on the framed picture, with what lies beyond the photo in neutral grey.
  const flat = await sharp(aligned.data, {
    raw: { width: out.width, height: out.height, channels: 4 },
  })
    .flatten({ background: '#808080' })
    .png()
    .toBuffer();
  const cut = await deps.cutOut(flat, (f) => opts.report?.(0.1 + f * 0.6), opts.signal);
  const mask = await sharp(cut.bytes)
    .ensureAlpha()
    .extractChannel(3)
    .resize(out.width, out.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  await checkpoint(opts, 0.75);

  const pixels = out.width * out.height;
  const person = Buffer.alloc(pixels * 3);
  const alpha = new Float32Array(pixels);
  for (let p = 0; p < pixels; p++) {
    aligned.data.copy(person, p * 3, p * 4, p * 4 + 3);
    alpha[p] = (mask[p]! / 255) * (aligned.data[p * 4 + 3]! / 255);
  }
  const look = lookOf(request.style);
  look.grade?.(person, pixels);
  const canvas: Canvas = {
    width: out.width,
    height: out.height,
    rgb: composite(person, look.backdrop(out.width, out.height, rng), alpha),
    alpha,
  };
  look.finish?.(canvas, rng);
  await checkpoint(opts, 0.95);

  const preview = portraitModelStyles.has(request.style);
  const marks = preview
    ? [
        {
          input: Buffer.from(previewMarkSvg(Math.min(out.width, out.height)).svg),
          ...previewMarkPosition(out.width, out.height),
        },
      ]
    : [];
  const bytes = await sharp(canvas.rgb, {
    raw: { width: out.width, height: out.height, channels: 3 },
  })
    .composite(marks)
    .png()
    .toBuffer();
  const name = request.style.replace('_', ' ');
  const description = preview
    ? `Preview of the ${name} portrait: face aligned, background replaced, ${look.words}; an identity-keeping model on a GPU engine draws the real one`
    : `Portrait (${name}): face aligned, background replaced, ${look.words}`;
  return { bytes, width: out.width, height: out.height, description };
}
