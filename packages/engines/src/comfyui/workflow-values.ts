import {
  resolutionHeights,
  type EngineSettings,
  type VideoStyle,
} from '@lumen/contracts/generation';
import { OUTPAINT_PROMPT, outpaintCanvas, type Size } from '../edit-images';
import { studioPrompt } from '../studio-prompts';
import { portraitPrompt, tryOnCategoryOf } from '../studio-prompts';
import { effectPrompt } from '../video-inputs';
import type { MediaFacts } from './media-probe';
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

/**
 * What a stylization is told to draw: the style's words first (they are the point of the
 * tool), then the user's own; `realistic` and `original` have no words of their own, so they
 * ask for the clip's look as it is.
 */
export function stylizePrompt(prompt: string, style: string): string {
  const phrase =
    (videoStylePhrases as Record<string, string | undefined>)[style] ||
    'photorealistic, natural light, true colours';
  return prompt.trim() ? `${phrase}, ${prompt.trim()}` : phrase;
}

/** Stylization redraws a clip's first seconds (spec §5 "video edit": the first 4 s). */
export const STYLIZE_SECONDS = 4;

/** The long side of a 4K enhancement (3840 × 2160 for a widescreen clip). */
export const UPSCALE_LONG_SIDE = 3840;

/**
 * Wan ATI (ComfyUI's `WanTrackToVideo`) is trained on 81 frames at 16 fps: its conditioning
 * is built for exactly that length, so the magic brush's clips are that long whatever the
 * settings say.
 */
export const TRACK_FRAMES = 81;
export const TRACK_FPS = 16;

/** A clip's size scaled so its long side is `longSide`, both sides even (H.264 needs that). */
export function scaleToLongSide(size: Size, longSide: number): Size {
  const scale = longSide / Math.max(size.width, size.height);
  const even = (px: number) => Math.max(2, Math.round((px * scale) / 2) * 2);
  return { width: even(size.width), height: even(size.height) };
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
  /** The uploaded input clip: its name on the server and what ffprobe read of it. */
  clip?: { name: string; facts: MediaFacts };
  /** The uploaded voice track (lip sync): its name on the server and its length. */
  voice?: { name: string; facts: MediaFacts };
  /** The magic brush's tracks in `WanTrackToVideo`'s JSON (pixels of the generated frame). */
  tracks?: string;
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
  // The reference pictures of a multi-image video, numbered; a graph with more slots than
  // pictures repeats the first ones, so two to four pictures fill the same graph.
  inputs.imageNames.forEach((_, index) => {
    for (let slot = index + 1; slot <= 4; slot += inputs.imageNames.length) {
      values[`image_${slot}`] = inputs.imageNames[index]!;
    }
  });
  if (inputs.maskName !== undefined) values.mask = inputs.maskName;
  const effect = effectPrompt(settings);
  if (video && effect) values.prompt = effect;
  const studio = studioPrompt(settings);
  if (studio) values.prompt = studio;
  values.style_prompt = stylizePrompt(settings.prompt, settings.style);
  values.portrait_prompt = portraitPrompt(settings);
  // CatVTON's masker knows the upper body, the lower body and the whole; a coat is upper.
  values.cloth_type = { top: 'upper', outerwear: 'upper', bottom: 'lower', dress: 'overall' }[
    tryOnCategoryOf(settings)
  ];
  if (inputs.voice) {
    values.audio = inputs.voice.name;
    values.voice_duration_s = inputs.voice.facts.durationS;
  }
  if (inputs.tracks !== undefined) {
    values.tracks = inputs.tracks;
    values.frames = TRACK_FRAMES;
    values.fps = TRACK_FPS;
  }
  return {
    ...values,
    ...clipValues(settings, inputs.clip),
    ...editValues(settings, inputs.imageSize),
  };
}

/**
 * The values of the graphs that start from a clip: its name, its own size, rate and frame
 * count, the size new frames are drawn at (the clip's shape at the chosen resolution), how
 * many frames an extension adds and a stylization redraws (4k + 1 for Wan, at the clip's own
 * rate so the joined clip plays at one speed), and the size of a 4K enhancement.
 */
function clipValues(settings: EngineSettings, clip: WorkflowInputs['clip']): WorkflowValues {
  if (!clip) return {};
  const { facts } = clip;
  const fps = facts.fps || settings.fps;
  const size = { width: facts.width || 1280, height: facts.height || 720 };
  const drawn = videoDimensions(`${size.width}:${size.height}`, settings.resolution);
  const target = scaleToLongSide(size, UPSCALE_LONG_SIDE);
  const seconds = Math.min(STYLIZE_SECONDS, facts.durationS || STYLIZE_SECONDS);
  return {
    video: clip.name,
    clip_width: size.width,
    clip_height: size.height,
    clip_fps: Math.round(fps * 1000) / 1000,
    clip_frames: facts.frames,
    width: drawn.width,
    height: drawn.height,
    extend_frames: videoFrameCount(settings.durationS, fps),
    stylize_frames: videoFrameCount(seconds, fps),
    target_width: target.width,
    target_height: target.height,
  };
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
