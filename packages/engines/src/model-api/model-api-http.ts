import { EngineCancelledError } from '../local/cancellation';
import { formatDuration } from './connection-report';
import { ModelApiError } from './model-api-errors';

export type ModelApiHttpOptions = {
  /** Names the API in operators' messages, e.g. `Replicate at https://api.replicate.com`. */
  label: string;
  /** The `Authorization` header value, or none (a Cog container has no auth). */
  authorization?: string;
  /** Limit for one request; a whole job has its own, longer deadline. */
  requestTimeoutMs: number;
  fetch: typeof fetch;
};

export type ModelApiHttp = ReturnType<typeof createModelApiHttp>;

export type JsonAnswer = { status: number; body: unknown };

/**
 * The transport both hosted-API engines share: their auth header, a time limit per request,
 * and one mapping of HTTP failures onto the engine failure reasons. A 4xx answer becomes
 * `rejected` (401/403/429: the key or the account) or `bad_input` (400/422: the request);
 * 5xx becomes `failed`; no answer at all becomes `unreachable`.
 */
export function createModelApiHttp(options: ModelApiHttpOptions) {
  async function send(
    url: string,
    init: RequestInit,
    signal: AbortSignal,
    timeoutMs = options.requestTimeoutMs,
    withAuth = true,
  ): Promise<Response> {
    if (signal.aborted) throw new EngineCancelledError();
    const timeout = AbortSignal.timeout(timeoutMs);
    const headers = new Headers(init.headers);
    if (withAuth && options.authorization) headers.set('authorization', options.authorization);
    try {
      return await options.fetch(url, {
        ...init,
        headers,
        signal: AbortSignal.any([signal, timeout]),
      });
    } catch (err) {
      if (signal.aborted) throw new EngineCancelledError();
      const cause: unknown = err instanceof Error ? err.cause : undefined;
      const why = timeout.aborted
        ? `no answer within ${formatDuration(timeoutMs)}`
        : cause instanceof Error
          ? cause.message
          : String(err);
      throw new ModelApiError(
        'unreachable',
        `${options.label} is unreachable (${url}): ${why}`,
        {},
        { cause: err },
      );
    }
  }

  async function readJson(res: Response, url: string, signal: AbortSignal): Promise<unknown> {
    const text = await res.text().catch(() => {
      if (signal.aborted) throw new EngineCancelledError();
      throw new ModelApiError('unreachable', `${options.label} broke off its answer to ${url}`, {
        status: res.status,
      });
    });
    if (text.length === 0) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }

  /** Sends a JSON request; answers any 2xx body, throws a `ModelApiError` for the rest. */
  async function json(
    method: string,
    url: string,
    body: unknown,
    signal: AbortSignal,
    extra: { headers?: Record<string, string>; timeoutMs?: number; form?: FormData } = {},
  ): Promise<JsonAnswer> {
    const init: RequestInit = { method, headers: { accept: 'application/json', ...extra.headers } };
    if (extra.form) init.body = extra.form;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const res = await send(url, init, signal, extra.timeoutMs);
    const answer = await readJson(res, url, signal);
    if (!res.ok) throw errorOf(res.status, answer, `${method} ${url}`);
    return { status: res.status, body: answer };
  }

  function errorOf(status: number, answer: unknown, what: string): ModelApiError {
    const said = apiMessage(answer);
    const message = `${options.label} refused ${what} (HTTP ${status})${said ? `: ${said}` : ''}`;
    const details = { status, code: said?.slice(0, 200) };
    if (status === 400 || status === 422) return new ModelApiError('bad_input', message, details);
    if (status === 408 || status === 504) return new ModelApiError('unreachable', message, details);
    if (status < 500) return new ModelApiError('rejected', message, details);
    return new ModelApiError('failed', message, details);
  }

  /**
   * Downloads an output at once (the APIs' URLs expire), refusing more than `maxBytes`. No
   * auth header: output URLs usually point at a CDN that must not see the key.
   */
  async function download(url: string, signal: AbortSignal, maxBytes: number): Promise<Buffer> {
    // A video of a few hundred MB needs longer than an API call.
    const timeoutMs = Math.max(options.requestTimeoutMs, 300_000);
    const res = await send(url, { method: 'GET' }, signal, timeoutMs, false);
    if (!res.ok) {
      await res.body?.cancel();
      throw new ModelApiError(
        'failed',
        `Downloading the output ${url} answered HTTP ${res.status}`,
        {
          status: res.status,
        },
      );
    }
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > maxBytes) {
      await res.body?.cancel();
      throw new ModelApiError('failed', `The output ${url} is ${declared} bytes, over the limit`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res.body ?? []) {
        size += (chunk as Uint8Array).byteLength;
        if (size > maxBytes) {
          throw new ModelApiError('failed', `The output ${url} is over ${maxBytes} bytes`);
        }
        chunks.push(Buffer.from(chunk as Uint8Array));
      }
    } catch (err) {
      if (signal.aborted) throw new EngineCancelledError();
      if (err instanceof ModelApiError) throw err;
      throw new ModelApiError('failed', `Downloading the output ${url} failed: ${String(err)}`);
    }
    return Buffer.concat(chunks);
  }

  return { json, download, errorOf, label: options.label };
}

/** The error text APIs put in their bodies: Replicate `detail`, fal `detail` (string or list), plain text. */
export function apiMessage(answer: unknown): string | undefined {
  if (typeof answer === 'string') return answer.trim().slice(0, 500) || undefined;
  if (!answer || typeof answer !== 'object') return undefined;
  const record = answer as Record<string, unknown>;
  for (const key of ['detail', 'error', 'message', 'title']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 500);
    if (Array.isArray(value) && value.length > 0) {
      return value
        .map((item) => {
          if (item && typeof item === 'object') {
            const entry = item as Record<string, unknown>;
            const loc = Array.isArray(entry.loc) ? entry.loc.join('.') : '';
            const msg = typeof entry.msg === 'string' ? entry.msg : JSON.stringify(item);
            return loc ? `${loc}: ${msg}` : msg;
          }
          return String(item);
        })
        .join('; ')
        .slice(0, 500);
    }
  }
  return undefined;
}
