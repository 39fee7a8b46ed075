import { z } from 'zod';
import type { EngineIO } from '../engine';
import { apiMessage, type ModelApiHttp } from '../model-api/model-api-http';
import { percentFromLogs, waitForJob, type JobPoll } from '../model-api/job-wait';
import { ModelApiError } from '../model-api/model-api-errors';

/**
 * Replicate's predictions protocol (https://replicate.com/docs/reference/http): create a
 * prediction on an official model by name or on a pinned version, follow `urls.get` through
 * starting → processing → succeeded | failed | canceled, cancel with `urls.cancel`.
 */

export const predictionSchema = z.object({
  id: z.string(),
  status: z.enum(['starting', 'processing', 'succeeded', 'failed', 'canceled', 'aborted']),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
  logs: z.string().nullish(),
  urls: z.object({ get: z.string(), cancel: z.string() }).partial().optional(),
});
export type Prediction = z.infer<typeof predictionSchema>;

const fileSchema = z.object({ urls: z.object({ get: z.string() }) });

export function parsePrediction(body: unknown, what: string): Prediction {
  const parsed = predictionSchema.safeParse(body);
  if (!parsed.success) {
    throw new ModelApiError('failed', `${what} answered a prediction in an unexpected shape`);
  }
  return parsed.data;
}

/** `owner/name` runs an official model by name; `owner/name:version` a pinned version. */
export function createRequest(apiRoot: string, model: string, input: Record<string, unknown>) {
  const [name, version] = model.split(':');
  if (version) return { url: `${apiRoot}/predictions`, body: { version, input } };
  const [owner, modelName] = (name ?? '').split('/');
  if (!owner || !modelName) {
    throw new ModelApiError(
      'bad_input',
      `"${model}" is not a Replicate model (owner/name[:version])`,
    );
  }
  return {
    url: `${apiRoot}/models/${encodeURIComponent(owner)}/${encodeURIComponent(modelName)}/predictions`,
    body: { input },
  };
}

/** Why a finished prediction has no output, as the engine failure reasons say it. */
export function failureOf(prediction: Prediction, label: string): ModelApiError {
  const said =
    typeof prediction.error === 'string' ? prediction.error : apiMessage(prediction.error);
  if (prediction.status === 'canceled' || prediction.status === 'aborted') {
    return new ModelApiError(
      'failed',
      `${label}: prediction ${prediction.id} was ${prediction.status}`,
    );
  }
  return new ModelApiError(
    'failed',
    `${label}: prediction ${prediction.id} failed: ${said ?? 'no reason given'}`,
    {
      code: said?.slice(0, 200),
    },
  );
}

export async function runPrediction(options: {
  http: ModelApiHttp;
  apiRoot: string;
  model: string;
  input: Record<string, unknown>;
  io: EngineIO;
  range: [number, number];
  deadline: number;
  pollMs: number;
}): Promise<unknown> {
  const { http, io } = options;
  const request = createRequest(options.apiRoot, options.model, options.input);
  const created = parsePrediction(
    (await http.json('POST', request.url, request.body, io.signal)).body,
    http.label,
  );
  const getUrl = created.urls?.get ?? `${options.apiRoot}/predictions/${created.id}`;
  const cancelUrl = created.urls?.cancel ?? `${getUrl}/cancel`;
  let first: Prediction | undefined = created;
  return waitForJob({
    io,
    deadline: options.deadline,
    pollMs: options.pollMs,
    range: options.range,
    label: `${http.label}: prediction ${created.id} (${options.model})`,
    cancel: async () => {
      await http.json('POST', cancelUrl, undefined, AbortSignal.timeout(10_000));
    },
    poll: async (signal): Promise<JobPoll<unknown>> => {
      const prediction =
        first ??
        parsePrediction((await http.json('GET', getUrl, undefined, signal)).body, http.label);
      first = undefined;
      if (prediction.status === 'succeeded') return { state: 'done', value: prediction.output };
      if (prediction.status === 'starting') return { state: 'waiting' };
      if (prediction.status === 'processing') {
        return { state: 'waiting', percent: percentFromLogs(prediction.logs ?? undefined) ?? 1 };
      }
      throw failureOf(prediction, http.label);
    },
  });
}

/** Replicate's files API: a large input uploaded once, passed to the model by its URL. */
export async function uploadFile(
  http: ModelApiHttp,
  apiRoot: string,
  bytes: Buffer,
  mime: string,
  name: string,
  signal: AbortSignal,
): Promise<string> {
  const form = new FormData();
  form.append('content', new Blob([new Uint8Array(bytes)], { type: mime }), name);
  const answer = await http.json('POST', `${apiRoot}/files`, undefined, signal, { form });
  const parsed = fileSchema.safeParse(answer.body);
  if (!parsed.success)
    throw new ModelApiError('failed', `${http.label}: the files API answered no URL`);
  return parsed.data.urls.get;
}
