import { planOutpaint } from '@lumen/contracts/image-tools';
/** The ratios the magic expand offers, width:height. */
export const outpaintRatios = ['16:9', '9:16', '4:3', '3:4', '1:1', '3:2', '2:3', '21:9'] as const;
export type OutpaintRatio = (typeof outpaintRatios)[number];

export type Padding = { left: number; right: number; top: number; bottom: number };

export type OutpaintOptions = {
  /** Pad to this ratio, the picture centred. */
  whRatio?: OutpaintRatio;
  /** Pad by these many pixels on each side (applied before a ratio, when both are given). */
  expand?: Padding;
  /** Longest side of the result; a larger canvas is scaled down whole. Default 2048. */
  maxSide?: number;
};

export type OutpaintPlan = {
  /** New pixels on each side, at the input's scale. */
  padding: Padding;
  /** The padded canvas at the input's scale. */
  canvasWidth: number;
  canvasHeight: number;
  /** The result's size: the canvas, scaled down when its long side passes `maxSide`. */
  width: number;
  height: number;
  /** Result pixels per input pixel (1 unless the canvas was scaled down). */
  scale: number;
};

export const defaultOutpaintMaxSide = 2048;

const whole = (v: number | undefined): number => Math.max(0, Math.round(v ?? 0));

/**
 * The magic expand's arithmetic, shared by the CPU fill, the ComfyUI workflow and the web's
 * preview of the new frame: the padding that brings a `width × height` picture to the ratio
 * (centred, odd pixels going right and bottom) or by the given pixels, and the result's size.
 * A picture already at the ratio gets no padding on that account.
 */
export function outpaintPadding(
  width: number,
  height: number,
  opts: OutpaintOptions,
): OutpaintPlan {
  const padding: Padding = {
    left: whole(opts.expand?.left),
    right: whole(opts.expand?.right),
    top: whole(opts.expand?.top),
    bottom: whole(opts.expand?.bottom),
  };
  let canvasWidth = width + padding.left + padding.right;
  let canvasHeight = height + padding.top + padding.bottom;
  if (opts.whRatio) {
    // The ratio's padding is the gateway's and the editor's own arithmetic (planOutpaint).
    const plan = planOutpaint(canvasWidth, canvasHeight, { ratio: opts.whRatio });
    if (plan.ok) {
      padding.left += plan.padding.left;
      padding.right += plan.padding.right;
      padding.top += plan.padding.top;
      padding.bottom += plan.padding.bottom;
      canvasWidth = plan.width;
      canvasHeight = plan.height;
    }
  }
  const maxSide = Math.max(1, Math.round(opts.maxSide ?? defaultOutpaintMaxSide));
  const scale = Math.min(1, maxSide / Math.max(canvasWidth, canvasHeight));
  return {
    padding,
    canvasWidth,
    canvasHeight,
    width: Math.max(1, Math.round(canvasWidth * scale)),
    height: Math.max(1, Math.round(canvasHeight * scale)),
    scale,
  };
}
