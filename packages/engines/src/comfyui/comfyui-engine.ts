import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { fitMask, type Size } from '../edit-images';
import type { Engine, EngineIO, EngineOutput, EngineTask } from '../engine';
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
import { addMissingSoundEffects } from './sound-fallback';
import {
  applyRoute,
  createWorkflowLoader,
  fillWorkflow,
  workflowTemplates,
} from './workflow-templates';
import { buildWorkflowValues } from './workflow-values';

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
    const template = workflowTemplates[task.taskType];
    if (!template) {
      throw new ComfyUiError('bad_input', `ComfyUI has no workflow for task type ${task.taskType}`);
    }
    if (task.inputs.images.length < template.inputImages) {
      throw new ComfyUiError(
        'bad_input',
        `${task.taskType} needs ${template.inputImages} input image(s), got ${task.inputs.images.length}`,
      );
    }
    const maskKey = task.inputs.masks?.[0];
    if (template.inputMask && !maskKey) {
      throw new ComfyUiError('bad_input', `${task.taskType} needs a mask`);
    }
    if (task.taskType === 'outpaint' && !task.settings.outpaint) {
      throw new ComfyUiError('bad_input', 'outpaint needs how far each side of the picture grows');
    }
    const report = createProgressReporter(io, stop);

    const uploaded = await uploadInputs(http, task, io, template.inputImages, stop.signal);
    const maskName =
      template.inputMask && maskKey
        ? await uploadMask(http, task, io, maskKey, uploaded.firstSize, stop.signal)
        : undefined;
    const values = buildWorkflowValues(task.settings, {
      media: template.media,
      taskId: task.id,
      imageNames: uploaded.names,
      imageSize: uploaded.firstSize,
      maskName,
    });
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
      await followPrompt({ promptId, graph, socket, stop, report });
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
        await addMissingSoundEffects(task, outputs, stop.signal),
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

/** LoadImage takes files in input subfolders as "subfolder/name". */
const inputName = (uploaded: { name: string; subfolder?: string }) =>
  uploaded.subfolder ? `${uploaded.subfolder}/${uploaded.name}` : uploaded.name;

async function uploadInputs(
  http: ComfyUiHttp,
  task: EngineTask,
  io: EngineIO,
  count: number,
  signal: AbortSignal,
): Promise<{ names: string[]; firstSize?: Size }> {
  const names: string[] = [];
  let firstSize: Size | undefined;
  for (const [index, key] of task.inputs.images.slice(0, count).entries()) {
    const bytes = await io.readInput(key);
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
