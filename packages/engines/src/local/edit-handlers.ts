import type { EngineOutput, EngineTask } from '../engine';
import type { EditResult } from './edit/edit-image';
import { eraseMasked } from './edit/erase';
import { inpaintPreview } from './edit/inpaint';
import { outpaintCanvas } from './edit/outpaint';
import { vectorizeImage } from './edit/vectorize';
import type { LocalTaskContext, LocalTaskHandler } from './local-tasks';

const pictureOutput = (made: EditResult, task: EngineTask): EngineOutput => ({
  kind: 'image',
  mime: 'image/png',
  bytes: made.bytes,
  width: made.width,
  height: made.height,
  seed: task.settings.seed,
  description: made.description,
});

const editOptions = (ctx: LocalTaskContext) => ({ report: ctx.report, signal: ctx.io.signal });

/**
 * The editing tools on the CPU: the eraser is real (inpainting from the surroundings); repaint
 * and expand are previews that show where and what a GPU model would paint, marked as such.
 */
export const editHandlers = {
  erase: async (task, ctx) => {
    const [image, mask] = await Promise.all([ctx.readImage(0), ctx.readMask()]);
    return [pictureOutput(await eraseMasked(image, mask, editOptions(ctx)), task)];
  },
  inpaint: async (task, ctx) => {
    const [image, mask] = await Promise.all([ctx.readImage(0), ctx.readMask()]);
    const { prompt, seed } = task.settings;
    return [pictureOutput(await inpaintPreview(image, mask, prompt, seed, editOptions(ctx)), task)];
  },
  outpaint: async (task, ctx) => {
    const padding = task.settings.outpaint;
    if (!padding) throw new Error('outpaint needs the padding the gateway plans');
    const image = await ctx.readImage(0);
    const made = await outpaintCanvas(image, { expand: padding, ...editOptions(ctx) });
    return [pictureOutput(made, task)];
  },
  /** The SVG first (the result), then its PNG render for downloads that want pixels. */
  vectorize: async (task, ctx) => {
    const image = await ctx.readImage(0);
    const preset = task.settings.vectorize?.preset ?? 'detailed';
    const made = await vectorizeImage(image, preset, editOptions(ctx));
    const common = { kind: 'image', width: made.width, height: made.height } as const;
    return [
      { ...common, mime: 'image/svg+xml', bytes: made.svg, description: made.description },
      {
        ...common,
        mime: 'image/png',
        bytes: made.png,
        description: `PNG render: ${made.description}`,
      },
    ];
  },
} satisfies Record<string, LocalTaskHandler>;
