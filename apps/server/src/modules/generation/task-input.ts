import { PROMPT_MAX_LENGTH, type GatewaySubmit, type TaskRequest } from '@lumen/contracts/tasks';
import {
  aspectRatioSchema,
  engineSettingsSchema,
  type EngineSettings,
} from '@lumen/contracts/generation';
import {
  DEFAULT_MOTION_STRENGTH,
  enhanceLongSides,
  isEnhance,
  motionStrengthFromEngine,
  motionStrengthToEngine,
} from '@lumen/contracts/vivago';
import { taskTypeDefinitions, type TaskType } from '@lumen/contracts/task-types';
import { toolsWhere } from '@lumen/contracts/tools';
import { randomInt } from 'node:crypto';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { AppError } from '../../lib/app-error';
import type { TaskRow } from './generation.schema';

/** Whether the gateway runs this task type now; others answer "not available yet". */
export function isAvailable(taskType: TaskType): boolean {
  return taskTypeDefinitions[taskType].available;
}

/** Spec §5: tools that animate one person's face need a clear portrait (face detected). */
export const portraitTaskTypes = toolsWhere((t) => t.portrait === true);

/** Tools whose output keeps the shape of their (first) input picture. */
export const takesInputShape = toolsWhere((t) => t.keepsInputShape === true);

export const IMAGE_INPUT_MAX_BYTES = 5 * 1024 * 1024;

function invalid(field: string, reason: string): AppError {
  return new AppError(ErrorCode.invalidParams, 'errors.invalidField', { field, reason });
}

/** The mask's media key: top-level `mask`, as vivago's body has it, or `params.mask`. */
export function maskOf(body: GatewaySubmit): string | undefined {
  return body.mask ?? body.params.mask;
}

/** `images` under vivago's other names (`image`, image edit's `image_uuid`) when it is empty. */
export function withImageAliases(body: GatewaySubmit): GatewaySubmit {
  if (body.images.length > 0) return body;
  const images = body.image?.length ? body.image : body.image_uuid ? [body.image_uuid] : [];
  return images.length > 0 ? { ...body, images } : body;
}

/** Checks the request against spec §5 and turns it into the settings an engine receives. */
export function normaliseSubmission(taskType: TaskType, body: GatewaySubmit): EngineSettings {
  const tool = taskTypeDefinitions[taskType];
  if (!tool.available)
    throw new AppError(ErrorCode.invalidParams, 'errors.taskTypeUnavailable', { taskType });
  const rules = tool.inputs;
  const prompt = body.prompt.trim();
  if (rules.prompt === 'required' && prompt.length === 0 && !body.params.effect) {
    throw new AppError(ErrorCode.invalidParams, 'errors.promptRequired');
  }
  if (prompt.length > PROMPT_MAX_LENGTH)
    throw new AppError(ErrorCode.invalidParams, 'errors.promptTooLong');
  const [min, max] = rules.images;
  if (body.images.length < min || body.images.length > max) {
    throw new AppError(
      ErrorCode.invalidParams,
      max === 1 ? 'errors.onlyOneImage' : 'errors.imageCount',
      {
        min,
        max,
      },
    );
  }
  // Image to video takes a second picture only for a two-person effect (checked with the effect).
  if (taskType === 'video_diffusion_img2vid' && body.images.length > 1 && !body.params.effect) {
    throw new AppError(ErrorCode.invalidParams, 'errors.onlyOneImage', { min: 1, max: 1 });
  }
  const [minAudios, maxAudios] = rules.audios ?? [0, 0];
  if (body.audios.length < minAudios || body.audios.length > maxAudios) {
    throw invalid('audios', `${minAudios}–${maxAudios}`);
  }
  const [minVideos, maxVideos] = rules.videos ?? [0, 0];
  if (body.videos.length < minVideos || body.videos.length > maxVideos) {
    throw invalid('videos', `${minVideos}–${maxVideos}`);
  }
  const mask = maskOf(body);
  if (rules.mask === 'required' && !mask) throw invalid('mask', 'required');
  if (!rules.mask && mask) throw invalid('mask', 'this tool takes no mask');
  const media = tool.media;
  const p = body.params;
  if (p.wh_ratio === 'keep' && !takesInputShape.has(taskType)) {
    throw invalid('params.wh_ratio', 'keep: only for kinds that start from a picture');
  }
  const named = namedRatio(body);
  const custom = p.custom_params ?? {};
  const enhance = custom.enhance;
  if (enhance !== undefined && !isEnhance(enhance)) {
    throw invalid('params.custom_params.enhance', Object.keys(enhanceLongSides).join(', '));
  }
  // Unnamed, a picture is square and a video widescreen, as in the studio; kinds that take an
  // input's shape get it later, from the checked file.
  const ratio =
    named ??
    (p.width && p.height ? reduceRatio(p.width, p.height) : media === 'video' ? '16:9' : '1:1');
  // With a ratio named, vivago sizes the output by `enhance` and leaves width/height aside.
  const longSide =
    named || enhance !== undefined
      ? enhanceLongSides[enhance ?? '1k']
      : p.width && p.height
        ? Math.max(p.width, p.height)
        : 1024;
  const parsed = engineSettingsSchema.safeParse({
    prompt,
    negativePrompt: body.negative_prompt.trim(),
    ratio,
    count: media === 'image' && !tool.single ? p.batch_size : 1,
    seed: p.seed === -1 ? randomInt(0, 2 ** 32 - 1) : p.seed,
    style: p.style ?? 'realistic',
    model: body.version ?? 'standard',
    size: Math.min(2048, Math.max(256, longSide)),
    strength: p.strength ?? 0.6,
    durationS: p.duration ?? 5,
    resolution: p.resolution ?? '720p',
    fps: p.fps ?? 24,
    motionStrength: motionStrengthToEngine(p.motion_strength ?? DEFAULT_MOTION_STRENGTH),
    camera: { x: p.cm_x ?? 0, y: p.cm_y ?? 0, zoom: p.cm_d ?? 0 },
    // Asked of a kind that makes no sound of its own, or ignored.
    soundEffect: p.sound_effect === true && tool.soundEffect === true,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(issue?.path.join('.') || 'params', issue?.message ?? 'invalid');
  }
  return parsed.data;
}

/**
 * The ratio a request names: `params.wh_ratio`, else (absent or `keep`) the top-level
 * `wh_ratio` or `params.custom_params.wh_ratio`, where vivago's image-to-video puts it.
 */
function namedRatio(body: GatewaySubmit): string | undefined {
  const own = body.params.wh_ratio;
  if (own && own !== 'keep') return own;
  if (body.wh_ratio) return body.wh_ratio;
  const custom = body.params.custom_params?.wh_ratio;
  if (custom === undefined) return undefined;
  const parsed = aspectRatioSchema.safeParse(custom);
  if (!parsed.success) {
    throw invalid('params.custom_params.wh_ratio', parsed.error.issues[0]?.message ?? 'invalid');
  }
  return parsed.data;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function reduceRatio(width: number, height: number): string {
  const d = gcd(width, height);
  const [w, h] = [width / d, height / d];
  // Keep ratios expressible in the two-digit form; approximate odd sizes.
  return w <= 99 && h <= 99 ? `${w}:${h}` : `${Math.round((width / height) * 10)}:10`;
}

/**
 * The submit body that makes `task` again (see taskRequestSchema): normaliseSubmission's
 * settings turned back into the gateway's names. Its seed is the one the task ran with.
 */
export function requestOf(
  task: Pick<TaskRow, 'settings' | 'inputs' | 'isPrivate' | 'remixOf'>,
): TaskRequest {
  const s = task.settings;
  return {
    prompt: s.prompt,
    negative_prompt: s.negativePrompt,
    params: {
      batch_size: s.count,
      wh_ratio: s.ratio,
      seed: s.seed,
      style: s.style,
      strength: s.strength,
      duration: s.durationS,
      resolution: s.resolution,
      fps: s.fps,
      motion_strength: motionStrengthFromEngine(s.motionStrength),
      cm_x: s.camera.x,
      cm_y: s.camera.y,
      cm_d: s.camera.zoom,
      private: task.isPrivate,
      // Tasks from before the toggle have no value stored.
      sound_effect: s.soundEffect === true,
      ...(s.upscale ? { scale: s.upscale.scale } : {}),
      // A background picture travels as the task's second image; the request names it here.
      ...(s.background
        ? {
            background:
              s.background.kind === 'colour'
                ? s.background.colour
                : s.background.kind === 'image'
                  ? (task.inputs.images[1] ?? 'transparent')
                  : s.background.kind,
          }
        : {}),
      ...(s.outpaint ? { expand: s.outpaint } : {}),
      ...(s.vectorize ? { preset: s.vectorize.preset } : {}),
      ...(s.tryOn ? { category: s.tryOn.category } : {}),
      ...(s.effect ? { effect: s.effect.key } : {}),
      ...(s.speech ? { speech_text: s.speech.text, voice: s.speech.voice } : {}),
      ...(s.characterId ? { character_id: s.characterId } : {}),
      ...(s.logo
        ? {
            brand: s.logo.brand,
            slogan: s.logo.slogan,
            industry: s.logo.industry,
            style: s.logo.style,
            colors: s.logo.colors,
          }
        : {}),
      // A tattoo's body photo travels as its last picture; the request names it here.
      ...(s.tattoo
        ? {
            style: s.tattoo.style,
            ...(s.tattoo.body ? { body: task.inputs.images.at(-1) } : {}),
          }
        : {}),
    },
    // A character's pictures come from the character, which the request names instead.
    images: s.characterId
      ? []
      : s.background?.kind === 'image'
        ? task.inputs.images.slice(0, 1)
        : s.tattoo
          ? task.inputs.images.slice(0, s.tattoo.reference ? 1 : 0)
          : task.inputs.images,
    videos: task.inputs.videos,
    audios: task.inputs.audios,
    ...(task.inputs.masks?.[0] ? { mask: task.inputs.masks[0] } : {}),
    version: s.model,
    ...(task.remixOf === null ? {} : { remix_of: String(task.remixOf) }),
  };
}
