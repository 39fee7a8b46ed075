import type { z } from 'zod';
import {
  ComfyUiError,
  cancelledError,
  describeNetworkError,
  formatDuration,
} from './comfyui-errors';
import {
  historyAnswerSchema,
  promptAnswerSchema,
  promptRejectionSchema,
  queueAnswerSchema,
  uploadAnswerSchema,
  type FileRef,
  type HistoryEntry,
  type NodeErrors,
  type PromptAnswer,
  type UploadAnswer,
  type WorkflowGraph,
} from './comfyui-schemas';

export type ComfyUiHttpOptions = {
  baseUrl: string;
  timeoutMs: number;
  fetch: typeof fetch;
};

export type ComfyUiHttp = ReturnType<typeof createComfyUiHttp>;

/** Outputs can be large videos, so a download gets more time than an API call. */
const minDownloadTimeoutMs = 120_000;

/** The ComfyUI server API: one function per endpoint, errors mapped to `ComfyUiError`. */
export function createComfyUiHttp(options: ComfyUiHttpOptions) {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;

  async function send(
    path: string,
    init: RequestInit,
    signal?: AbortSignal,
    timeoutMs = options.timeoutMs,
  ): Promise<Response> {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      return await options.fetch(new URL(path, base), {
        ...init,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (signal?.aborted) throw cancelledError();
      const why = timeout.aborted
        ? `no answer within ${formatDuration(timeoutMs)}`
        : describeNetworkError(err);
      throw new ComfyUiError('unreachable', `ComfyUI at ${base} is unreachable: ${why}`, {
        cause: err,
      });
    }
  }

  async function readJson<S extends z.ZodType>(res: Response, schema: S, what: string) {
    const text = await res.text();
    if (!res.ok) {
      throw new ComfyUiError(
        'failed',
        `ComfyUI ${what} answered HTTP ${res.status}: ${text.slice(0, 200)}`,
      );
    }
    const parsed = schema.safeParse(safeJsonParse(text));
    if (!parsed.success) {
      throw new ComfyUiError(
        'failed',
        `ComfyUI ${what} gave an unexpected answer: ${text.slice(0, 200)}`,
      );
    }
    return parsed.data as z.infer<S>;
  }

  return {
    baseUrl: base,

    async uploadImage(
      bytes: Buffer,
      filename: string,
      signal?: AbortSignal,
    ): Promise<UploadAnswer> {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(bytes)]), filename);
      form.append('overwrite', 'true');
      const res = await send('upload/image', { method: 'POST', body: form }, signal);
      return readJson(res, uploadAnswerSchema, 'image upload');
    },

    async queuePrompt(
      prompt: WorkflowGraph,
      clientId: string,
      signal?: AbortSignal,
    ): Promise<PromptAnswer> {
      const res = await send(
        'prompt',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ prompt, client_id: clientId }),
        },
        signal,
      );
      if (res.status === 400) {
        const rejection = promptRejectionSchema.safeParse(safeJsonParse(await res.text()));
        const nodeErrors = rejection.success ? rejection.data.node_errors : {};
        const error = rejection.success ? rejection.data.error : undefined;
        const summary = typeof error === 'string' ? error : error?.message;
        throw rejectedError(summary ?? 'invalid prompt', nodeErrors);
      }
      const answer = await readJson(res, promptAnswerSchema, 'POST /prompt');
      // Some versions queue the valid outputs and still list the broken nodes; a partial
      // graph would deliver the wrong thing, so treat any node error as a rejection.
      if (describeNodeErrors(answer.node_errors).length > 0) {
        throw rejectedError('invalid nodes', answer.node_errors);
      }
      return answer;
    },

    /** The finished prompt's record, or undefined while it is still queued or running. */
    async findHistory(promptId: string, signal?: AbortSignal): Promise<HistoryEntry | undefined> {
      const res = await send(`history/${encodeURIComponent(promptId)}`, {}, signal);
      const history = await readJson(res, historyAnswerSchema, 'GET /history');
      return history[promptId];
    },

    async getQueue(): Promise<{ running: string[]; pending: string[] }> {
      const res = await send('queue', {});
      const queue = await readJson(res, queueAnswerSchema, 'GET /queue');
      const ids = (items: unknown[][]) => items.map((item) => String(item[1]));
      return { running: ids(queue.queue_running), pending: ids(queue.queue_pending) };
    },

    async deleteQueued(promptIds: string[]): Promise<void> {
      await postJson('queue', { delete: promptIds });
    },

    /** `prompt_id` lets current ComfyUI stop only our prompt; older versions ignore it. */
    async interrupt(promptId: string): Promise<void> {
      await postJson('interrupt', { prompt_id: promptId });
    },

    async view(
      file: FileRef,
      signal?: AbortSignal,
    ): Promise<{ bytes: Buffer; contentType: string }> {
      const query = new URLSearchParams({
        filename: file.filename,
        subfolder: file.subfolder,
        type: file.type,
      });
      const timeoutMs = Math.max(options.timeoutMs, minDownloadTimeoutMs);
      const res = await send(`view?${query.toString()}`, {}, signal, timeoutMs);
      if (!res.ok) {
        throw new ComfyUiError(
          'failed',
          `ComfyUI GET /view answered HTTP ${res.status} for ${file.filename}`,
        );
      }
      const bytes = Buffer.from(await res.arrayBuffer());
      return { bytes, contentType: res.headers.get('content-type') ?? '' };
    },
  };

  async function postJson(path: string, body: unknown): Promise<void> {
    const res = await send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    if (!res.ok)
      throw new ComfyUiError('failed', `ComfyUI POST /${path} answered HTTP ${res.status}`);
  }
}

function safeJsonParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function describeNodeErrors(nodeErrors: NodeErrors): string[] {
  if (Array.isArray(nodeErrors)) return [];
  return Object.entries(nodeErrors).map(([nodeId, entry]) => {
    const details = entry.errors
      .map((e) => (e.details ? `${e.message} (${e.details})` : e.message))
      .join('; ');
    return `node ${nodeId} (${entry.class_type ?? 'unknown'}): ${details || 'invalid'}`;
  });
}

function rejectedError(summary: string, nodeErrors: NodeErrors): ComfyUiError {
  const lines = describeNodeErrors(nodeErrors);
  const detail = lines.length > 0 ? `: ${lines.join(' | ')}` : '';
  return new ComfyUiError('rejected', `ComfyUI rejected the workflow (${summary})${detail}`);
}
