import sharp, { type Metadata } from 'sharp';
import { throwIfAborted } from '../local/cancellation';
import { loadEsrgan, planTiles, upscaleTile, type UpscaleScale } from './esrgan';
import { loadTf } from './tf-runtime';

export type { UpscaleScale } from './esrgan';

export type UpscaleResult = { bytes: Buffer; width: number; height: number };

/**
 * Upscales a PNG/JPEG/WebP by 2 or 4 with ESRGAN slim; the result is a PNG. `onProgress` gets
 * the fraction of tiles done after each tile and may reject to stop (the local engine's
 * reporter does when the task is cancelled); an aborted `signal` stops before the next tile.
 */
export type Upscaler = (
  image: Buffer,
  scale: UpscaleScale,
  onProgress?: (fraction: number) => void | Promise<void>,
  signal?: AbortSignal,
) => Promise<UpscaleResult>;

/**
 * Longest input side per scale: both cap the output at 4096 px (UPSCALE_MAX_OUTPUT_SIDE),
 * which bounds one job's buffers (4096² RGB is 48 MB) and its run time on a 2-core CPU:
 * the 4× network does most of its work at the input size, so 1024→4096 costs about what
 * 2× of the same input does (docs/performance.md has the figures).
 */
export const MAX_INPUT_SIDE: Record<UpscaleScale, number> = { 2: 2048, 4: 1024 };

/** Input pixels per tile side; 128 is the patch size the slim models were trained on. */
export const DEFAULT_TILE_SIZE = 128;

export type UpscalerOptions = {
  /** Input pixels per tile side: smaller tiles block the event loop for less time each. */
  tileSize?: number;
};

type Decoded = { rgb: Buffer; width: number; height: number; hasAlpha: boolean };

async function decode(image: Buffer, scale: UpscaleScale): Promise<Decoded> {
  let meta: Metadata;
  try {
    meta = await sharp(image).metadata();
  } catch (error) {
    throw new Error('Upscaling needs a PNG, JPEG or WebP image; these bytes do not decode', {
      cause: error,
    });
  }
  const longest = Math.max(meta.width, meta.height);
  if (longest > MAX_INPUT_SIDE[scale]) {
    throw new Error(
      `${scale}× upscaling takes images up to ${MAX_INPUT_SIDE[scale]} px on the longest side; ` +
        `this one is ${meta.width}×${meta.height}`,
    );
  }
  // rotate() applies the EXIF orientation, so the output stands the way the input displays.
  const { data, info } = await sharp(image)
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { rgb: data, width: info.width, height: info.height, hasAlpha: meta.hasAlpha };
}

/**
 * ESRGAN is trained on RGB only, so transparency is resized on its own with lanczos, which
 * keeps cut-out edges crisp without inventing detail in the mask.
 */
function upscaleAlpha(image: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(image)
    .rotate()
    .ensureAlpha()
    .extractChannel('alpha')
    .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
    .raw({ depth: 'uchar' })
    .toBuffer();
}

/** Lets timers, I/O and abort signals run between tiles: each tile blocks the thread. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Creates an upscaler. 2× and 4× each use their own slim network (esrgan-slim ships both), so
 * 4× is one pass, not two 2× passes. Images are processed in tiles with padding so memory
 * stays bounded whatever the input size, and progress is reported per tile.
 */
export function createUpscaler(options: UpscalerOptions = {}): Upscaler {
  const tileSize = Math.max(16, Math.floor(options.tileSize ?? DEFAULT_TILE_SIZE));
  return async (image, scale, onProgress, signal) => {
    if (scale !== 2 && scale !== 4) {
      throw new Error(`Upscaling supports 2× and 4×, not ${String(scale)}×`);
    }
    throwIfAborted(signal);
    const input = await decode(image, scale);
    const [tf, model] = await Promise.all([loadTf(), loadEsrgan(scale)]);
    const width = input.width * scale;
    const height = input.height * scale;
    const rowBytes = width * 3;
    const rgb = Buffer.alloc(height * rowBytes);
    const tiles = planTiles(input.width, input.height, tileSize);
    const tensor = tf.tensor4d(Float32Array.from(input.rgb), [1, input.height, input.width, 3]);
    try {
      for (const [index, tile] of tiles.entries()) {
        throwIfAborted(signal);
        const pixels = await upscaleTile(tf, model, tensor, tile, scale);
        const tileRow = tile.width * scale * 3;
        for (let row = 0; row < tile.height * scale; row++) {
          const target = (tile.y * scale + row) * rowBytes + tile.x * scale * 3;
          rgb.set(pixels.subarray(row * tileRow, (row + 1) * tileRow), target);
        }
        await onProgress?.((index + 1) / tiles.length);
        await yieldToEventLoop();
      }
    } finally {
      tensor.dispose();
    }
    throwIfAborted(signal);
    let out = sharp(rgb, { raw: { width, height, channels: 3 } });
    if (input.hasAlpha) {
      const alpha = await upscaleAlpha(image, width, height);
      out = out.joinChannel(alpha, { raw: { width, height, channels: 1 } });
    }
    return { bytes: await out.png().toBuffer(), width, height };
  };
}
