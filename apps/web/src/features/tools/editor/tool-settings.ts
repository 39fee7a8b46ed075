import {
  planOutpaint,
  planUpscale,
  type OutpaintPlan,
  type OutpaintSettings,
  type UpscaleChoice,
} from '@lumen/contracts/image-tools';
import { imageRulesOf, toolOf, type ToolId } from '@lumen/contracts/tools';
import type { VectorizePreset } from '@lumen/contracts/tools/vectorize';
import { checkImageSize, type ImageProblem } from '../../generate/upload-image';
import type { ToolSubmission } from '../api/submit-tool';
import type { EditorPicture } from './editor-steps';
import { isMaskEmpty, type MaskOp } from './mask-history';

export type BackgroundKind = 'transparent' | 'colour' | 'blur' | 'image';

/** What the panels set; each tool reads its own part. */
export interface ToolSettings {
  prompt: string;
  /** Expand to a ratio (centred), or null for the sides' own sizes in `padding`. */
  ratio: string | null;
  padding: OutpaintSettings;
  background: {
    kind: BackgroundKind;
    colour: string;
    picture: { key: string; name: string } | null;
  };
  scale: UpscaleChoice;
  preset: VectorizePreset;
}

export const noPadding: OutpaintSettings = { left: 0, right: 0, top: 0, bottom: 0 };

export const defaultSettings: ToolSettings = {
  prompt: '',
  ratio: '16:9',
  padding: noPadding,
  background: { kind: 'transparent', colour: '#ffffff', picture: null },
  scale: 2,
  preset: 'detailed',
};

/** The canvas an expand makes of the picture with these settings (the gateway's own rule). */
export function expandPlan(picture: EditorPicture, settings: ToolSettings): OutpaintPlan {
  return planOutpaint(
    picture.width,
    picture.height,
    settings.ratio ? { ratio: settings.ratio } : { expand: settings.padding },
  );
}

/** The gateway's `params.background`, or null while the choice is not complete. */
export function backgroundParam(settings: Pick<ToolSettings, 'background'>): string | null {
  const { kind, colour, picture } = settings.background;
  if (kind === 'colour') return /^#[0-9a-f]{6}$/i.test(colour) ? colour.toLowerCase() : null;
  if (kind === 'image') return picture?.key ?? null;
  return kind;
}

/** Why a run cannot start yet: an i18n key and its values. */
export interface Blocker {
  key: string;
  values?: Record<string, string | number>;
}

/** The picture checked against the tool's own picture rules (spec §5, `imageRulesOf`). */
export function pictureProblem(tool: ToolId, picture: EditorPicture): ImageProblem | null {
  return checkImageSize(picture, imageRulesOf(tool));
}

/**
 * What the tool needs before it can run, in the order the user meets it: a picture the tool
 * takes, the prompt when the tool requires one, a painted mask where it takes one, and the
 * tool's own settings.
 */
export function findBlocker(
  tool: ToolId,
  picture: EditorPicture | null,
  settings: ToolSettings,
  maskOps: readonly MaskOp[],
): Blocker | null {
  if (!picture) return { key: 'tools.editor.blockers.picture' };
  const problem = pictureProblem(tool, picture);
  if (problem)
    return {
      key: `generate.upload.${problem.key}`,
      ...(problem.values ? { values: problem.values } : {}),
    };
  const { inputs, ui } = toolOf(tool);
  if (inputs.mask === 'required' && isMaskEmpty(maskOps))
    return { key: 'tools.editor.blockers.mask' };
  if (inputs.prompt === 'required' && settings.prompt.trim() === '') {
    return {
      key:
        ui.editor === 'instruction'
          ? 'tools.editor.blockers.instruction'
          : 'tools.editor.blockers.prompt',
    };
  }
  if (ui.editor === 'expand') {
    const plan = expandPlan(picture, settings);
    if (!plan.ok) {
      return plan.reason === 'no_growth'
        ? { key: 'tools.editor.expand.noGrowth' }
        : { key: 'tools.editor.expand.tooLarge', values: { px: plan.limit } };
    }
  }
  if (ui.editor === 'enhance') {
    const plan = planUpscale(settings.scale, picture.width, picture.height);
    if (!plan.ok) {
      return {
        key: `library.enhance.${plan.reason === 'too_small' ? 'tooSmall' : 'tooLarge'}`,
        values: { px: plan.limit },
      };
    }
  }
  if (ui.editor === 'background' && backgroundParam(settings) === null) {
    return { key: 'tools.editor.blockers.background' };
  }
  return null;
}

/** The run as the gateway takes it; the mask's key is added by the caller once uploaded. */
export function toolSubmission(
  tool: ToolId,
  picture: EditorPicture,
  settings: ToolSettings,
): ToolSubmission {
  const { ui, inputs } = toolOf(tool);
  const prompt = inputs.prompt === 'required' ? settings.prompt.trim() : '';
  const body = {
    images: [picture.key],
    prompt,
    ...(picture.remixOf ? { remix_of: picture.remixOf } : {}),
  };
  switch (ui.editor) {
    case 'expand':
      return {
        ...body,
        params: settings.ratio ? { wh_ratio: settings.ratio } : { expand: settings.padding },
      };
    case 'background':
      return { ...body, params: { background: backgroundParam(settings) ?? 'transparent' } };
    case 'enhance':
      return { ...body, params: { scale: settings.scale } };
    case 'vectorize':
      return { ...body, params: { preset: settings.preset } };
    default:
      return { ...body, params: {} };
  }
}
