import { z } from 'zod';
import { OpenAiError, cancelledError } from './openai-errors';

export type OpenAiHttpOptions = {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch: typeof fetch;
};

export type OpenAiHttp = ReturnType<typeof createOpenAiHttp>;

const apiErrorSchema = z.object({
  error: z.object({
    message: z.string(),
    code: z.union([z.string(), z.number()]).nullish(),
  }),
});

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

/** The transport of an OpenAI-compatible API: bearer auth, time limit, error mapping. */
export function createOpenAiHttp(options: OpenAiHttpOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function send(path: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    try {
      return await options.fetch(`${base}${path}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          authorization: `Bearer ${options.apiKey}`,
        },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (signal?.aborted) throw cancelledError();
      const cause: unknown = err instanceof Error ? err.cause : undefined;
      const why = timeout.aborted
        ? `no answer within ${formatDuration(options.timeoutMs)}`
        : cause instanceof Error
          ? cause.message
          : String(err);
      throw new OpenAiError(
        'unreachable',
        `OpenAI-compatible API at ${base} is unreachable: ${why}`,
        {},
        {
          cause: err,
        },
      );
    }
  }

  /** Sends and parses the answer; an error status becomes an `OpenAiError` with the API's message. */
  async function call<S extends z.ZodType>(
    path: string,
    init: RequestInit,
    schema: S,
    signal?: AbortSignal,
  ): Promise<z.infer<S>> {
    const res = await send(path, init, signal);
    let body: unknown;
    try {
      body = await res.json();
    } catch (err) {
      if (signal?.aborted) throw cancelledError();
      body = undefined;
      if (res.ok) {
        throw new OpenAiError(
          'failed',
          `${path} answered HTTP ${res.status} with a body that is not JSON`,
          {
            status: res.status,
          },
          { cause: err },
        );
      }
    }
    if (!res.ok) {
      const apiError = apiErrorSchema.safeParse(body);
      const message = apiError.success ? apiError.data.error.message : `HTTP ${res.status}`;
      const code = apiError.success ? apiError.data.error.code : undefined;
      throw new OpenAiError(
        res.status < 500 ? 'rejected' : 'failed',
        `OpenAI-compatible API refused ${path} (HTTP ${res.status}): ${message}`,
        {
          status: res.status,
          code: code === null || code === undefined ? undefined : String(code),
        },
      );
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new OpenAiError('failed', `${path} gave an answer in an unexpected shape`, {
        status: res.status,
      });
    }
    return parsed.data as z.infer<S>;
  }

  return {
    baseUrl: base,
    postJson<S extends z.ZodType>(path: string, body: unknown, schema: S, signal?: AbortSignal) {
      const init = {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      };
      return call(path, init, schema, signal);
    },
    postForm<S extends z.ZodType>(path: string, form: FormData, schema: S, signal?: AbortSignal) {
      return call(path, { method: 'POST', body: form }, schema, signal);
    },
    /**
     * Downloads an image a server answered with by URL instead of inline base64. No bearer
     * header: the URL usually points at another host (a CDN) that must not see the key.
     */
    async download(url: string, signal?: AbortSignal): Promise<Buffer> {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      try {
        const res = await options.fetch(url, {
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        if (!res.ok)
          throw new OpenAiError('failed', `Downloading ${url} answered HTTP ${res.status}`);
        return Buffer.from(await res.arrayBuffer());
      } catch (err) {
        if (signal?.aborted) throw cancelledError();
        if (err instanceof OpenAiError) throw err;
        throw new OpenAiError(
          'failed',
          `Downloading ${url} failed: ${String(err)}`,
          {},
          { cause: err },
        );
      }
    },
  };
}
