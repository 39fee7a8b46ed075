import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { WorkflowGraph } from './comfyui-schemas';
import {
  executeJob,
  type FakeFailure,
  type FakeJob,
  type HistoryRecord,
  type StoredFile,
} from './fake-comfyui-executor';
import { knownNodeClasses } from './fake-comfyui-nodes';
import { checkPrompt, readBody, sendJson } from './fake-comfyui-validation';
import { readImageInfo } from './image-size';
import { probeMedia, type MediaFacts } from './media-probe';

/**
 * Test support: a ComfyUI server on loopback with the real endpoints and answer shapes
 * (/upload/image, /prompt, /ws, /history, /view, /queue, /interrupt). It records what it was
 * sent so tests can assert the graph the engine built.
 */

export type FakeComfyUiOptions = {
  /** false: the WebSocket upgrade is refused, as behind a proxy without WebSocket support. */
  websocket?: boolean;
  /** Progress messages per sampler node. */
  steps?: number;
  stepDelayMs?: number;
  /** Keep queued prompts pending until `release()`. */
  holdQueue?: boolean;
  /** What video save nodes write (default: an mp4 header with no streams). */
  videoBytes?: Buffer;
  /** The node classes `/object_info` lists (default: every class the fake validates). */
  nodeClasses?: string[];
};

export type FakeComfyUi = {
  baseUrl: string;
  prompts: Array<{ promptId: string; clientId: string; prompt: WorkflowGraph }>;
  uploads: Array<{ filename: string; bytes: Buffer; overwrite: string | null }>;
  interrupts: Array<{ promptId: string | undefined }>;
  deleted: string[];
  socketClients: string[];
  failNext(failure: FakeFailure): void;
  release(): void;
  close(): Promise<void>;
};

export async function startFakeComfyUi(options: FakeComfyUiOptions = {}): Promise<FakeComfyUi> {
  const pending: FakeJob[] = [];
  let running: FakeJob | undefined;
  let holdQueue = options.holdQueue ?? false;
  let nextFailure: FakeFailure | undefined;
  let counter = 0;
  const history = new Map<string, HistoryRecord>();
  const files = new Map<string, StoredFile>();
  const mediaFacts = new Map<string, MediaFacts>();
  const sockets = new Map<string, WebSocket>();
  const fileKey = (type: string, subfolder: string, name: string) => `${type}/${subfolder}/${name}`;

  const state: Omit<FakeComfyUi, 'baseUrl' | 'close'> = {
    prompts: [],
    uploads: [],
    interrupts: [],
    deleted: [],
    socketClients: [],
    failNext: (failure) => {
      nextFailure = failure;
    },
    release: () => {
      holdQueue = false;
      void pump();
    },
  };

  async function pump(): Promise<void> {
    if (running || holdQueue) return;
    const job = pending.shift();
    if (!job) return;
    running = job;
    const record = await executeJob(job, {
      steps: options.steps ?? 4,
      stepDelayMs: options.stepDelayMs ?? 2,
      videoBytes: options.videoBytes,
      readInputFile: (name) => files.get(fileKey('input', '', name))?.bytes,
      readInputFacts: (name) => mediaFacts.get(name),
      send: (clientId, type, data) => sockets.get(clientId)?.send(JSON.stringify({ type, data })),
      sendBinary: (clientId, bytes) => sockets.get(clientId)?.send(bytes, { binary: true }),
      saveFile: (type, subfolder, name, file) => files.set(fileKey(type, subfolder, name), file),
    });
    // As ComfyUI does: history first, then `executing: null` to say the prompt is over.
    history.set(job.promptId, record);
    running = undefined;
    sockets
      .get(job.clientId)
      ?.send(JSON.stringify({ type: 'executing', data: { node: null, prompt_id: job.promptId } }));
    void pump();
  }

  async function postPrompt(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = JSON.parse((await readBody(req)).toString('utf8')) as Record<string, unknown>;
    const failure = nextFailure;
    nextFailure = undefined;
    const check = checkPrompt(body.prompt, failure, (name) =>
      files.has(fileKey('input', '', name)),
    );
    if (!check.ok) return sendJson(res, 400, check.body);
    const prompt = check.prompt;
    const clientId = typeof body.client_id === 'string' ? body.client_id : '';
    const job: FakeJob = {
      number: counter++,
      promptId: randomUUID(),
      clientId,
      prompt,
      failure,
      interrupted: false,
    };
    state.prompts.push({ promptId: job.promptId, clientId, prompt });
    pending.push(job);
    sendJson(res, 200, { prompt_id: job.promptId, number: job.number, node_errors: {} });
    void pump();
  }

  async function uploadImage(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await new Request('http://fake/upload', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: new Uint8Array(await readBody(req)),
    }).formData();
    const image = form.get('image');
    if (!(image instanceof Blob)) return sendJson(res, 400, { error: 'image is required' });
    const filename = (image as File).name || 'image.png';
    const bytes = Buffer.from(await image.arrayBuffer());
    const overwrite =
      typeof form.get('overwrite') === 'string' ? String(form.get('overwrite')) : null;
    state.uploads.push({ filename, bytes, overwrite });
    files.set(fileKey('input', '', filename), { bytes, contentType: image.type });
    // Clips and voice tracks are read once, as LoadVideo and LoadAudio would decode them.
    const facts = readImageInfo(bytes) ? undefined : await probeMedia(bytes);
    if (facts) mediaFacts.set(filename, facts);
    sendJson(res, 200, { name: filename, subfolder: '', type: 'input' });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'POST /prompt') return postPrompt(req, res);
    if (route === 'POST /upload/image') return uploadImage(req, res);
    if (req.method === 'GET' && url.pathname.startsWith('/history/')) {
      const id = decodeURIComponent(url.pathname.slice('/history/'.length));
      const record = history.get(id);
      return sendJson(res, 200, record ? { [id]: record } : {});
    }
    if (route === 'GET /view') {
      const q = url.searchParams;
      const file = files.get(
        fileKey(q.get('type') ?? 'output', q.get('subfolder') ?? '', q.get('filename') ?? ''),
      );
      if (!file) return sendJson(res, 404, { error: 'not found' });
      res.writeHead(200, { 'content-type': file.contentType });
      return void res.end(file.bytes);
    }
    if (route === 'GET /system_stats') {
      return sendJson(res, 200, {
        system: { os: 'posix', comfyui_version: '0.3.66', python_version: '3.12.3' },
        devices: [{ name: 'cuda:0 Fake GPU', type: 'cuda', vram_total: 25_769_803_776 }],
      });
    }
    if (route === 'GET /object_info') {
      const classes = options.nodeClasses ?? knownNodeClasses;
      return sendJson(
        res,
        200,
        Object.fromEntries(classes.map((name) => [name, { name, display_name: name, input: {} }])),
      );
    }
    if (route === 'GET /queue') {
      const item = (job: FakeJob) => [
        job.number,
        job.promptId,
        job.prompt,
        { client_id: job.clientId },
        [],
      ];
      return sendJson(res, 200, {
        queue_running: running ? [item(running)] : [],
        queue_pending: pending.map(item),
      });
    }
    if (route === 'POST /queue') {
      const body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as {
        delete?: string[];
      };
      for (const id of body.delete ?? []) {
        const index = pending.findIndex((job) => job.promptId === id);
        if (index >= 0) pending.splice(index, 1);
        state.deleted.push(id);
      }
      return void res.writeHead(200).end();
    }
    if (route === 'POST /interrupt') {
      const text = (await readBody(req)).toString('utf8');
      const promptId = text
        ? ((JSON.parse(text) as { prompt_id?: string }).prompt_id ?? undefined)
        : undefined;
      state.interrupts.push({ promptId });
      if (running && (!promptId || promptId === running.promptId)) running.interrupted = true;
      return void res.writeHead(200).end();
    }
    sendJson(res, 404, { error: `no route ${route}` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => sendJson(res, 500, { error: String(err) }));
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (options.websocket === false || url.pathname !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const clientId = url.searchParams.get('clientId') ?? randomUUID().replaceAll('-', '');
      sockets.set(clientId, ws);
      state.socketClients.push(clientId);
      ws.on('close', () => sockets.delete(clientId));
      const exec_info = { queue_remaining: pending.length + (running ? 1 : 0) };
      ws.send(JSON.stringify({ type: 'status', data: { status: { exec_info }, sid: clientId } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    ...state,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      for (const ws of sockets.values()) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
