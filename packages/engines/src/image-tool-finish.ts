import type { CutoutBackground } from '@lumen/contracts/image-tools';
import { finishEdit } from './edit-images';
import type { EngineIO, EngineOutput, EngineTask } from './engine';
import { finishStudio } from './studio-finish';

/** Loaded on first use: a GPU worker that never enhances or cuts out skips sharp's addon. */
async function loadSharp() {
  return (await import('sharp')).default;
}

export type Composited = { bytes: Buffer; width: number; height: number };

/** Blur radius of a blurred background: about 2 % of the picture's long side, as a portrait lens. */
function blurSigma(width: number, height: number): number {
  return Math.max(2, Math.round(Math.max(width, height) / 50));
}

/**
 * Lays a cut-out (an RGBA PNG) on its background: a solid colour, a blurred copy of the
 * original picture, or another picture cover-fitted to the cut-out's size. The result is an
 * opaque PNG (no alpha channel); a transparent background gives the cut-out back unchanged.
 */
export async function composeCutout(
  cutout: Buffer,
  background: CutoutBackground,
  sources: { original?: Buffer; picture?: Buffer } = {},
): Promise<Composited> {
  const sharp = await loadSharp();
  const meta = await sharp(cutout).metadata();
  const { width, height } = meta;
  if (background.kind === 'transparent') return { bytes: cutout, width, height };
  if (background.kind === 'colour') {
    const bytes = await sharp(cutout).flatten({ background: background.colour }).png().toBuffer();
    return { bytes, width, height };
  }
  const source = background.kind === 'blur' ? sources.original : sources.picture;
  if (!source) throw new Error(`A ${background.kind} background needs its picture`);
  let ground = sharp(source)
    .rotate()
    .removeAlpha()
    .resize(width, height, {
      fit: background.kind === 'blur' ? 'fill' : 'cover',
      kernel: 'lanczos3',
    });
  if (background.kind === 'blur') ground = ground.blur(blurSigma(width, height));
  const base = await ground.png().toBuffer();
  const laid = await sharp(base)
    .composite([{ input: cutout }])
    .png()
    .toBuffer();
  // composite keeps an alpha channel when its overlay has one; the result is opaque anyway.
  const bytes = await sharp(laid).removeAlpha().png().toBuffer();
  return { bytes, width, height };
}

/** Resizes an enhance's result to the exact size the gateway planned (4K), with Lanczos. */
export async function resizeExactly(
  image: Buffer,
  width: number,
  height: number,
): Promise<Composited> {
  const sharp = await loadSharp();
  const bytes = await sharp(image)
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .png()
    .toBuffer();
  return { bytes, width, height };
}

/**
 * The same last step for every engine's image tools, so a choice gives the same result on
 * the CPU, ComfyUI and the hosted APIs: an enhance is brought to its planned size (a 4K
 * choice after a 4× or 2× network pass), and a cut-out is laid on its chosen background (the
 * models only cut out; the compositing is ours); an edit keeps the picture's size and the
 * pixels it was not asked to change (`finishEdit`); a studio's pictures become its results
 * (`finishStudio`). Other tasks pass through unchanged.
 */
export async function finishImageTool(
  task: EngineTask,
  io: Pick<EngineIO, 'readInput'>,
  outputs: EngineOutput[],
): Promise<EngineOutput[]> {
  const { upscale, background } = task.settings;
  if (task.taskType === 'logo' || task.taskType === 'tattoo')
    return finishStudio(task, io, outputs);
  if (task.taskType === 'upscale' && upscale) {
    return Promise.all(
      outputs.map(async (output) => {
        if (output.kind !== 'image') return output;
        if (output.width === upscale.width && output.height === upscale.height) return output;
        const out = await resizeExactly(output.bytes, upscale.width, upscale.height);
        return { ...output, mime: 'image/png', ...out };
      }),
    );
  }
  if (task.taskType === 'remove_bg' && background && background.kind !== 'transparent') {
    const [originalKey, pictureKey] = task.inputs.images;
    const sources = {
      original:
        background.kind === 'blur' && originalKey ? await io.readInput(originalKey) : undefined,
      picture:
        background.kind === 'image' && pictureKey ? await io.readInput(pictureKey) : undefined,
    };
    return Promise.all(
      outputs.map(async (output) => {
        if (output.kind !== 'image') return output;
        const out = await composeCutout(output.bytes, background, sources);
        return { ...output, mime: 'image/png', ...out };
      }),
    );
  }
  return finishEdit(task, io, outputs);
}
