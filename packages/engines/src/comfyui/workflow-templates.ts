import { readFile } from 'node:fs/promises';
import type { EngineRoute } from '@lumen/contracts/engine-settings';
import type { TaskType } from '@lumen/contracts/task-types';
import type { EngineTask } from '../engine';
import { modelPictures } from '../studio-prompts';
import { ComfyUiError } from './comfyui-errors';
import { workflowGraphSchema, type WorkflowGraph } from './comfyui-schemas';
import type { WorkflowValues } from './workflow-values';

export type OutputMedia = 'image' | 'video' | 'model';

export type WorkflowTemplate = {
  /** File name under the workflow folder (ComfyUI "API format" JSON). */
  file: string;
  media: OutputMedia;
  /** How many input images the graph's LoadImage nodes need. */
  inputImages: number;
  /** The most pictures the graph takes (its numbered `{{image_N}}` slots); `inputImages` when absent. */
  maxImages?: number;
  /** The graph loads the task's mask too (`{{mask}}`, uploaded beside the picture). */
  inputMask?: true;
  /** The graph loads the task's clip (`{{video}}`); the engine reads its size, rate and length first. */
  inputVideo?: true;
  /** The graph loads the task's voice track (`{{audio}}`). */
  inputAudio?: true;
  /** The graph moves areas of the picture along tracks (`{{tracks}}`, from the magic brush). */
  tracks?: true;
  /** The graph to run instead when the task brings a picture and no clip (a portrait to lip-sync). */
  withPicture?: WorkflowTemplate;
};

export const workflowTemplates: Partial<Record<TaskType, WorkflowTemplate>> = {
  txt2img: { file: 'txt2img.json', media: 'image', inputImages: 0 },
  img2img: { file: 'img2img.json', media: 'image', inputImages: 1 },
  upscale: { file: 'upscale.json', media: 'image', inputImages: 1 },
  remove_bg: { file: 'remove-bg.json', media: 'image', inputImages: 1 },
  image_edit: { file: 'image-edit.json', media: 'image', inputImages: 1 },
  inpaint: { file: 'inpaint.json', media: 'image', inputImages: 1, inputMask: true },
  erase: { file: 'erase.json', media: 'image', inputImages: 1, inputMask: true },
  outpaint: { file: 'outpaint.json', media: 'image', inputImages: 1 },
  video_diffusion: { file: 'video-diffusion.json', media: 'video', inputImages: 0 },
  video_diffusion_img2vid: { file: 'video-img2vid.json', media: 'video', inputImages: 1 },
  video_diffusion_keyframes: { file: 'video-keyframes.json', media: 'video', inputImages: 2 },
  video_diffusion_multi_img2vid: {
    file: 'multi-image-video.json',
    media: 'video',
    inputImages: 2,
    maxImages: 4,
  },
  video_extend: { file: 'video-extend.json', media: 'video', inputImages: 0, inputVideo: true },
  video_stylize: { file: 'video-stylize.json', media: 'video', inputImages: 0, inputVideo: true },
  video_creative_upscaler: {
    file: 'video-upscale.json',
    media: 'video',
    inputImages: 0,
    inputVideo: true,
  },
  video_motion_brush: { file: 'motion-brush.json', media: 'video', inputImages: 1, tracks: true },
  mouth_speech: {
    file: 'lip-sync.json',
    media: 'video',
    inputImages: 0,
    inputVideo: true,
    inputAudio: true,
    withPicture: {
      file: 'lip-sync-portrait.json',
      media: 'video',
      inputImages: 1,
      inputAudio: true,
    },
  },
  text_to_3d: { file: 'text-to-3d.json', media: 'model', inputImages: 0 },
  image_to_3d: { file: 'image-to-3d.json', media: 'model', inputImages: 1 },
  // A character's pictures arrive as its references, then its sheet: PuLID takes the first
  // reference, Phantom the first four as subject references.
  character_image: { file: 'character-image.json', media: 'image', inputImages: 1 },
  character_video: {
    file: 'multi-image-video.json',
    media: 'video',
    inputImages: 1,
    maxImages: 4,
  },
  logo: { file: 'logo.json', media: 'image', inputImages: 0 },
  tattoo: {
    file: 'tattoo.json',
    media: 'image',
    inputImages: 0,
    withPicture: { file: 'tattoo-reference.json', media: 'image', inputImages: 1 },
  },
  portrait: { file: 'portrait.json', media: 'image', inputImages: 1 },
  try_on: { file: 'try-on.json', media: 'image', inputImages: 2 },
  product_shot: { file: 'product-shot.json', media: 'image', inputImages: 1 },
  product_on_model: { file: 'product-on-model.json', media: 'image', inputImages: 1 },
  image_translate: { file: 'image-translate.json', media: 'image', inputImages: 1 },
};

/** The graph a task runs: its type's, or the picture variant when it brings a picture and no clip. */
export function templateFor(task: EngineTask): WorkflowTemplate | undefined {
  const template = workflowTemplates[task.taskType];
  // A tattoo's body photo is for the mockup afterwards, not a picture the graph starts from.
  const pictures = modelPictures(task).length;
  if (template?.withPicture && task.inputs.videos.length === 0 && pictures > 0) {
    return template.withPicture;
  }
  return template;
}

export const defaultWorkflowDir = new URL('./workflows/', import.meta.url);

/** Reads and checks a template once; admins may point `workflowDir` at their own copies. */
export function createWorkflowLoader(dir: URL | string = defaultWorkflowDir) {
  const folder = typeof dir === 'string' && !dir.endsWith('/') ? `${dir}/` : dir;
  const cache = new Map<string, Promise<WorkflowGraph>>();

  async function read(file: string): Promise<WorkflowGraph> {
    const location = typeof folder === 'string' ? `${folder}${file}` : new URL(file, folder);
    const parsed = workflowGraphSchema.safeParse(JSON.parse(await readFile(location, 'utf8')));
    if (!parsed.success) {
      throw new ComfyUiError('bad_input', `Workflow template ${file} is not in ComfyUI API format`);
    }
    return parsed.data;
  }

  return (file: string): Promise<WorkflowGraph> => {
    let graph = cache.get(file);
    if (!graph) {
      graph = read(file);
      // A failed read must not stick: the operator may fix the file without a restart.
      graph.catch(() => cache.delete(file));
      cache.set(file, graph);
    }
    return graph;
  };
}

const wholePlaceholder = /^\{\{(\w+)\}\}$/;
const anyPlaceholder = /\{\{(\w+)\}\}/g;

/**
 * Fills `{{name}}` placeholders. A string that is exactly one placeholder takes the value's
 * own type (seed stays a number); placeholders inside longer text are interpolated. An
 * unknown placeholder is a template bug and fails before anything reaches ComfyUI.
 */
export function fillWorkflow(graph: WorkflowGraph, values: WorkflowValues): WorkflowGraph {
  const missing = new Set<string>();
  const lookup = (name: string): string | number | undefined => {
    const value = values[name];
    if (value === undefined) missing.add(name);
    return value;
  };
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const whole = wholePlaceholder.exec(value);
      if (whole?.[1]) return lookup(whole[1]) ?? value;
      return value.replace(anyPlaceholder, (match, name: string) => String(lookup(name) ?? match));
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    }
    return value;
  };
  const filled = fill(graph) as WorkflowGraph;
  if (missing.size > 0) {
    throw new ComfyUiError(
      'bad_input',
      `Workflow template needs values it was not given: ${[...missing].join(', ')}`,
    );
  }
  return filled;
}

/** Loader nodes whose file is "the model" of a workflow, and the input that names it. */
const modelInputs: Record<string, string> = {
  UNETLoader: 'unet_name',
  CheckpointLoaderSimple: 'ckpt_name',
  ImageOnlyCheckpointLoader: 'ckpt_name',
  UpscaleModelLoader: 'model_name',
};

/**
 * Applies the route an admin set for a task type (Admin → Engines) to a filled workflow: its
 * `model` replaces the file of the workflow's first model loader (a FLUX fine-tune for
 * txt2img, another Wan checkpoint for video), and each `input` entry named
 * `<node id>.<input name>` sets that input (`"6.steps": 20`). An entry that names no node of
 * the workflow is refused before anything reaches ComfyUI, so a typo is not silently ignored.
 */
export function applyRoute(graph: WorkflowGraph, route: EngineRoute | undefined): WorkflowGraph {
  if (!route?.model && !route?.input) return graph;
  const out = structuredClone(graph);
  if (route.model) {
    const loader = Object.values(out).find((node) => modelInputs[node.class_type] !== undefined);
    if (!loader) {
      throw new ComfyUiError('bad_input', 'This workflow has no model loader to set a model on');
    }
    loader.inputs[modelInputs[loader.class_type]!] = route.model;
  }
  for (const [path, value] of Object.entries(route.input ?? {})) {
    const [nodeId, input, ...rest] = path.split('.');
    const node = nodeId ? out[nodeId] : undefined;
    if (!node || !input || rest.length > 0) {
      throw new ComfyUiError(
        'bad_input',
        `Fixed input "${path}" names no node of this workflow (write it as <node id>.<input>)`,
      );
    }
    node.inputs[input] = value;
  }
  return out;
}
