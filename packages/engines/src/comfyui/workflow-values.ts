import {
  resolutionHeights,
  type EngineSettings,
  type VideoStyle,
} from '@lumen/contracts/generation';
import { OUTPAINT_PROMPT, outpaintCanvas, type Size } from '../edit-images';
import type { OutputMedia } from './workflow-templates';

export type WorkflowValues = Record<string, string | number>;

/** Latent models work in 8 px blocks and FLUX/Wan patchify them in pairs: keep sides ÷16. */
const sideStep = 16;

function ratioParts(ratio: string): [number, number] {
  const [w, h] = ratio.split(':').map(Number);
  return [w && w > 0 ? w : 1, h && h > 0 ? h : 1];
}

function roundSide(px: number): number {
  return Math.max(sideStep, Math.round(px / sideStep) * sideStep);
}

/** Image size: the longest side is `size`, the other follows the ratio. */
export function imageDimensions(ratio: string, size: number): { width: number; height: number } {
  const [w, h] = ratioParts(ratio);
  return w >= h
    ? { width: roundSide(size), height: roundSide((size * h) / w) }
    : { width: roundSide((size * w) / h), height: roundSide(size) };
}

/**
 * Video size: the *short* side is the resolution's height, as video models are trained
 * (Wan 720p is 1280×720 and 720×1280), so a portrait clip keeps its resolution.
 */
export function videoDimensions(
  ratio: string,
  resolution: EngineSettings['resolution'],
): { width: number; height: number } {
  const short = resolutionHeights[resolution];
  const [w, h] = ratioParts(ratio);
  return w >= h
    ? { width: roundSide((short * w) / h), height: roundSide(short) }
    : { width: roundSide(short), height: roundSide((short * h) / w) };
}

/** The pixels an editing model works on: FLUX Fill and Kontext are trained at about 1 MP. */
const editWorkPixels = 1024 * 1024;

/**
 * The size an edit is worked at: the canvas's shape at about one megapixel, sides ÷16. A 4K
 * photo is worked small and scaled back (the graph then keeps the original's pixels outside
 * the mask); a small one is worked larger, which the models handle better than tiny latents.
 */
export function editWorkDimensions(canvas: Size): Size {
  const scale = Math.sqrt(editWorkPixels / (canvas.width * canvas.height));
  return { width: roundSide(canvas.width * scale), height: roundSide(canvas.height * scale) };
}

/** Wan's VAE compresses time by 4 and keeps the first frame: lengths are 4k + 1. */
export function videoFrameCount(durationS: number, fps: number): number {
  const frames = Math.max(1, Math.round(durationS * fps));
  return Math.round((frames - 1) / 4) * 4 + 1;
}

/** More steps for the professional model; the rest use each family's usual default. */
const steps: Record<OutputMedia, { standard: number; professional: number }> = {
  image: { standard: 20, professional: 30 },
  video: { standard: 20, professional: 30 },
  model: { standard: 30, professional: 50 },
};

/** Style words appended to a video prompt; `original` and `realistic` add nothing. */
const videoStylePhrases: Record<VideoStyle, string> = {
  original: '',
  realistic: '',
  ink_wash: 'Chinese ink wash painting style',
  van_gogh: 'in the style of a Van Gogh oil painting',
  miyazaki: 'Studio Ghibli style hand-drawn animation',
  barbie: 'Barbie style, pastel pink, glossy plastic look',
  cyberpunk: 'cyberpunk style, neon lights, rainy night city',
  cartoon: 'cartoon style, bold outlines, flat colours',
  anime: 'anime style',
  vector_art: 'flat vector art style',
  abstract: 'abstract art style',
  watercolor: 'watercolor painting style',
};

function styledPrompt(prompt: string, style: string): string {
  const phrase = (videoStylePhrases as Record<string, string | undefined>)[style];
  return phrase ? `${prompt}, ${phrase}` : prompt;
}

export type WorkflowInputs = {
  media: OutputMedia;
  taskId: string;
  /** Names ComfyUI gave the uploaded input images, in the task's order. */
  imageNames: string[];
  /** The first input picture's size, read from its header; the editing graphs size from it. */
  imageSize?: Size;
  /** The name ComfyUI gave the uploaded mask. */
  maskName?: string;
};

/** The values a template's `{{placeholders}}` are filled with. */
export function buildWorkflowValues(
  settings: EngineSettings,
  inputs: WorkflowInputs,
): WorkflowValues {
  const video = inputs.media === 'video';
  const { width, height } = video
    ? videoDimensions(settings.ratio, settings.resolution)
    : imageDimensions(settings.ratio, settings.size);
  const values: WorkflowValues = {
    prompt: video ? styledPrompt(settings.prompt, settings.style) : settings.prompt,
    negative_prompt: settings.negativePrompt,
    seed: settings.seed,
    width,
    height,
    megapixels: Math.round((width * height) / 10_000) / 100,
    batch_size: settings.count,
    steps: steps[inputs.media][settings.model === 'professional' ? 'professional' : 'standard'],
    denoise: settings.strength,
    frames: videoFrameCount(settings.durationS, settings.fps),
    fps: settings.fps,
    // 1 when the user asked for a sound effect, for a template with an audio model to read.
    sound_effect: settings.soundEffect ? 1 : 0,
    filename_prefix: `lumen/${inputs.taskId}`,
    // Enhance's exact output size; 0×0 (a task from before the choice) keeps the model's 4×.
    upscale_width: settings.upscale?.width ?? 0,
    upscale_height: settings.upscale?.height ?? 0,
  };
  const [first, last] = inputs.imageNames;
  if (first !== undefined) values.image = first;
  if (last !== undefined) values.image_end = last;
  if (inputs.maskName !== undefined) values.mask = inputs.maskName;
  return { ...values, ...editValues(settings, inputs.imageSize) };
}

/**
 * The editing graphs' values: the canvas they save (the picture's size, or an expand's
 * larger canvas), the size they work at, an expand's padding, and its prompt (a neutral one
 * when the user gave none). Absent without a picture, so such a template fails before it
 * reaches ComfyUI.
 */
function editValues(settings: EngineSettings, imageSize: Size | undefined): WorkflowValues {
  if (!imageSize) return {};
  const padding = settings.outpaint;
  const canvas = padding ? outpaintCanvas(imageSize, padding) : imageSize;
  const work = editWorkDimensions(canvas);
  return {
    canvas_width: canvas.width,
    canvas_height: canvas.height,
    work_width: work.width,
    work_height: work.height,
    fill_prompt: settings.prompt.trim() || OUTPAINT_PROMPT,
    ...(padding
      ? {
          pad_left: padding.left,
          pad_top: padding.top,
          pad_right: padding.right,
          pad_bottom: padding.bottom,
        }
      : {}),
  };
}
