import type { EnginePreview } from '../engine';
import { executionErrorSchema, socketMessageSchema, type SocketMessage } from './comfyui-schemas';

/** The part of the WebSocket API the engine uses; `ws` and the browser's both fit. */
export interface WebSocketLike {
  addEventListener(
    type: 'open' | 'message' | 'error' | 'close',
    listener: (event: unknown) => void,
  ): void;
  close(): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/**
 * What a ComfyUI WebSocket message means for one prompt. Only `executing` with `node: null`
 * means done: ComfyUI sends it after writing the history, `execution_success` before.
 */
export type ExecutionEvent =
  | { type: 'executing'; node: string }
  | { type: 'progress'; node: string | undefined; value: number; max: number }
  | { type: 'done' }
  | { type: 'error'; message: string }
  | { type: 'interrupted' }
  | { type: 'lost' }
  | { type: 'preview'; image: EnginePreview };

export type ExecutionListener = (event: ExecutionEvent) => void;

export type ProgressSocket = {
  subscribe(promptId: string, listener: ExecutionListener): () => void;
  close(): void;
};

export function formatExecutionError(data: unknown): string {
  const parsed = executionErrorSchema.safeParse(data);
  if (!parsed.success) return 'ComfyUI reported an execution error without details';
  const e = parsed.data;
  const where =
    e.node_id !== undefined ? ` in node ${e.node_id} (${e.node_type ?? 'unknown'})` : '';
  const what = e.exception_type
    ? `${e.exception_type}: ${e.exception_message}`
    : e.exception_message;
  return `ComfyUI failed${where}: ${what.trim() || 'no message'}`;
}

function toEvent(message: SocketMessage): ExecutionEvent | undefined {
  const { type, data } = message;
  switch (type) {
    case 'executing':
      return data.node === null || data.node === undefined
        ? { type: 'done' }
        : { type: 'executing', node: String(data.node) };
    case 'progress': {
      const value = Number(data.value);
      const max = Number(data.max);
      if (!Number.isFinite(value) || !Number.isFinite(max) || max <= 0) return undefined;
      const node = data.node === undefined || data.node === null ? undefined : String(data.node);
      return { type: 'progress', node, value, max };
    }
    case 'execution_error':
      return { type: 'error', message: formatExecutionError(data) };
    case 'execution_interrupted':
      return { type: 'interrupted' };
    default:
      return undefined;
  }
}

/** ComfyUI's binary event types (server.py `BinaryEventTypes`) and preview image formats. */
const PREVIEW_IMAGE = 1;
const previewFormats: Record<number, EnginePreview['mime']> = { 1: 'image/jpeg', 2: 'image/png' };

function asBytes(data: unknown): Buffer | undefined {
  if (Buffer.isBuffer(data)) return data;
  if (data instanceof ArrayBuffer) return Buffer.from(data);
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return undefined;
}

/**
 * A binary frame: a 4-byte big-endian event type, then for a preview image a 4-byte format
 * (1 JPEG, 2 PNG) and the image itself. Other binary events are not for us.
 */
export function parsePreviewFrame(data: unknown): EnginePreview | undefined {
  const bytes = asBytes(data);
  if (!bytes || bytes.length <= 8 || bytes.readUInt32BE(0) !== PREVIEW_IMAGE) return undefined;
  const mime = previewFormats[bytes.readUInt32BE(4)];
  return mime ? { mime, bytes: Buffer.from(bytes.subarray(8)) } : undefined;
}

function parseMessage(data: unknown): SocketMessage | undefined {
  // Binary frames are live preview images; only text frames carry status.
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = socketMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Connects to `/ws?clientId=…` before the prompt is queued, so no event is missed, and keeps
 * the events of each prompt until someone subscribes (a cached prompt can finish before the
 * POST /prompt answer arrives). Resolves undefined when the socket can't be opened: the
 * caller then polls /history instead.
 */
export function openProgressSocket(
  url: string,
  WebSocketImpl: WebSocketConstructor,
  connectTimeoutMs: number,
): Promise<ProgressSocket | undefined> {
  return new Promise((resolve) => {
    let socket: WebSocketLike;
    try {
      socket = new WebSocketImpl(url);
    } catch {
      resolve(undefined);
      return;
    }
    let open = false;
    const backlog: Array<{ promptId: string; event: ExecutionEvent }> = [];
    const listeners = new Map<string, ExecutionListener>();

    const giveUp = () => {
      clearTimeout(timer);
      if (!open) resolve(undefined);
    };
    const timer = setTimeout(() => {
      giveUp();
      socket.close();
    }, connectTimeoutMs);

    socket.addEventListener('open', () => {
      open = true;
      clearTimeout(timer);
      resolve({
        subscribe(promptId, listener) {
          listeners.set(promptId, listener);
          for (const item of backlog.splice(0)) {
            if (item.promptId === promptId) listener(item.event);
          }
          return () => listeners.delete(promptId);
        },
        close: () => socket.close(),
      });
    });
    socket.addEventListener('error', giveUp);
    socket.addEventListener('close', () => {
      giveUp();
      for (const listener of listeners.values()) listener({ type: 'lost' });
    });
    // Preview frames carry no prompt id: they belong to the prompt that ran last on this
    // socket, and each run opens a socket of its own.
    let running: string | undefined;
    socket.addEventListener('message', (message) => {
      const data =
        typeof message === 'object' && message && 'data' in message ? message.data : undefined;
      const image = parsePreviewFrame(data);
      if (image) {
        if (running !== undefined) listeners.get(running)?.({ type: 'preview', image });
        return;
      }
      const parsed = parseMessage(data);
      const promptId = parsed?.data.prompt_id;
      const event = parsed && toEvent(parsed);
      if (typeof promptId !== 'string' || !event) return;
      running = promptId;
      const listener = listeners.get(promptId);
      if (listener) listener(event);
      else backlog.push({ promptId, event });
    });
  });
}
