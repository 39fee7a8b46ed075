import type { Engine } from '../engine';
import type { ConnectionReport } from '../model-api/connection-report';
import { formatDuration } from '../model-api/connection-report';
import { createModelApiHttp } from '../model-api/model-api-http';
import { modelApiDefaults } from '../model-api/model-table';
import { runModelTask, supportsAnyTaskType } from '../model-api/run-model-task';
import { baseAppId, runFalRequest } from './fal-protocol';

export type FalEngineOptions = {
  /** FAL_QUEUE_URL: https://queue.fal.run by default. */
  queueUrl: string;
  /** FAL_KEY, sent as `Authorization: Key <key>`. */
  key: string;
  fetch?: typeof fetch;
  /** The longest pause between two status polls (default 2 s); the first polls come sooner. */
  pollMs?: number;
  /** A whole task's limit (default 5 min for images, 15 min for video and 3D). */
  timeoutMs?: number;
};

export type FalEngine = Engine & {
  /** Checks the address and the key for the admin Engines page; runs no model. */
  testConnection(model?: string): Promise<ConnectionReport>;
};

export function createFalEngine(options: FalEngineOptions): FalEngine {
  const queueUrl = options.queueUrl.replace(/\/+$/, '');
  const fetchFn = options.fetch ?? globalThis.fetch;
  const pollMs = options.pollMs ?? 2000;
  const http = createModelApiHttp({
    label: `fal at ${queueUrl}`,
    authorization: `Key ${options.key}`,
    requestTimeoutMs: 60_000,
    fetch: fetchFn,
  });

  return {
    name: 'fal',
    supports: supportsAnyTaskType,
    run: (task, io) =>
      runModelTask(task, io, {
        provider: 'fal',
        http,
        timeoutMs: options.timeoutMs,
        // fal takes data URIs for its file inputs; a file store upload would need another host.
        sender: { inlineLimit: Number.POSITIVE_INFINITY },
        runJob: (job) => runFalRequest({ ...job, http, queueUrl, io, pollMs }),
      }),
    testConnection: (model = modelApiDefaults.txt2img.fal.model) =>
      testFalConnection(fetchFn, queueUrl, options.key, model),
  };
}

/**
 * The queue API has no call that checks a key without running a job. The status of a
 * made-up request under the default app is the cheapest honest probe: fal checks the key
 * first and answers 401/403 for a bad one; any other answer (404 for an unknown request)
 * shows the server is there and did not refuse the key, which is not proof the key may run
 * models, so `auth` stays `unknown`.
 */
async function testFalConnection(
  fetchFn: typeof fetch,
  queueUrl: string,
  key: string,
  model: string,
): Promise<ConnectionReport> {
  const url = `${queueUrl}/${baseAppId(model)}/requests/${crypto.randomUUID()}/status`;
  const started = performance.now();
  let status: number;
  try {
    const res = await fetchFn(url, {
      headers: { authorization: `Key ${key}` },
      signal: AbortSignal.timeout(15_000),
    });
    await res.body?.cancel();
    status = res.status;
  } catch (err) {
    const cause: unknown = err instanceof Error ? err.cause : undefined;
    const why = cause instanceof Error ? cause.message : String(err);
    return {
      ok: false,
      reachable: false,
      auth: 'unknown',
      details: [`Could not reach ${queueUrl}: ${why}`],
    };
  }
  const details = [`Reached ${queueUrl} in ${formatDuration(performance.now() - started)}`];
  if (status === 401 || status === 403) {
    details.push(`The key was refused (HTTP ${status})`);
    return { ok: false, reachable: true, auth: 'refused', details };
  }
  details.push(
    `The key was not refused (a status request for a made-up request id answered HTTP ${status}); fal checks it in full when a job is submitted`,
  );
  return { ok: true, reachable: true, auth: 'unknown', details };
}
