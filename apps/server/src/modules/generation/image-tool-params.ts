import { ErrorCode } from '@lumen/contracts/error-codes';
import type { EngineSettings } from '@lumen/contracts/generation';
import {
  planOutpaint,
  planUpscale,
  readBackgroundParam,
  type BackgroundParam,
  type UpscaleChoice,
} from '@lumen/contracts/image-tools';
import type { GatewaySubmit } from '@lumen/contracts/tasks';
import { taskTypeDefinitions, type TaskType } from '@lumen/contracts/task-types';
import { imageRulesOf, tools } from '@lumen/contracts/tools';
import { AppError } from '../../lib/app-error';
import type { MessageKey } from '../../lib/i18n/en';
import type { CheckedImage, TaskFileDeps } from './task-files';
import { backgroundImageRules } from './task-files';
import { reduceRatio } from './task-input';

const outpaintParamsSchema = tools.outpaint.params;
const vectorizeParamsSchema = tools.vectorize.params;
const logoParamsSchema = tools.logo.params;
const tattooParamsSchema = tools.tattoo.params;
/** A tattoo's body photo is checked like the tool's other pictures (spec §5). */
const bodyPhotoRules = imageRulesOf('tattoo');
const portraitParamsSchema = tools.portrait.params;
const tryOnParamsSchema = tools.try_on.params;

function invalidParam(field: string, reason: string): AppError {
  return new AppError(ErrorCode.invalidParams, 'errors.invalidField', { field, reason });
}

/**
 * The tool's own params, checked against its definition's schema: a wrong one is 1001 naming
 * the field, before anything is read or held.
 */
export function toolParams(taskType: TaskType, body: GatewaySubmit): unknown {
  const schema = taskTypeDefinitions[taskType].params;
  if (!schema) return {};
  const parsed = schema.safeParse(body.params);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalidParam(`params.${issue?.path.join('.') ?? ''}`, issue?.message ?? 'invalid');
}

/** `params.scale`: 2, 4 or "4k", also as the strings "2" and "4"; enhance's default is 2. */
export function readUpscaleChoice(body: GatewaySubmit): UpscaleChoice {
  const scale = body.params.scale;
  if (scale === undefined) return 2;
  const text = String(scale).trim().toLowerCase();
  if (text === '2') return 2;
  if (text === '4') return 4;
  if (text === '4k') return '4k';
  throw new AppError(ErrorCode.invalidParams, 'errors.invalidScale');
}

/** `params.background`: transparent (the default), a colour, blur, or a picture's key. */
export function readBackground(body: GatewaySubmit): BackgroundParam {
  const value = body.params.background;
  if (value === undefined) return { kind: 'transparent' };
  try {
    return readBackgroundParam(value);
  } catch {
    throw new AppError(ErrorCode.invalidParams, 'errors.invalidBackground');
  }
}

/** What the bill calls an enhance: the choice the user paid for. */
export const enhanceBillEvents: Record<`${UpscaleChoice}`, MessageKey> = {
  '2': 'bills.enhance2x',
  '4': 'bills.enhance4x',
  '4k': 'bills.enhance4k',
};

/**
 * Applies enhance's scale and the cut-out's background to the settings, once the input
 * picture has been checked (its size decides what an enhance can reach). Answers the extra
 * input images the task takes (a background picture) and the gated features it uses.
 * Refusals are 1001 with a translated reason, before any credits are touched.
 */
export async function applyImageToolParams(
  deps: TaskFileDeps,
  userId: number,
  taskType: TaskType,
  body: GatewaySubmit,
  picture: CheckedImage | undefined,
  settings: EngineSettings,
): Promise<{ extraImages: string[]; features: string[] }> {
  // The one thing a logo cannot do without, said plainly rather than as a schema error.
  if (taskType === 'logo') {
    const brand = body.params.brand;
    if (brand === undefined || (typeof brand === 'string' && brand.trim() === '')) {
      throw new AppError(ErrorCode.invalidParams, 'errors.logoBrandRequired');
    }
  }
  const own = toolParams(taskType, body);
  if (taskType === 'logo') {
    const logo = logoParamsSchema.parse(own);
    settings.logo = {
      brand: logo.brand,
      slogan: logo.slogan ?? '',
      industry: logo.industry ?? '',
      style: logo.style,
      colors: logo.colors ?? [],
    };
    return { extraImages: [], features: [] };
  }
  if (taskType === 'tattoo') {
    const tattoo = tattooParamsSchema.parse(own);
    const reference = picture !== undefined;
    if (!reference && settings.prompt.trim() === '') {
      throw new AppError(ErrorCode.invalidParams, 'errors.tattooNeedsSubject');
    }
    // The body photo travels as the task's last picture; the engines show the design on it.
    const bodyPhoto = tattoo.body
      ? await deps.media.checkImageInput(userId, tattoo.body, bodyPhotoRules)
      : undefined;
    settings.tattoo = { style: tattoo.style, reference, body: bodyPhoto !== undefined };
    return { extraImages: bodyPhoto ? [bodyPhoto.key] : [], features: [] };
  }
  if (taskType === 'outpaint' && picture) {
    const expand = outpaintParamsSchema.parse(own).expand;
    const ratio = body.params.wh_ratio ?? body.wh_ratio;
    if (ratio === 'keep') throw invalidParam('params.wh_ratio', 'keep: the picture already has it');
    const plan = planOutpaint(picture.width, picture.height, {
      ...(expand ? { expand } : {}),
      ...(ratio && !expand ? { ratio } : {}),
    });
    if (!plan.ok) {
      throw plan.reason === 'no_growth'
        ? new AppError(ErrorCode.invalidParams, 'errors.expandRequired')
        : new AppError(ErrorCode.invalidParams, 'errors.expandTooLarge', { max: plan.limit });
    }
    settings.outpaint = plan.padding;
    settings.ratio = reduceRatio(plan.width, plan.height);
    return { extraImages: [], features: [] };
  }
  if (taskType === 'vectorize') {
    settings.vectorize = { preset: vectorizeParamsSchema.parse(own).preset };
    return { extraImages: [], features: [] };
  }
  if (taskType === 'portrait') {
    settings.style = portraitParamsSchema.parse(own).style;
    return { extraImages: [], features: [] };
  }
  if (taskType === 'try_on') {
    settings.tryOn = { category: tryOnParamsSchema.parse(own).category };
    return { extraImages: [], features: [] };
  }
  if (taskType === 'upscale' && picture) {
    const choice = readUpscaleChoice(body);
    const plan = planUpscale(choice, picture.width, picture.height);
    if (!plan.ok) {
      throw plan.reason === 'too_small'
        ? new AppError(ErrorCode.invalidParams, 'errors.upscaleTooSmall', { min: plan.limit })
        : new AppError(ErrorCode.invalidParams, 'errors.upscaleTooLarge', {
            choice: choice === '4k' ? '4K' : `${choice}×`,
            max: plan.limit,
          });
    }
    settings.upscale = { scale: choice, width: plan.width, height: plan.height };
    return { extraImages: [], features: choice === '4k' ? ['upscale_4k'] : [] };
  }
  if (taskType === 'remove_bg') {
    const background = readBackground(body);
    if (background.kind !== 'image') {
      settings.background = background;
      return { extraImages: [], features: [] };
    }
    // Checked like any input picture: the user's own, png/jpg, §5 size and shape.
    const checked = await deps.media.checkImageInput(userId, background.key, backgroundImageRules);
    settings.background = { kind: 'image' };
    return { extraImages: [checked.key], features: [] };
  }
  return { extraImages: [], features: [] };
}
