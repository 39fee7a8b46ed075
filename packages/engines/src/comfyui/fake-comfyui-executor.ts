import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { defaultFfmpegPath } from '../local/ffmpeg-encoder';
import type { WorkflowGraph } from './comfyui-schemas';
import { createShapeReader, type ClipShape } from './fake-comfyui-shapes';
import { createPng } from './fake-png';
import type { MediaFacts } from './media-probe';

/**
 * Test support: "runs" a prompt the way ComfyUI reports it — WebSocket events in ComfyUI's
 * order and shapes, output files for the save nodes, and a /history entry at the end.
 */

export type FakeFailure =
  { kind: 'node_errors'; message?: string } | { kind: 'execution_error'; message?: string };

export type FakeJob = {
  number: number;
  promptId: string;
  clientId: string;
  prompt: WorkflowGraph;
  failure?: FakeFailure;
  interrupted: boolean;
};

export type StoredFile = { bytes: Buffer; contentType: string };

export type HistoryRecord = {
  prompt: unknown[];
  outputs: Record<string, Record<string, unknown>>;
  status: {
    status_str: 'success' | 'error';
    completed: boolean;
    messages: Array<[string, unknown]>;
  };
  meta: Record<string, unknown>;
};

export type ExecutorContext = {
  steps: number;
  stepDelayMs: number;
  videoBytes?: Buffer;
  /** A file of the server's input folder (what /upload/image stored), by LoadImage's name. */
  readInputFile(name: string): Buffer | undefined;
  /** What ffprobe read of an uploaded clip or voice track, by its name. */
  readInputFacts(name: string): MediaFacts | undefined;
  send(clientId: string, type: string, data: Record<string, unknown>): void;
  /** A binary frame, as ComfyUI sends its live previews. */
  sendBinary(clientId: string, bytes: Buffer): void;
  saveFile(type: string, subfolder: string, filename: string, file: StoredFile): void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** ISO BMFF `ftyp` box: enough for anything that sniffs an mp4. */
const fakeMp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom', 'ascii'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isommp41', 'ascii'),
]);
/** A GLB header (magic, version 2, total length) with no chunks. */
const fakeGlb = Buffer.from([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 12, 0, 0, 0]);

function numericInput(prompt: WorkflowGraph, names: string[]): number | undefined {
  for (const node of Object.values(prompt)) {
    for (const name of names) {
      const value = node.inputs[name];
      if (typeof value === 'number') return value;
    }
  }
  return undefined;
}

/** ComfyUI's `filename_prefix` may hold a subfolder: "lumen/task-1" → lumen, task-1. */
function splitPrefix(prefix: unknown): { subfolder: string; name: string } {
  const text = typeof prefix === 'string' && prefix ? prefix : 'ComfyUI';
  const cut = text.lastIndexOf('/');
  return cut < 0
    ? { subfolder: '', name: text }
    : { subfolder: text.slice(0, cut), name: text.slice(cut + 1) };
}

const run = promisify(execFile);

/**
 * A real H.264 MP4 of the clip's size, frame count and rate (a flat colour), with a tone of
 * the sound's length when it has one: what a real SaveVideo would hand back, so the engine's
 * reading of sizes and lengths is tested against real files.
 */
async function renderClip(clip: ClipShape): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'fake-comfyui-'));
  try {
    const out = join(dir, 'out.mp4');
    const size = `${clip.width}x${clip.height}`;
    const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'];
    args.push('-i', `color=c=0x336699:s=${size}:r=${clip.fps}`);
    if (clip.audioS) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${clip.audioS}`);
    args.push('-frames:v', String(clip.frames), '-c:v', 'libx264', '-preset', 'ultrafast');
    args.push('-pix_fmt', 'yuv420p');
    if (clip.audioS) args.push('-c:a', 'aac');
    args.push('-y', out);
    await run(defaultFfmpegPath(), args);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function produceOutput(
  job: FakeJob,
  node: WorkflowGraph[string],
  ctx: ExecutorContext,
): Promise<Record<string, unknown> | undefined> {
  const { subfolder, name } = splitPrefix(node.inputs.filename_prefix);
  const save = (key: string, filename: string, file: StoredFile, extra: object = {}) => {
    ctx.saveFile('output', subfolder, filename, file);
    return { [key]: [{ filename, subfolder, type: 'output', ...extra }] };
  };
  switch (node.class_type) {
    case 'SaveImage': {
      const count = numericInput(job.prompt, ['batch_size', 'amount']) ?? 1;
      const shape = createShapeReader(job.prompt, ctx.readInputFile).sizeOf(node.inputs.images);
      const width = shape?.width ?? numericInput(job.prompt, ['width']) ?? 64;
      const height = shape?.height ?? numericInput(job.prompt, ['height']) ?? 64;
      const images = Array.from({ length: count }, (_, i) => {
        const filename = `${name}_${String(i + 1).padStart(5, '0')}_.png`;
        ctx.saveFile('output', subfolder, filename, {
          bytes: createPng(width, height),
          contentType: 'image/png',
        });
        return { filename, subfolder, type: 'output' };
      });
      return { images };
    }
    case 'VHS_VideoCombine':
      return save(
        'gifs',
        `${name}_00001.mp4`,
        { bytes: ctx.videoBytes ?? fakeMp4, contentType: 'video/mp4' },
        {
          format: 'video/h264-mp4',
          frame_rate: node.inputs.frame_rate,
        },
      );
    case 'SaveVideo': {
      const reader = createShapeReader(job.prompt, ctx.readInputFile, ctx.readInputFacts);
      const clip = reader.clipOf(node.inputs.video);
      const bytes = clip ? await renderClip(clip) : (ctx.videoBytes ?? fakeMp4);
      // ComfyUI's PreviewVideo lists the file under `images`, marked animated.
      return {
        ...save('images', `${name}_00001_.mp4`, { bytes, contentType: 'video/mp4' }),
        animated: [true],
      };
    }
    case 'SaveGLB':
      return save('3d', `${name}_00001_.glb`, { bytes: fakeGlb, contentType: 'model/gltf-binary' });
    default:
      return undefined;
  }
}

/**
 * A sampler's live preview as ComfyUI frames it: event type 1 (preview image), format 2
 * (PNG), then the picture, here a small one that brightens as the steps go by.
 */
function previewFrame(done: number): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(2, 4);
  const level = Math.round(60 + 160 * done);
  return Buffer.concat([header, createPng(32, 32, [level, level, 255])]);
}

export async function executeJob(job: FakeJob, ctx: ExecutorContext): Promise<HistoryRecord> {
  const messages: Array<[string, unknown]> = [];
  const prompt_id = job.promptId;
  const send = (type: string, data: Record<string, unknown>) => ctx.send(job.clientId, type, data);
  const record = (type: string, data: Record<string, unknown>) => {
    const stamped = { ...data, prompt_id, timestamp: Date.now() };
    messages.push([type, stamped]);
    send(type, stamped);
  };
  const finish = (outputs: HistoryRecord['outputs'], ok: boolean): HistoryRecord => ({
    prompt: [job.number, prompt_id, job.prompt, { client_id: job.clientId }, Object.keys(outputs)],
    outputs,
    status: { status_str: ok ? 'success' : 'error', completed: ok, messages },
    meta: {},
  });

  record('execution_start', {});
  record('execution_cached', { nodes: [] });
  const outputs: HistoryRecord['outputs'] = {};
  for (const [nodeId, node] of Object.entries(job.prompt)) {
    send('executing', { node: nodeId, display_node: nodeId, prompt_id });
    if ('steps' in node.inputs) {
      if (job.failure?.kind === 'execution_error') {
        record('execution_error', {
          node_id: nodeId,
          node_type: node.class_type,
          executed: [],
          exception_message: job.failure.message ?? 'Allocation on device',
          exception_type: 'torch.OutOfMemoryError',
          traceback: [],
          current_inputs: {},
          current_outputs: {},
        });
        return finish({}, false);
      }
      for (let value = 1; value <= ctx.steps && !job.interrupted; value += 1) {
        await sleep(ctx.stepDelayMs);
        send('progress', { value, max: ctx.steps, prompt_id, node: nodeId });
        ctx.sendBinary(job.clientId, previewFrame(value / ctx.steps));
      }
    }
    if (job.interrupted) {
      record('execution_interrupted', {
        node_id: nodeId,
        node_type: node.class_type,
        executed: [],
      });
      return finish({}, false);
    }
    const output = await produceOutput(job, node, ctx);
    if (output) {
      outputs[nodeId] = output;
      send('executed', { node: nodeId, display_node: nodeId, output, prompt_id });
    }
  }
  record('execution_success', {});
  return finish(outputs, true);
}
