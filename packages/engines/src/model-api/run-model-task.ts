import { taskTypeDefinitions, type TaskType } from '@lumen/contracts/task-types';
import type { EngineIO, EngineOutput, EngineTask } from '../engine';
import { maskedTaskTypes } from '../edit-images';
import { EngineCancelledError } from '../local/cancellation';
import { resolveInputs, sendBytes, type InputSender, type ResolvedInputs } from './input-media';
import { effectPrompt, joinsTwoPictures, sideBySide } from '../video-inputs';
import { probeMedia, type MediaFacts } from '../comfyui/media-probe';
import { joinExtension, lastFrame } from './clip-extension';
import type { ModelApiHttp } from './model-api-http';
import { hasHostedModel, planModel, type ModelApiProvider } from './model-table';
import { finishImageTool } from '../image-tool-finish';
import { modelPictures, studioPrompt } from '../studio-prompts';
import { collectOutputUrls, downloadOutputs } from './outputs';
import { ModelApiError } from './model-api-errors';
import { speechInput, speechModels } from './speech-models';

/** One remote job: submit `input` to `model`, follow it, answer the model's raw output. */
export type RunJob = (job: {
  model: string;
  input: Record<string, unknown>;
  /** This job's share of the task's progress. */
  range: [number, number];
  deadline: number;
}) => Promise<unknown>;

export type ModelTaskDeps = {
  provider: ModelApiProvider;
  http: ModelApiHttp;
  sender: InputSender;
  runJob: RunJob;
  /** A whole task's time limit; by default 5 min for images, 15 min for video and 3D. */
  timeoutMs?: number;
  maxOutputBytes?: number;
};

const defaultMaxOutputBytes = 512 * 1024 * 1024;

export const supportsAnyTaskType = (taskType: TaskType): boolean => hasHostedModel(taskType);

/**
 * Runs a task on a hosted model API: picks the model and maps the settings (model-table),
 * sends the inputs as URLs or bytes, runs as many jobs as the count needs (a model makes at
 * most `maxPerCall` outputs per job; each further job takes the next seed), and downloads
 * the outputs into the task at once, since the APIs' URLs expire.
 */
export async function runModelTask(
  task: EngineTask,
  io: EngineIO,
  deps: ModelTaskDeps,
): Promise<EngineOutput[]> {
  if (io.signal.aborted || !(await io.progress(1))) throw new EngineCancelledError();
  const media = taskTypeDefinitions[task.taskType].media;
  const timeoutMs = deps.timeoutMs ?? (media === 'image' ? 5 : 15) * 60_000;
  const deadline = Date.now() + timeoutMs;
  if (!hasHostedModel(task.taskType)) {
    throw new ModelApiError('bad_input', `No hosted model runs ${task.taskType}`);
  }
  const portrait = task.inputs.videos.length === 0 && task.inputs.images.length > 0;
  const reference = task.settings.tattoo?.reference === true;
  const plan = planModel(deps.provider, task.taskType, task.route, { portrait, reference });
  if (task.taskType === 'outpaint' && !task.settings.outpaint) {
    throw new ModelApiError('bad_input', 'outpaint needs how far each side of the picture grows');
  }
  if (maskedTaskTypes.has(task.taskType) && !task.inputs.masks?.[0]) {
    throw new ModelApiError('bad_input', `${task.taskType} needs a mask`);
  }
  const speech = task.taskType === 'mouth_speech' ? task.settings.speech : undefined;
  if (task.taskType === 'mouth_speech' && task.inputs.audios.length === 0 && !speech) {
    throw new ModelApiError('bad_input', 'Lip sync needs a voice track or a text with a voice');
  }
  const extend = task.taskType === 'video_extend' ? await readClip(task, io) : undefined;
  // The model sees only the pictures it draws from (a tattoo's body photo is for the mockup).
  const drawnFrom = { ...task, inputs: { ...task.inputs, images: modelPictures(task) } };
  const resolved = await prepareInputs(drawnFrom, io, deps.sender, extend);
  // Neither API's lip-sync or talking-head model speaks a text: a speech model voices it
  // first, and its sound becomes the voice track.
  if (speech && resolved.audios.length === 0) {
    resolved.audios = [await speakOnApi(deps, speech, deadline)];
  }
  // An effect template runs with its own prompt (the user's words after it); a studio with
  // the prompt its settings make.
  const settings = {
    ...task.settings,
    prompt: effectPrompt(task.settings) ?? studioPrompt(task.settings) ?? task.settings.prompt,
  };
  const wanted = settings.count;
  const jobs = Math.ceil(wanted / plan.maxPerCall);
  const outputs: EngineOutput[] = [];
  let made = 0;
  for (let index = 0; index < jobs && made < wanted; index += 1) {
    const count = Math.min(plan.maxPerCall, wanted - made);
    const seed = (settings.seed + index) % 2 ** 32;
    const from = 2 + Math.floor((95 * index) / jobs);
    const to = 2 + Math.floor((95 * (index + 1)) / jobs);
    const output = await deps.runJob({
      model: plan.model,
      input: plan.input({ taskType: task.taskType, settings, media: resolved, count, seed }),
      range: [from, to - 1],
      deadline,
    });
    const files = await downloadOutputs(collectOutputUrls(output), {
      http: deps.http,
      signal: io.signal,
      media,
      maxBytes: deps.maxOutputBytes ?? defaultMaxOutputBytes,
      seed,
      durationS: media === 'video' ? settings.durationS : undefined,
      transformVideo: extend
        ? (video) => joinExtension(extend.bytes, extend.facts, video, io.signal)
        : undefined,
    });
    if (io.signal.aborted) throw new EngineCancelledError();
    // Posters travel with their result; only results count toward the task's count.
    for (const file of files) {
      if (file.role === 'poster') {
        if (outputs.at(-1)?.role !== 'poster' && outputs.length > 0) outputs.push(file);
        continue;
      }
      if (made >= wanted) break;
      outputs.push(file);
      made += 1;
    }
    if (!(await io.progress(Math.min(99, to)))) throw new EngineCancelledError();
  }
  return finishImageTool(task, io, outputs);
}

/** A text spoken in a preset voice by the provider's speech model: the sound's address. */
async function speakOnApi(
  deps: ModelTaskDeps,
  speech: { text: string; voice: string },
  deadline: number,
): Promise<string> {
  const output = await deps.runJob({
    model: speechModels[deps.provider],
    input: speechInput(deps.provider, speech),
    range: [1, 2],
    deadline,
  });
  const [url] = collectOutputUrls(output);
  if (!url) throw new ModelApiError('failed', 'The speech model answered no sound');
  return url;
}

/** The clip a video extend continues, read and measured; a file that is no video is refused. */
async function readClip(
  task: EngineTask,
  io: EngineIO,
): Promise<{ bytes: Buffer; facts: MediaFacts }> {
  const key = task.inputs.videos[0];
  if (!key) throw new ModelApiError('bad_input', 'video_extend needs an input clip');
  const bytes = await io.readInput(key);
  const facts = await probeMedia(bytes, io.signal).catch((err: unknown) => {
    throw io.signal.aborted ? new EngineCancelledError() : err;
  });
  if (!facts?.width || !facts.height) {
    throw new ModelApiError('bad_input', 'The input clip is not a readable video');
  }
  return { bytes, facts };
}

/**
 * The task's inputs as the model takes them: as they are for most tools; for a video extend,
 * the clip's last frame as the picture the image-to-video model starts from; for a
 * two-person effect, both pictures side by side as the one start frame.
 */
async function prepareInputs(
  task: EngineTask,
  io: EngineIO,
  sender: InputSender,
  extend: { bytes: Buffer } | undefined,
): Promise<ResolvedInputs> {
  if (extend) {
    const frame = await lastFrame(extend.bytes, io.signal);
    return {
      images: [await sendBytes(sender, frame, 'images', 0)],
      videos: [],
      audios: [],
      masks: [],
    };
  }
  const resolved = await resolveInputs(task.inputs, io, sender, {
    // An expand tells the model where the picture sits; a brush's tracks are in its pixels.
    measureImage: task.taskType === 'outpaint' || task.taskType === 'video_motion_brush',
  });
  const [clipKey] = task.inputs.videos;
  if (task.taskType === 'video_creative_upscaler' && clipKey) {
    const facts = await probeMedia(await io.readInput(clipKey), io.signal);
    if (facts?.width) resolved.videoSize = { width: facts.width, height: facts.height };
  }
  if (!joinsTwoPictures(task.settings, task.inputs.images.length)) return resolved;
  const [left, right] = await Promise.all(
    task.inputs.images.slice(0, 2).map((key) => io.readInput(key)),
  );
  const joined = await sideBySide(left!, right!);
  return { ...resolved, images: [await sendBytes(sender, joined, 'images', 0)] };
}
