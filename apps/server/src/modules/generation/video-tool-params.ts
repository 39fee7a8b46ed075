import { ErrorCode } from '@lumen/contracts/error-codes';
import type { EngineSettings } from '@lumen/contracts/generation';
import type { GatewaySubmit } from '@lumen/contracts/tasks';
import type { TaskType } from '@lumen/contracts/task-types';
import { tools } from '@lumen/contracts/tools';
import { isVoiceId } from '@lumen/contracts/voices';
import { AppError } from '../../lib/app-error';
import { toolParams } from './image-tool-params';
import { checkMask, type CheckedImage, type CheckedVideo, type TaskFileDeps } from './task-files';

export type VideoToolDeps = TaskFileDeps & {
  /** An enabled effect template by key (the algo config's `effect_set`). */
  effectOf(key: string): Promise<{ key: string; prompt: string; images: 1 | 2 } | undefined>;
};

const invalid = (field: string, reason: string) =>
  new AppError(ErrorCode.invalidParams, 'errors.invalidField', { field, reason });

/**
 * Applies the video tools' own params to the settings once their files are checked: extend's
 * length, stylize's style, lip sync's voice or text, the magic brush's areas and tracks, an
 * effect template. Answers the masks the task takes (the brushed areas). Refusals are 1001
 * with a translated reason, before any credits are touched.
 */
export async function applyVideoToolParams(
  deps: VideoToolDeps,
  userId: number,
  taskType: TaskType,
  body: GatewaySubmit,
  files: { images: CheckedImage[]; videos: CheckedVideo[]; audios: string[] },
  settings: EngineSettings,
): Promise<{ masks: string[] }> {
  if (body.params.effect !== undefined) await applyEffect(deps, taskType, body, files, settings);
  switch (taskType) {
    case 'video_extend':
      settings.durationS = tools.video_extend.params.parse(toolParams(taskType, body)).duration;
      return { masks: [] };
    case 'video_stylize':
      settings.style = tools.video_stylize.params.parse(toolParams(taskType, body)).style;
      return { masks: [] };
    case 'mouth_speech':
      applySpeech(taskType, body, files, settings);
      return { masks: [] };
    case 'video_motion_brush':
      return applyMotionBrush(deps, userId, taskType, body, files, settings);
    default:
      return { masks: [] };
  }
}

/** An effect names a template that exists, with as many pictures as it takes. */
async function applyEffect(
  deps: VideoToolDeps,
  taskType: TaskType,
  body: GatewaySubmit,
  files: { images: CheckedImage[] },
  settings: EngineSettings,
): Promise<void> {
  const key = body.params.effect ?? '';
  const effect = taskType === 'video_diffusion_img2vid' ? await deps.effectOf(key) : undefined;
  if (!effect) throw new AppError(ErrorCode.invalidParams, 'errors.unknownEffect', { effect: key });
  if (files.images.length !== effect.images) {
    throw new AppError(
      ErrorCode.invalidParams,
      effect.images === 2 ? 'errors.effectNeedsTwo' : 'errors.onlyOneImage',
      { min: effect.images, max: effect.images },
    );
  }
  settings.effect = effect;
  if (!settings.prompt) settings.prompt = effect.prompt;
}

/** Lip sync: a clip or a portrait, and a voice track or a text with a preset voice. */
function applySpeech(
  taskType: TaskType,
  body: GatewaySubmit,
  files: { images: CheckedImage[]; videos: CheckedVideo[]; audios: string[] },
  settings: EngineSettings,
): void {
  if (files.images.length + files.videos.length !== 1) {
    throw new AppError(ErrorCode.invalidParams, 'errors.lipSyncFace');
  }
  const { speech_text: text, voice } = tools.mouth_speech.params.parse(toolParams(taskType, body));
  const spoken = Boolean(text);
  if (files.audios.length + (spoken ? 1 : 0) !== 1) {
    throw new AppError(ErrorCode.invalidParams, 'errors.lipSyncVoice');
  }
  if (!spoken) return;
  if (!voice || !isVoiceId(voice))
    throw invalid('params.voice', 'one of GET /prod-api/content/voices');
  settings.speech = { text: text ?? '', voice };
}

/**
 * The magic brush (spec §5): at least one brushed area and one track, each colour once, one
 * track per area; every mask is the picture's shape and marks something.
 */
async function applyMotionBrush(
  deps: VideoToolDeps,
  userId: number,
  taskType: TaskType,
  body: GatewaySubmit,
  files: { images: CheckedImage[] },
  settings: EngineSettings,
): Promise<{ masks: string[] }> {
  const { brushes, tracks } = tools.video_motion_brush.params.parse(toolParams(taskType, body));
  const picture = files.images[0];
  if (!picture) throw invalid('images', '1');
  const colour = (c: string) => c.toLowerCase();
  const brushColours = brushes.map((b) => colour(b.color));
  if (new Set(brushColours).size !== brushColours.length) {
    throw new AppError(ErrorCode.invalidParams, 'errors.brushColourTwice');
  }
  const trackColours = tracks.map((t) => colour(t.color));
  if (new Set(trackColours).size !== trackColours.length) {
    throw new AppError(ErrorCode.invalidParams, 'errors.brushTrackTwice');
  }
  const areas = [];
  const masks = [];
  for (const brush of brushes) {
    const track = tracks.find((t) => colour(t.color) === colour(brush.color));
    if (!track) throw new AppError(ErrorCode.invalidParams, 'errors.brushNeedsTrack');
    masks.push(await checkMask(deps, userId, brush.mask, picture));
    areas.push({ color: colour(brush.color), track: track.points });
  }
  if (trackColours.some((c) => !brushColours.includes(c))) {
    throw new AppError(ErrorCode.invalidParams, 'errors.brushNeedsTrack');
  }
  settings.motionBrush = { areas };
  return { masks };
}
