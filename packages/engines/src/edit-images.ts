import type { OutpaintSettings } from '@lumen/contracts/image-tools';
import type { TaskType } from '@lumen/contracts/task-types';
import { readImageInfo } from './comfyui/image-size';
import type { EngineIO, EngineOutput, EngineTask } from './engine';

/** Loaded on first use: a GPU worker that never edits pictures skips sharp's addon. */
async function loadSharp() {
  return (await import('sharp')).default;
}

export type Size = { width: number; height: number };

/** The tools that repaint what a mask covers (white where the edit goes). */
export const maskedTaskTypes: ReadonlySet<TaskType> = new Set<TaskType>(['inpaint', 'erase']);

/**
 * What the eraser asks a generative model for: nothing new, only what surrounds the hole.
 * Shared by every engine whose model needs words to fill a masked area.
 */
export const ERASE_PROMPT = 'clean background, seamless continuation of the surroundings';

/** What an expand asks for when the user gave no prompt. */
export const OUTPAINT_PROMPT = 'the same scene continued naturally beyond the edges, seamless';

/** A picture's size from its header (PNG, JPEG, WebP), or from sharp for anything else. */
export async function readSize(bytes: Buffer): Promise<Size> {
  const info = readImageInfo(bytes);
  if (info) return { width: info.width, height: info.height };
  const sharp = await loadSharp();
  const meta = await sharp(bytes).metadata();
  return { width: meta.width, height: meta.height };
}

/**
 * The mask as a one-channel PNG of exactly the picture's size, white where the edit goes.
 * The gateway only checks the mask's shape, so an editor may send it at another size; and a
 * mask drawn as white strokes on a transparent layer counts its transparent parts as black.
 */
export async function fitMask(mask: Buffer, size: Size): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(mask)
    .flatten({ background: '#000000' })
    .greyscale()
    .resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
    .toColourspace('b-w')
    .png()
    .toBuffer();
}

/**
 * OpenAI's mask convention, the opposite of ours: an RGBA PNG of the picture's size whose
 * transparent pixels mark the area to edit. White in our mask becomes alpha 0.
 */
export async function maskAsTransparency(mask: Buffer, size: Size): Promise<Buffer> {
  const sharp = await loadSharp();
  const alpha = await sharp(await fitMask(mask, size))
    .negate()
    .extractChannel(0)
    .raw()
    .toBuffer();
  return sharp({
    create: { width: size.width, height: size.height, channels: 3, background: '#000000' },
  })
    .joinChannel(alpha, { raw: { width: size.width, height: size.height, channels: 1 } })
    .png()
    .toBuffer();
}

/** The expanded canvas: the picture with each side grown by its padding. */
export function outpaintCanvas(size: Size, padding: OutpaintSettings): Size {
  return {
    width: size.width + padding.left + padding.right,
    height: size.height + padding.top + padding.bottom,
  };
}

/**
 * How far the result reaches past the user's mask when it is laid back on the picture, in the
 * picture's pixels: the models blend a little around what they repaint, and an eraser must
 * take the object's fringe too (ComfyUI's graphs grow the mask by 8 px, 16 px for the eraser),
 * so the result is kept in full that far out and fades over as much again.
 */
function blendBand(taskType: TaskType, size: Size): number {
  const least = taskType === 'erase' ? 16 : 8;
  return Math.max(least, Math.round(Math.max(size.width, size.height) / 128));
}

async function layOnPicture(
  result: Buffer,
  picture: Buffer,
  mask: Buffer,
  band: number,
  size: Size,
): Promise<Buffer> {
  const sharp = await loadSharp();
  // Grown by one and a half bands and blurred by a quarter band: full strength out to about
  // one band past the brush, fading to nothing at about two. sharp's morphology takes dark
  // pixels for the foreground, so growing the white area is its `erode` (the tests hold it).
  const alpha = await sharp(await fitMask(mask, size))
    .erode(Math.round(band * 1.5))
    .blur(band / 4)
    .extractChannel(0)
    .raw()
    .toBuffer();
  // sharp applies removeAlpha late in its pipeline, so the opaque pixels are taken first.
  const rgb = await sharp(result).removeAlpha().raw().toBuffer();
  const raw = { width: size.width, height: size.height };
  const repaint = await sharp(rgb, { raw: { ...raw, channels: 3 } })
    .joinChannel(alpha, { raw: { ...raw, channels: 1 } })
    .png()
    .toBuffer();
  return sharp(picture)
    .removeAlpha()
    .composite([{ input: repaint }])
    .removeAlpha()
    .png()
    .toBuffer();
}

async function resizeTo(image: Buffer, size: Size): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(image)
    .resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
    .png()
    .toBuffer();
}

/** The original picture laid back at its place on the expanded canvas, pixel for pixel. */
async function keepOriginal(
  result: Buffer,
  picture: Buffer,
  padding: OutpaintSettings,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const original = await sharp(picture).removeAlpha().png().toBuffer();
  return sharp(result)
    .removeAlpha()
    .composite([{ input: original, left: padding.left, top: padding.top }])
    .png()
    .toBuffer();
}

/**
 * The same last step for the editing tools on every engine, so that a model's habits do not
 * leak into the result: repaint and eraser results come back at the picture's exact size with
 * everything outside the mask (and its blend band) as it was; an instruction edit at the
 * picture's size; an expand at its planned canvas with the original pixels where they were.
 * Models that already do this (ComfyUI's graphs, Bria) pass through unchanged in substance.
 */
export async function finishEdit(
  task: EngineTask,
  io: Pick<EngineIO, 'readInput'>,
  outputs: EngineOutput[],
): Promise<EngineOutput[]> {
  const edits = task.taskType === 'image_edit' || task.taskType === 'outpaint';
  const [pictureKey] = task.inputs.images;
  if (!pictureKey || (!edits && !maskedTaskTypes.has(task.taskType))) return outputs;
  const maskKey = task.inputs.masks?.[0];
  const padding = task.settings.outpaint;
  if (task.taskType === 'outpaint' && !padding) return outputs;
  if (maskedTaskTypes.has(task.taskType) && !maskKey) return outputs;

  const picture = await io.readInput(pictureKey);
  const size = await readSize(picture);
  const mask = maskKey ? await io.readInput(maskKey) : undefined;
  const target = padding && task.taskType === 'outpaint' ? outpaintCanvas(size, padding) : size;
  return Promise.all(
    outputs.map(async (output): Promise<EngineOutput> => {
      if (output.kind !== 'image') return output;
      let bytes = output.bytes;
      const made = await readSize(bytes);
      if (made.width !== target.width || made.height !== target.height) {
        bytes = await resizeTo(bytes, target);
      }
      if (mask && maskedTaskTypes.has(task.taskType)) {
        bytes = await layOnPicture(bytes, picture, mask, blendBand(task.taskType, size), size);
      } else if (padding && task.taskType === 'outpaint') {
        bytes = await keepOriginal(bytes, picture, padding);
      } else if (bytes === output.bytes) {
        return output;
      }
      return { ...output, mime: 'image/png', bytes, ...target };
    }),
  );
}
