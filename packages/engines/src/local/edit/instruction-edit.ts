import sharp, { type Sharp } from 'sharp';
import {
  checkpoint,
  drawPreviewMark,
  encodePicture,
  flattenPicture,
  readPicture,
  type EditOptions,
  type EditResult,
  type Picture,
} from './edit-image';
import { parseInstruction, type EditOperation, type GradeId } from './instruction-parse';

export type InstructionEditDeps = {
  /** Cuts the subject out: an RGBA PNG of the same size whose alpha is the subject. */
  removeBackground?: (png: Buffer) => Promise<Buffer>;
};

export type InstructionEditResult = EditResult & {
  /** The operations carried out, in order, by id. */
  applied: string[];
  /** True when some or all of the instruction could not be done: the result is marked PREVIEW. */
  preview: boolean;
};

type Rgb3 = [number, number, number];
const matrix = (rows: [Rgb3, Rgb3, Rgb3]) => rows;

/**
 * Each grade as steps of sharp operations on an RGB picture, all whole-picture colour maps.
 * One operation per step: sharp runs the operations of one pipeline in its own fixed order,
 * not in the order they are called.
 */
type Step = (s: Sharp) => Sharp;
const grades: Record<GradeId, { name: string; steps: Step[] }> = {
  greyscale: {
    name: 'black and white',
    steps: [
      (s) =>
        s.recomb(
          matrix([
            [0.299, 0.587, 0.114],
            [0.299, 0.587, 0.114],
            [0.299, 0.587, 0.114],
          ]),
        ),
    ],
  },
  sepia: {
    name: 'sepia',
    steps: [
      (s) =>
        s.recomb(
          matrix([
            [0.393, 0.769, 0.189],
            [0.349, 0.686, 0.168],
            [0.272, 0.534, 0.131],
          ]),
        ),
    ],
  },
  warmer: { name: 'warmer', steps: [(s) => s.linear([1.08, 1.01, 0.9], [8, 2, -8])] },
  cooler: { name: 'cooler', steps: [(s) => s.linear([0.9, 1.0, 1.08], [-8, 0, 8])] },
  brighter: { name: 'brighter', steps: [(s) => s.modulate({ brightness: 1.18 })] },
  darker: { name: 'darker', steps: [(s) => s.modulate({ brightness: 0.8 })] },
  more_contrast: { name: 'more contrast', steps: [(s) => s.linear(1.25, -0.25 * 128)] },
  less_contrast: { name: 'less contrast', steps: [(s) => s.linear(0.78, 0.22 * 128)] },
  more_saturation: { name: 'more saturated', steps: [(s) => s.modulate({ saturation: 1.35 })] },
  less_saturation: { name: 'less saturated', steps: [(s) => s.modulate({ saturation: 0.6 })] },
  night: {
    name: 'night grade (darker, blue, less saturated)',
    steps: [(s) => s.modulate({ saturation: 0.5 }), (s) => s.linear([0.42, 0.5, 0.68], [0, 4, 18])],
  },
  sunset: {
    name: 'sunset grade (warm golden light)',
    steps: [
      (s) => s.linear([1.12, 0.98, 0.78], [14, 4, -12]),
      (s) => s.modulate({ saturation: 1.15 }),
    ],
  },
  vintage: {
    name: 'vintage (faded warm tones, lifted blacks)',
    steps: [
      (s) =>
        s.recomb(
          matrix([
            [0.72, 0.25, 0.06],
            [0.16, 0.74, 0.1],
            [0.12, 0.22, 0.6],
          ]),
        ),
      (s) => s.linear(0.86, 24),
    ],
  },
};

function toRaw(picture: Picture) {
  return sharp(picture.rgb, {
    raw: { width: picture.width, height: picture.height, channels: 3 },
  });
}

async function fromSharp(pipeline: Sharp): Promise<Picture> {
  const { data, info } = await pipeline
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: data };
}

/** The largest centred crop at `ratio`. */
function cropBox(width: number, height: number, [rw, rh]: [number, number]) {
  const target = rw / rh;
  if (width / height > target) {
    const w = Math.max(1, Math.round(height * target));
    return { left: Math.floor((width - w) / 2), top: 0, width: w, height };
  }
  const h = Math.max(1, Math.round(width / target));
  return { left: 0, top: Math.floor((height - h) / 2), width, height: h };
}

function describeOperation(op: EditOperation): string {
  switch (op.id) {
    case 'blur_background':
      return 'background blurred';
    case 'background_colour':
      return `background replaced with ${op.colour}`;
    case 'crop':
      return `cropped to ${op.ratio[0]}:${op.ratio[1]}`;
    case 'flip_horizontal':
      return 'flipped left to right';
    case 'flip_vertical':
      return 'flipped upside down';
    case 'rotate':
      return `rotated ${op.degrees}° clockwise`;
    default:
      return grades[op.id].name;
  }
}

async function applyOperation(
  picture: Picture,
  op: EditOperation,
  deps: InstructionEditDeps,
): Promise<Picture | undefined> {
  switch (op.id) {
    case 'crop':
      return fromSharp(toRaw(picture).extract(cropBox(picture.width, picture.height, op.ratio)));
    case 'flip_horizontal':
      return fromSharp(toRaw(picture).flop());
    case 'flip_vertical':
      return fromSharp(toRaw(picture).flip());
    case 'rotate':
      return fromSharp(toRaw(picture).rotate(op.degrees));
    case 'blur_background':
    case 'background_colour': {
      if (!deps.removeBackground) return undefined;
      const cutout = await deps.removeBackground(await encodePicture(picture));
      const ground =
        op.id === 'background_colour'
          ? sharp({
              create: {
                width: picture.width,
                height: picture.height,
                channels: 3,
                background: op.colour,
              },
            })
          : toRaw(picture).blur(
              Math.max(2, Math.round(Math.max(picture.width, picture.height) / 50)),
            );
      const base = await ground.png().toBuffer();
      const laid = await sharp(base)
        .composite([
          {
            input: await sharp(cutout)
              .resize(picture.width, picture.height, { fit: 'fill' })
              .png()
              .toBuffer(),
          },
        ])
        .png()
        .toBuffer();
      return fromSharp(sharp(laid));
    }
    default: {
      let graded = picture;
      for (const step of grades[op.id].steps) graded = await fromSharp(step(toRaw(graded)));
      return graded;
    }
  }
}

/**
 * Edits a picture by an instruction in words ("make it night and crop to square", "黑白",
 * "más cálido"), carrying out what a CPU can do faithfully, in the order named: colour
 * grades, crops, flips and turns, and, with the injected cut-out model, a blurred or plain
 * background. What it cannot do, it leaves undone and says so: the result is then the
 * picture with the understood operations, marked PREVIEW, for a GPU model to do properly.
 */
export async function editByInstruction(
  image: Buffer,
  instruction: string,
  deps: InstructionEditDeps = {},
  opts: EditOptions = {},
): Promise<InstructionEditResult> {
  let picture = flattenPicture(await readPicture(image));
  const { operations, notUnderstood } = parseInstruction(instruction);
  const applied: string[] = [];
  const done: string[] = [];
  const skipped: string[] = [];
  await checkpoint(opts, 0.05);
  for (const [i, op] of operations.entries()) {
    const next = await applyOperation(picture, op, deps);
    if (next) {
      picture = next;
      applied.push(op.id);
      done.push(describeOperation(op));
    } else {
      skipped.push(`${describeOperation(op)} (needs the background-removal model)`);
    }
    await checkpoint(opts, 0.05 + (0.85 * (i + 1)) / Math.max(1, operations.length));
  }
  const preview = applied.length === 0 || notUnderstood.length > 0 || skipped.length > 0;
  if (preview) {
    await drawPreviewMark(picture, { x: 0, y: 0, width: picture.width, height: picture.height });
  }
  const bytes = await encodePicture(picture);
  await checkpoint(opts, 1);
  const parts = [done.length ? `Applied: ${done.join(', ')}` : 'Nothing applied'];
  if (skipped.length) parts.push(`not done: ${skipped.join(', ')}`);
  if (notUnderstood) parts.push(`not understood: "${notUnderstood}"`);
  return {
    bytes,
    width: picture.width,
    height: picture.height,
    description: `${parts.join('; ')}.`,
    applied,
    preview,
  };
}
