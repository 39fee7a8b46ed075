import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { fitMask, type Size } from '../edit-images';
import type { Engine, EngineIO, EngineOutput, EnginePreview, EngineTask } from '../engine';
import { ComfyUiError, cancelledError, formatDuration } from './comfyui-errors';
import { createComfyUiHttp, type ComfyUiHttp } from './comfyui-http';
import { finishImageTool } from '../image-tool-finish';
import { downloadOutputs } from './comfyui-outputs';
import type { WorkflowGraph } from './comfyui-schemas';
import {
  openProgressSocket,
  type ProgressSocket,
  type WebSocketConstructor,
} from './comfyui-socket';
import { getFinishedHistory, waitForPrompt } from './comfyui-wait';
import { readImageInfo } from './image-size';
import { detectMedia } from '../model-api/media-type';
import { addMissingSoundEffects } from './sound-fallback';
import {
  applyRoute,
  createWorkflowLoader,
  fillWorkflow,
  templateFor,
  workflowTemplates,
  type WorkflowTemplate,
} from './workflow-templates';
import { buildWorkflowValues, videoDimensions } from './workflow-values';
import { probeMedia, type MediaFacts } from './media-probe';
import { buildTracks } from './motion-tracks';
import { joinsTwoPictures, sideBySide } from '../video-inputs';
import { characterPrompt } from '../character-prompt';
import { speak } from '../local/speech/speak';

export type ComfyUiEngineOptions = {
  /** ComfyUI server, e.g. `http://127.0.0.1:8188` (COMFYUI_URL). */
  baseUrl: string;
  /** Prefix of the WebSocket client id; each run appends its own suffix. */
  clientId?: string;
  /** Limit for each HTTP call and the WebSocket handshake (default 30 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  WebSocketImpl?: WebSocketConstructor;
  /** Folder of workflow templates, to replace the bundled ones (same file names). */
  workflowDir?: URL | string;
  /** /history polling interval when the WebSocket is unavailable (default 1 s). */
  pollIntervalMs?: number;
  /** Longest a queued prompt may take, queue wait included (default 30 min). */
  runTimeoutMs?: number;
};

const maxSocketConnectMs = 5_000;

/** `ws` also has a `new WebSocket(null)` overload (server side), which hides the one we use. */
class NodeWebSocket extends WebSocket {
  constructor(url: string) {
    super(url);
  }
}

export function createComfyUiEngine(options: ComfyUiEngineOptions): Engine {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const runTimeoutMs = options.runTimeoutMs ?? 30 * 60_000;
  const http = createComfyUiHttp({
    baseUrl: options.baseUrl,
    timeoutMs,
    fetch: options.fetch ?? globalThis.fetch,
  });
  const loadWorkflow = createWorkflowLoader(options.workflowDir);
  const clientPrefix = options.clientId ?? 'lumen';
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const WebSocketImpl = options.WebSocketImpl ?? NodeWebSocket;

  function socketUrl(clientId: string): string {
    const url = new URL('ws', http.baseUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('clientId', clientId);
    return url.toString();
  }

  async function run(
    task: EngineTask,
    io: EngineIO,
    stop: AbortController,
  ): Promise<EngineOutput[]> {
    const template = templateFor(task);
    if (!template) {
      throw new ComfyUiError('bad_input', `ComfyUI has no workflow for task type ${task.taskType}`);
    }
    checkInputs(task, template);
    const report = createProgressReporter(io, stop);

    const uploaded = await uploadInputs(http, task, io, template, stop.signal);
    const maskKey = task.inputs.masks?.[0];
    const maskName =
      template.inputMask && maskKey
        ? await uploadMask(http, task, io, maskKey, uploaded.firstSize, stop.signal)
        : undefined;
    const clip = template.inputVideo
      ? await uploadMedia(http, task, io, 'clip', stop.signal)
      : undefined;
    const voice = template.inputAudio
      ? await uploadMedia(http, task, io, 'voice', stop.signal, await spokenText(task))
      : undefined;
    const tracks = template.tracks ? await trackValues(task, io, uploaded.firstSize) : undefined;
    // A character tool asks for the person of its references in so many words.
    const prompt = characterPrompt({ taskType: task.taskType, settings: task.settings });
    const values = buildWorkflowValues(
      { ...task.settings, prompt },
      {
        media: template.media,
        taskId: task.id,
        imageNames: uploaded.names,
        imageSize: uploaded.firstSize,
        maskName,
        clip,
        voice,
        tracks: tracks?.json,
      },
    );
    if (tracks) Object.assign(values, tracks.frame);
    const graph = applyRoute(fillWorkflow(await loadWorkflow(template.file), values), task.route);
    await report(2);
    if (stop.signal.aborted) throw stop.signal.reason;

    // ComfyUI keeps one socket per client id, so concurrent runs must not share one.
    const clientId = `${clientPrefix}-${randomUUID()}`;
    const socket = await openProgressSocket(
      socketUrl(clientId),
      WebSocketImpl,
      Math.min(timeoutMs, maxSocketConnectMs),
    );
    try {
      // Not abortable: a prompt the server queued must be known to be taken back off it.
      const { prompt_id: promptId } = await http.queuePrompt(graph, clientId);
      void report(5);
      const preview = createPreviewForwarder(io);
      await followPrompt({ promptId, graph, socket, stop, report, preview });
      const entry = await getFinishedHistory(http, promptId, stop.signal, pollIntervalMs);
      const frames = Number(values.frames);
      const fps = Number(values.fps);
      const outputs = await downloadOutputs(
        http,
        entry,
        {
          seed: task.settings.seed,
          video: {
            width: Number(values.width),
            height: Number(values.height),
            durationS: frames / fps,
          },
        },
        stop.signal,
      );
      return await finishImageTool(
        task,
        io,
        await addMissingSoundEffects(task, await measureVideos(outputs), stop.signal),
      );
    } finally {
      socket?.close();
    }
  }

  /** Waits for the queued prompt; on cancel or timeout takes it off the server too. */
  async function followPrompt(job: {
    promptId: string;
    graph: WorkflowGraph;
    socket: ProgressSocket | undefined;
    stop: AbortController;
    report: (percent: number) => Promise<void>;
    preview?: (image: EnginePreview) => void;
  }): Promise<void> {
    const { promptId, stop } = job;
    const timer = setTimeout(() => {
      const limit = formatDuration(runTimeoutMs);
      stop.abort(new ComfyUiError('timeout', `ComfyUI did not finish the task within ${limit}`));
    }, runTimeoutMs);
    try {
      await waitForPrompt({
        http,
        socket: job.socket,
        promptId,
        graph: job.graph,
        pollIntervalMs,
        stop: stop.signal,
        onProgress: (percent) => void job.report(percent),
        onPreview: job.preview,
      });
    } catch (err) {
      if (stop.signal.aborted) await cancelRemotely(http, promptId);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    name: 'comfyui',
    supports: (taskType) => workflowTemplates[taskType] !== undefined,
    async run(task, io) {
      if (io.signal.aborted) throw cancelledError();
      const stop = new AbortController();
      const onAbort = () => stop.abort(cancelledError());
      io.signal.addEventListener('abort', onAbort, { once: true });
      try {
        return await run(task, io, stop);
      } catch (err) {
        // Whatever stopped the run (cancel, timeout, a failed progress report) is the real cause.
        throw stop.signal.aborted ? stop.signal.reason : err;
      } finally {
        io.signal.removeEventListener('abort', onAbort);
      }
    },
  };
}

/**
 * Reports rising whole percentages one at a time, in order; a `false` answer or a failed
 * report stops the run.
 */
function createProgressReporter(io: EngineIO, stop: AbortController) {
  let last = 0;
  let chain: Promise<void> = Promise.resolve();
  return (percent: number): Promise<void> => {
    const value = Math.min(99, Math.floor(percent));
    if (value <= last) return chain;
    last = value;
    chain = chain
      .then(async () => {
        if (stop.signal.aborted) return;
        if (!(await io.progress(value))) stop.abort(cancelledError());
      })
      .catch((err: unknown) => stop.abort(err));
    return chain;
  };
}

/** A sampler sends a preview per step; the card needs about one a second. */
const previewIntervalMs = 1_000;

/**
 * Passes the sampler's previews on at most once a second, one at a time: a slow delivery
 * drops the previews that arrive meanwhile rather than queueing stale pictures.
 */
function createPreviewForwarder(io: EngineIO): ((image: EnginePreview) => void) | undefined {
  const send = io.preview?.bind(io);
  if (!send) return undefined;
  let last = 0;
  let busy = false;
  return (image) => {
    const now = Date.now();
    if (busy || now - last < previewIntervalMs) return;
    last = now;
    busy = true;
    send(image)
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  };
}

/** LoadImage takes files in input subfolders as "subfolder/name". */
const inputName = (uploaded: { name: string; subfolder?: string }) =>
  uploaded.subfolder ? `${uploaded.subfolder}/${uploaded.name}` : uploaded.name;

/**
 * Refuses, before anything is uploaded, a task that lacks what its graph loads: pictures, a
 * mask, a clip, a voice track, the brushed areas, an expand's sides.
 */
function checkInputs(task: EngineTask, template: WorkflowTemplate): void {
  const { inputs, settings, taskType } = task;
  if (inputs.images.length < template.inputImages) {
    throw new ComfyUiError(
      'bad_input',
      `${taskType} needs ${template.inputImages} input image(s), got ${inputs.images.length}`,
    );
  }
  if (template.inputMask && !inputs.masks?.[0]) {
    throw new ComfyUiError('bad_input', `${taskType} needs a mask`);
  }
  if (template.inputVideo && !inputs.videos[0]) {
    throw new ComfyUiError('bad_input', `${taskType} needs an input clip`);
  }
  if (template.inputAudio && !inputs.audios[0] && !settings.speech) {
    throw new ComfyUiError('bad_input', `${taskType} needs a voice track`);
  }
  if (template.tracks && !settings.motionBrush?.areas.length) {
    throw new ComfyUiError('bad_input', 'The magic brush needs at least one area with a track');
  }
  if (taskType === 'outpaint' && !settings.outpaint) {
    throw new ComfyUiError('bad_input', 'outpaint needs how far each side of the picture grows');
  }
}

async function uploadInputs(
  http: ComfyUiHttp,
  task: EngineTask,
  io: EngineIO,
  template: WorkflowTemplate,
  signal: AbortSignal,
): Promise<{ names: string[]; firstSize?: Size }> {
  const keys = task.inputs.images.slice(0, template.maxImages ?? template.inputImages);
  let pictures = await Promise.all(keys.map((key) => io.readInput(key)));
  // A two-person effect (hug, kiss) starts from both pictures side by side in one frame.
  if (joinsTwoPictures(task.settings, task.inputs.images.length) && template.inputImages === 1) {
    const [left, right] = await Promise.all(
      task.inputs.images.slice(0, 2).map((key) => io.readInput(key)),
    );
    if (left && right) pictures = [await sideBySide(left, right)];
  }
  const names: string[] = [];
  let firstSize: Size | undefined;
  for (const [index, bytes] of pictures.entries()) {
    const info = readImageInfo(bytes);
    if (index === 0 && info) firstSize = { width: info.width, height: info.height };
    const extension = info?.mime.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
    const uploaded = await http.uploadImage(
      bytes,
      `lumen-${task.id}-${index}.${extension}`,
      signal,
    );
    names.push(inputName(uploaded));
  }
  return { names, firstSize };
}

/** File extensions ComfyUI's loaders recognise, by what the bytes are. */
const mediaExtensions: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
};

/**
 * Uploads the task's clip or voice track beside the pictures (ComfyUI's /upload/image takes
 * any file into its input folder; LoadVideo and LoadAudio list them from there) after reading
 * what the graph needs to know of it. A file ffprobe cannot read, or a "clip" without a
 * picture, is refused here rather than deep inside ComfyUI.
 */
async function uploadMedia(
  http: ComfyUiHttp,
  task: EngineTask,
  io: EngineIO,
  role: 'clip' | 'voice',
  signal: AbortSignal,
  /** The voice track when the engine made it (a text spoken in a preset voice). */
  made?: Buffer,
): Promise<{ name: string; facts: MediaFacts }> {
  const key = role === 'clip' ? task.inputs.videos[0] : task.inputs.audios[0];
  const bytes = made ?? (await io.readInput(key!));
  const facts = await probeMedia(bytes, signal);
  if (!facts || (role === 'clip' && (!facts.width || !facts.height))) {
    throw new ComfyUiError(
      'bad_input',
      role === 'clip'
        ? 'The input clip is not a readable video'
        : 'The voice track is not readable audio',
    );
  }
  const mime = detectMedia(bytes)?.mime ?? '';
  const extension = mediaExtensions[mime] ?? (role === 'clip' ? 'mp4' : 'wav');
  const uploaded = await http.uploadImage(bytes, `lumen-${task.id}-${role}.${extension}`, signal);
  return { name: inputName(uploaded), facts };
}

/**
 * A lip sync from text: the lip-sync graphs (LatentSync, the talking-head graph) take a voice
 * track and have no speech model, so the text is spoken first in its preset voice by the CPU
 * engine's synthesiser (offline, a fraction of a second) and that WAV is uploaded as the track.
 * A task that brought its own track, or is no lip sync, answers nothing.
 */
async function spokenText(task: EngineTask): Promise<Buffer | undefined> {
  const speech = task.settings.speech;
  if (task.inputs.audios[0] || !speech) return undefined;
  try {
    return (await speak(speech.text, speech.voice)).wav;
  } catch (error) {
    throw new ComfyUiError(
      'bad_input',
      `The text could not be spoken: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
}

/**
 * The magic brush's tracks for `WanTrackToVideo`, in pixels of the frame the model draws
 * (the picture's shape at the chosen resolution), with that frame's size.
 */
async function trackValues(
  task: EngineTask,
  io: EngineIO,
  picture: Size | undefined,
): Promise<{ json: string; frame: Size }> {
  const shape = picture ? `${picture.width}:${picture.height}` : task.settings.ratio;
  const frame = videoDimensions(shape, task.settings.resolution);
  const masks = await Promise.all((task.inputs.masks ?? []).map((key) => io.readInput(key)));
  const areas = task.settings.motionBrush?.areas ?? [];
  return { json: await buildTracks(areas, masks, frame), frame };
}

/**
 * Reads each video's real size and length (the new graphs join, trim and rescale clips, so
 * what was asked is not always what came back); a file ffprobe cannot read keeps the asked
 * values.
 */
async function measureVideos(outputs: EngineOutput[]): Promise<EngineOutput[]> {
  return Promise.all(
    outputs.map(async (output) => {
      if (output.kind !== 'video') return output;
      const facts = await probeMedia(output.bytes).catch(() => undefined);
      if (!facts?.width) return output;
      return {
        ...output,
        width: facts.width,
        height: facts.height,
        durationS: facts.durationS || output.durationS,
      };
    }),
  );
}

/**
 * Uploads the mask as a greyscale PNG of the picture's exact size (the gateway only checks
 * its shape), so LoadImageMask's red channel is the mask and nothing is stretched twice.
 */
async function uploadMask(
  http: ComfyUiHttp,
  task: EngineTask,
  io: EngineIO,
  key: string,
  pictureSize: Size | undefined,
  signal: AbortSignal,
): Promise<string> {
  const raw = await io.readInput(key);
  const bytes = pictureSize ? await fitMask(raw, pictureSize) : raw;
  const uploaded = await http.uploadImage(bytes, `lumen-${task.id}-mask.png`, signal);
  return inputName(uploaded);
}

/** Stops our prompt wherever it is: still queued → removed; running → interrupted. */
async function cancelRemotely(http: ComfyUiHttp, promptId: string): Promise<void> {
  try {
    let queue = await http.getQueue();
    if (queue.pending.includes(promptId)) {
      await http.deleteQueued([promptId]);
      // It may have started between the two calls.
      queue = await http.getQueue();
    }
    if (queue.running.includes(promptId)) await http.interrupt(promptId);
  } catch {
    // Queue unreadable (old server, proxy): interrupting by id is still safe on current ComfyUI.
    await http.interrupt(promptId).catch(() => undefined);
  }
}
