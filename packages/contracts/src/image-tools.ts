import { z } from 'zod';

/**
 * Enhance choices (spec "Enhance 2x and 4x", "4K enhancement"): twice or four times the
 * picture's size, or 4K, whose long side lands on UPSCALE_4K_LONG_SIDE whatever the input.
 */
export const upscaleChoices = [2, 4, '4k'] as const;
export type UpscaleChoice = (typeof upscaleChoices)[number];
export const upscaleChoiceSchema = z.union([z.literal(2), z.literal(4), z.literal('4k')]);

/** The long side of a 4K result: UHD's 3840, inside the 3840–4096 band that 4K names. */
export const UPSCALE_4K_LONG_SIDE = 3840;
/** No enhance result is longer than this: it bounds a job's buffers and its run time. */
export const UPSCALE_MAX_OUTPUT_SIDE = 4096;
/** The upscaling networks go at most 4× in one pass; 4K from less would be mostly blur. */
export const UPSCALE_MAX_FACTOR = 4;
/** The smallest long side 4K is made from: 960 × 4 = 3840. */
export const UPSCALE_4K_MIN_INPUT_SIDE = Math.ceil(UPSCALE_4K_LONG_SIDE / UPSCALE_MAX_FACTOR);

/**
 * What an enhance makes of a width×height picture: the exact output size and the network
 * pass that gets there (2× or 4×; 4K resizes that pass's result to the exact size). Refused
 * when the choice would pass UPSCALE_MAX_OUTPUT_SIDE or, for 4K, needs more than 4×.
 */
export type UpscalePlan =
  | { ok: true; width: number; height: number; modelScale: 2 | 4 }
  | { ok: false; reason: 'too_small' | 'too_large'; limit: number };

export function planUpscale(choice: UpscaleChoice, width: number, height: number): UpscalePlan {
  const long = Math.max(width, height);
  if (choice !== '4k') {
    const limit = Math.floor(UPSCALE_MAX_OUTPUT_SIDE / choice);
    if (long > limit) return { ok: false, reason: 'too_large', limit };
    return { ok: true, width: width * choice, height: height * choice, modelScale: choice };
  }
  if (long < UPSCALE_4K_MIN_INPUT_SIDE) {
    return { ok: false, reason: 'too_small', limit: UPSCALE_4K_MIN_INPUT_SIDE };
  }
  const largest = UPSCALE_MAX_OUTPUT_SIDE / 2;
  if (long > largest) return { ok: false, reason: 'too_large', limit: largest };
  const fit = (side: number) => Math.max(1, Math.round((side * UPSCALE_4K_LONG_SIDE) / long));
  // The largest network pass that stays within the output cap; the resize after it is a
  // small step down (4×) or up (2× of a picture between 1025 and 2048 px).
  const modelScale = long * 4 <= UPSCALE_MAX_OUTPUT_SIDE ? 4 : 2;
  return { ok: true, width: fit(width), height: fit(height), modelScale };
}

/** An enhance as the engines receive it: the choice and the exact size it makes. */
export const upscaleSettingsSchema = z.object({
  scale: upscaleChoiceSchema,
  width: z.number().int().min(1).max(UPSCALE_MAX_OUTPUT_SIDE),
  height: z.number().int().min(1).max(UPSCALE_MAX_OUTPUT_SIDE),
});
export type UpscaleSettings = z.infer<typeof upscaleSettingsSchema>;

export const hexColourSchema = z
  .string()
  .regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, 'must be a colour such as #00ff00');

/** `#rgb` → `#rrggbb`, lower case. */
export function fullHexColour(colour: string): string {
  const hex = colour.slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

/**
 * What a cut-out stands on: nothing (an RGBA PNG), a solid colour, a blurred copy of the
 * original picture, or a picture of the user's (the task's second input image).
 */
export const cutoutBackgroundSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('transparent') }),
  z.object({ kind: z.literal('colour'), colour: z.string().regex(/^#[0-9a-f]{6}$/) }),
  z.object({ kind: z.literal('blur') }),
  z.object({ kind: z.literal('image') }),
]);
export type CutoutBackground = z.infer<typeof cutoutBackgroundSchema>;

/** The gateway's `params.background`: `transparent`, `blur`, `#rrggbb`/`#rgb`, or a media key. */
export type BackgroundParam =
  | { kind: 'transparent' }
  | { kind: 'blur' }
  | { kind: 'colour'; colour: string }
  | { kind: 'image'; key: string };

export function readBackgroundParam(value: string): BackgroundParam {
  const text = value.trim();
  if (text === 'transparent' || text === '') return { kind: 'transparent' };
  if (text === 'blur') return { kind: 'blur' };
  if (text.startsWith('#')) {
    if (!hexColourSchema.safeParse(text).success) throw new Error('not a colour');
    return { kind: 'colour', colour: fullHexColour(text) };
  }
  return { kind: 'image', key: text };
}

/** The longest side an expanded picture may have. */
export const OUTPAINT_MAX_OUTPUT_SIDE = 4096;

/** How far a magic expand grows each side of the picture, in the picture's pixels. */
export const outpaintSettingsSchema = z.object({
  left: z.number().int().min(0),
  right: z.number().int().min(0),
  top: z.number().int().min(0),
  bottom: z.number().int().min(0),
});
export type OutpaintSettings = z.infer<typeof outpaintSettingsSchema>;

export type OutpaintPlan =
  | { ok: true; padding: OutpaintSettings; width: number; height: number }
  | { ok: false; reason: 'no_growth' | 'too_large'; limit: number };

/**
 * The canvas a magic expand makes of a width×height picture: to a ratio (`w:h`), centred,
 * growing only the sides the ratio needs; or by pixels per side. The editor, the gateway and
 * every engine lay the canvas out with this one function.
 */
export function planOutpaint(
  width: number,
  height: number,
  how: { ratio?: string; expand?: OutpaintSettings },
): OutpaintPlan {
  let padding: OutpaintSettings = { left: 0, right: 0, top: 0, bottom: 0 };
  if (how.expand) {
    padding = { ...how.expand };
  } else if (how.ratio) {
    const [a, b] = how.ratio.split(':').map(Number) as [number, number];
    const target = a / b;
    if (width / height < target) {
      const grow = Math.round(height * target) - width;
      padding = { ...padding, left: Math.floor(grow / 2), right: Math.ceil(grow / 2) };
    } else {
      const grow = Math.round(width / target) - height;
      padding = { ...padding, top: Math.floor(grow / 2), bottom: Math.ceil(grow / 2) };
    }
  }
  const outWidth = width + padding.left + padding.right;
  const outHeight = height + padding.top + padding.bottom;
  if (outWidth === width && outHeight === height) {
    return { ok: false, reason: 'no_growth', limit: 0 };
  }
  if (Math.max(outWidth, outHeight) > OUTPAINT_MAX_OUTPUT_SIDE) {
    return { ok: false, reason: 'too_large', limit: OUTPAINT_MAX_OUTPUT_SIDE };
  }
  return { ok: true, padding, width: outWidth, height: outHeight };
}
