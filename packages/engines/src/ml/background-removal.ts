import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp, { type Metadata } from 'sharp';
import type * as BackgroundRemoval from '@imgly/background-removal-node';
import { throwIfAborted } from '../local/cancellation';

const require = createRequire(import.meta.url);

export type CutOut = { bytes: Buffer; width: number; height: number };

/**
 * Cuts the subject out of a PNG/JPEG/WebP: the result is an RGBA PNG of the same size whose
 * alpha is the model's foreground mask. `onProgress` gets 0–1 and may reject to stop.
 */
export type BackgroundRemover = (
  image: Buffer,
  onProgress?: (fraction: number) => void | Promise<void>,
  signal?: AbortSignal,
) => Promise<CutOut>;

/**
 * IS-Net in @imgly/background-removal-node: `small` (44 MB, int8-quantised, about 4 s for 512²
 * on a busy 2-core CPU) or `medium` (88 MB, fp16, slightly cleaner edges, about 1.5× slower).
 * Both run at 1024×1024 whatever the input size, so the time hardly depends on the input.
 */
export type BackgroundModel = 'small' | 'medium';

/**
 * Longest input side. The network sees 1024² anyway; the library resizes in plain JavaScript,
 * so this bounds one job's memory (4096² RGBA is 64 MB, held twice) and its resize time.
 */
export const MAX_CUTOUT_SIDE = 4096;

type Library = typeof BackgroundRemoval;

let library: Promise<Library> | undefined;

/** The library pulls in onnxruntime's native addon, so a process that never cuts out skips it. */
function loadLibrary(): Promise<Library> {
  library ??= import('@imgly/background-removal-node').catch((error: unknown) => {
    library = undefined;
    throw new Error('Could not load @imgly/background-removal-node (onnxruntime-node)', {
      cause: error,
    });
  });
  return library;
}

/**
 * The folder the package ships its model chunks and resources.json in, as a file:// prefix.
 * The library's own default assumes the process runs from the repository root; a worker
 * started anywhere else would look for the model in the wrong place.
 */
function modelDirectoryUrl(): string {
  let entry: string;
  try {
    entry = require.resolve('@imgly/background-removal-node');
  } catch (error) {
    throw new Error('@imgly/background-removal-node is not installed next to @lumen/engines', {
      cause: error,
    });
  }
  return `${pathToFileURL(dirname(entry)).href}/`;
}

type Decoded = { rgba: Buffer; width: number; height: number; hadAlpha: boolean };

async function decode(image: Buffer): Promise<Decoded> {
  let meta: Metadata;
  try {
    meta = await sharp(image).metadata();
  } catch (error) {
    throw new Error(
      'Background removal needs a PNG, JPEG or WebP image; these bytes do not decode',
      {
        cause: error,
      },
    );
  }
  if (Math.max(meta.width, meta.height) > MAX_CUTOUT_SIDE) {
    throw new Error(
      `Background removal takes images up to ${MAX_CUTOUT_SIDE} px on the longest side; ` +
        `this one is ${meta.width}×${meta.height}`,
    );
  }
  // rotate() applies the EXIF orientation; grey and CMYK pictures become 4-channel sRGB, the
  // only layout the library's tensors handle.
  const { data, info } = await sharp(image)
    .rotate()
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { rgba: data, width: info.width, height: info.height, hadAlpha: meta.hasAlpha };
}

/**
 * Creates a remover. The model is read from the package's folder and its ONNX session built
 * once per process, on first use: the library memoises the session by its configuration,
 * which is why every call passes the same configuration object and no progress callback
 * (a callback would be kept from the first call and report into that task forever).
 */
export function createBackgroundRemover(
  options: { model?: BackgroundModel } = {},
): BackgroundRemover {
  const model = options.model ?? 'small';
  let config: { publicPath: string; model: BackgroundModel; output: { format: 'image/x-rgba8' } };
  return async (image, onProgress, signal) => {
    throwIfAborted(signal);
    const input = await decode(image);
    await onProgress?.(0.05);
    const { removeBackground } = await loadLibrary();
    config ??= { publicPath: modelDirectoryUrl(), model, output: { format: 'image/x-rgba8' } };
    throwIfAborted(signal);
    const source = new Blob([input.rgba], {
      type: `image/x-rgba8;width=${input.width};height=${input.height}`,
    });
    const cut = Buffer.from(await (await removeBackground(source, config)).arrayBuffer());
    throwIfAborted(signal);
    await onProgress?.(0.95);
    if (cut.length !== input.width * input.height * 4) {
      throw new Error('Background removal answered a mask of the wrong size');
    }
    if (input.hadAlpha) {
      // A pixel transparent in the input stays transparent: keep the lower of the two alphas.
      for (let i = 3; i < cut.length; i += 4) cut[i] = Math.min(cut[i]!, input.rgba[i]!);
    }
    const bytes = await sharp(cut, {
      raw: { width: input.width, height: input.height, channels: 4 },
    })
      .png()
      .toBuffer();
    return { bytes, width: input.width, height: input.height };
  };
}
