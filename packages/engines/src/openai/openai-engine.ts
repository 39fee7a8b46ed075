import type { TaskType } from '@lumen/contracts/task-types';
import { z } from 'zod';
import type { Engine, EngineIO, EngineOutput, EngineTask } from '../engine';
import { readImageInfo } from '../comfyui/image-size';
import { finishImageTool } from '../image-tool-finish';
import { pickImageSize, sizesForModel } from './image-sizes';
import { enhancePrompt } from './magic-prompt';
import { buildEditForm, editTaskTypes } from './openai-edits';
import { OpenAiError, cancelledError } from './openai-errors';
import { createOpenAiHttp, type OpenAiHttp } from './openai-http';

export type OpenAiEngineOptions = {
  /** e.g. `https://api.openai.com/v1` (OPENAI_BASE_URL); any OpenAI-compatible server. */
  baseUrl: string;
  apiKey: string;
  /** Default `gpt-image-1`. */
  imageModel?: string;
  /** Default `gpt-4o-mini`. */
  chatModel?: string;
  fetch?: typeof fetch;
  /** Limit for one API call; image models can take a minute (default 180 s). */
  timeoutMs?: number;
  /** Sizes the image model accepts, when it is not one of OpenAI's own. */
  imageSizes?: string[];
};

export type OpenAiEngine = Engine & {
  /** The magic prompt toggle: rewrites a short idea into a rich prompt in the same language. */
  enhancePrompt(prompt: string, lang: string, signal?: AbortSignal): Promise<string>;
};

const imageAnswerSchema = z.object({
  data: z.array(z.object({ b64_json: z.string().nullish(), url: z.string().nullish() })),
});

export function createOpenAiEngine(options: OpenAiEngineOptions): OpenAiEngine {
  const imageModel = options.imageModel ?? 'gpt-image-1';
  const chatModel = options.chatModel ?? 'gpt-4o-mini';
  const http = createOpenAiHttp({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? 180_000,
    fetch: options.fetch ?? globalThis.fetch,
  });
  const sizes = options.imageSizes ?? sizesForModel(imageModel);
  // gpt-image models always answer base64 and reject the parameter; DALL·E and most
  // compatible servers answer URLs unless asked.
  const askForBase64 = !imageModel.startsWith('gpt-image');
  // DALL·E 3 draws one image per request.
  const perRequest = imageModel.startsWith('dall-e-3') ? 1 : 8;

  async function generate(task: EngineTask, io: EngineIO, n: number): Promise<Buffer[]> {
    const { settings } = task;
    // An admin's route (Admin → Engines) names another model or adds fields the API takes.
    const model = task.route?.model ?? imageModel;
    const extra = Object.fromEntries(
      Object.entries(task.route?.input ?? {}).filter(
        (entry): entry is [string, string | number] =>
          typeof entry[1] === 'string' || typeof entry[1] === 'number',
      ),
    );
    // The API has no negative prompt; saying it in words is the closest it understands.
    const prompt = settings.negativePrompt
      ? `${settings.prompt}\nAvoid: ${settings.negativePrompt}`
      : settings.prompt;
    const base = { model, prompt, ...(askForBase64 ? { response_format: 'b64_json' } : {}) };
    const fields: Record<string, string | number> = {
      ...base,
      n,
      size: pickImageSize(settings.ratio, settings.size, sizes),
      ...extra,
    };
    const answer = editTaskTypes.has(task.taskType)
      ? await http.postForm(
          '/images/edits',
          await buildEditForm(task, io, { fields: base, extra }, sizes),
          imageAnswerSchema,
          io.signal,
        )
      : task.taskType === 'img2img'
        ? await http.postForm(
            '/images/edits',
            await editForm(task, io, fields),
            imageAnswerSchema,
            io.signal,
          )
        : await http.postJson('/images/generations', fields, imageAnswerSchema, io.signal);
    return Promise.all(answer.data.map((item) => decodeImage(http, item, io.signal)));
  }

  const supports = (taskType: TaskType) =>
    taskType === 'txt2img' || taskType === 'img2img' || editTaskTypes.has(taskType);

  return {
    name: 'openai',
    supports,
    async run(task, io) {
      if (!supports(task.taskType)) {
        throw new OpenAiError('bad_input', `The openai engine does not serve ${task.taskType}`);
      }
      if (task.taskType === 'img2img' && task.inputs.images.length === 0) {
        throw new OpenAiError('bad_input', 'img2img needs an input image');
      }
      if (io.signal.aborted || !(await io.progress(5))) throw cancelledError();
      // An editing tool turns its one picture into one result, whatever the count says.
      const wanted = editTaskTypes.has(task.taskType) ? 1 : task.settings.count;
      const images: Buffer[] = [];
      while (images.length < wanted) {
        const n = Math.min(perRequest, wanted - images.length);
        const batch = await generate(task, io, n);
        if (batch.length === 0) throw new OpenAiError('failed', 'The image API answered no images');
        images.push(...batch);
        const percent = 5 + Math.floor((90 * images.length) / wanted);
        if (!(await io.progress(Math.min(95, percent)))) throw cancelledError();
      }
      const outputs = images.slice(0, wanted).map((bytes): EngineOutput => {
        const info = readImageInfo(bytes);
        return {
          kind: 'image',
          mime: info?.mime ?? 'image/png',
          bytes,
          width: info?.width,
          height: info?.height,
          // No seed: the API has none, so the recorded seed can't reproduce the image.
        };
      });
      // The API answers its own fixed sizes and may touch the whole picture: an edit is
      // brought back to the picture's size with only the masked area changed.
      return finishImageTool(task, io, outputs);
    },
    enhancePrompt: (prompt, lang, signal) => enhancePrompt(http, chatModel, prompt, lang, signal),
  };
}

async function editForm(
  task: EngineTask,
  io: EngineIO,
  fields: Record<string, string | number>,
): Promise<FormData> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  // gpt-image takes several reference images as `image[]`; one image is plain `image`.
  const field = task.inputs.images.length > 1 ? 'image[]' : 'image';
  for (const [index, key] of task.inputs.images.entries()) {
    const bytes = await io.readInput(key);
    const mime = readImageInfo(bytes)?.mime ?? 'image/png';
    const name = `input-${index}.${mime.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png'}`;
    form.append(field, new Blob([new Uint8Array(bytes)], { type: mime }), name);
  }
  return form;
}

async function decodeImage(
  http: OpenAiHttp,
  item: { b64_json?: string | null; url?: string | null },
  signal: AbortSignal,
): Promise<Buffer> {
  if (item.b64_json) return Buffer.from(item.b64_json, 'base64');
  if (item.url) return http.download(item.url, signal);
  throw new OpenAiError('failed', 'The image API answered an item with neither b64_json nor url');
}
