import type { Engine } from '../engine';
import type { ConnectionReport } from '../model-api/connection-report';
import { createModelApiHttp, type ModelApiHttp } from '../model-api/model-api-http';
import { modelApiDefaults } from '../model-api/model-table';
import { runModelTask, supportsAnyTaskType } from '../model-api/run-model-task';
import { runCogPrediction } from './cog-protocol';
import { runPrediction, uploadFile } from './replicate-protocol';
import { testCogConnection, testReplicateConnection } from './replicate-connection';

export type ReplicateMode = 'replicate' | 'cog';

export type ReplicateEngineOptions = {
  /** REPLICATE_API_URL: https://api.replicate.com (with or without `/v1`), or a Cog container's address. */
  baseUrl: string;
  /** REPLICATE_API_TOKEN; a Cog container takes none. */
  token: string;
  fetch?: typeof fetch;
  /** The longest pause between two status polls (default 2 s); the first polls come sooner. */
  pollMs?: number;
  /** A whole task's limit (default 5 min for images, 15 min for video and 3D). */
  timeoutMs?: number;
  /** Skips the detection described at `modeOf`. */
  mode?: ReplicateMode;
};

export type ReplicateEngine = Engine & {
  /** Checks the address and the token for the admin Engines page; runs no model. */
  testConnection(model?: string): Promise<ConnectionReport>;
  /** Which protocol the base URL speaks (after detection). */
  mode(): Promise<ReplicateMode>;
};

/** Inputs up to this size go inline as data URIs; larger ones through Replicate's files API. */
const inlineLimit = 256 * 1024;

/**
 * Replicate's API or a Cog container, decided by the base URL: a replicate.com host, or a
 * path ending in `/v1`, is Replicate; anything else is a Cog container when `GET
 * /health-check` answers 200 with a `status`, and Replicate (an API-compatible server)
 * otherwise. The answer is kept once the server has answered.
 */
export function createReplicateEngine(options: ReplicateEngineOptions): ReplicateEngine {
  const base = options.baseUrl.replace(/\/+$/, '');
  const apiRoot = /\/v1$/.test(base) ? base : `${base}/v1`;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const pollMs = options.pollMs ?? 2000;
  const makeHttp = (label: string, authorization?: string): ModelApiHttp =>
    createModelApiHttp({ label, authorization, requestTimeoutMs: 60_000, fetch: fetchFn });
  const replicateHttp = makeHttp(`Replicate at ${base}`, `Bearer ${options.token}`);
  const cogHttp = makeHttp(`Cog container at ${base}`);
  let detected: ReplicateMode | undefined = options.mode;

  async function modeOf(): Promise<ReplicateMode> {
    if (detected) return detected;
    const host = new URL(base).hostname;
    if (host === 'replicate.com' || host.endsWith('.replicate.com') || /\/v1$/.test(base)) {
      detected = 'replicate';
      return detected;
    }
    // An unreachable server is asked again next time: a container may still be starting.
    detected = await probeCog(fetchFn, base);
    return detected ?? 'replicate';
  }

  return {
    name: 'replicate',
    supports: supportsAnyTaskType,
    mode: modeOf,
    async run(task, io) {
      const mode = await modeOf();
      const http = mode === 'cog' ? cogHttp : replicateHttp;
      return runModelTask(task, io, {
        provider: 'replicate',
        http,
        timeoutMs: options.timeoutMs,
        sender: {
          inlineLimit,
          // A Cog container takes data URIs of any size and has no file store.
          upload:
            mode === 'replicate'
              ? (bytes, mime, name) => uploadFile(http, apiRoot, bytes, mime, name, io.signal)
              : undefined,
        },
        runJob: (job) =>
          mode === 'cog'
            ? runCogPrediction({ ...job, http, baseUrl: base, io, pollMs })
            : runPrediction({ ...job, http, apiRoot, io, pollMs }),
      });
    },
    async testConnection(model = modelApiDefaults.txt2img.replicate.model) {
      const mode = await modeOf();
      return mode === 'cog'
        ? testCogConnection(fetchFn, base)
        : testReplicateConnection(fetchFn, apiRoot, options.token, model);
    },
  };
}

async function probeCog(fetchFn: typeof fetch, base: string): Promise<ReplicateMode | undefined> {
  try {
    const res = await fetchFn(`${base}/health-check`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) {
      await res.body?.cancel();
      return 'replicate';
    }
    const body = (await res.json().catch(() => undefined)) as { status?: unknown } | undefined;
    return typeof body?.status === 'string' ? 'cog' : 'replicate';
  } catch {
    return undefined;
  }
}
