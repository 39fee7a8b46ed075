import { z } from 'zod';
import type { EngineIO } from '../engine';
import { percentFromLogs, waitForJob, type JobPoll } from '../model-api/job-wait';
import { ModelApiError } from '../model-api/model-api-errors';
import type { ModelApiHttp } from '../model-api/model-api-http';

/**
 * fal's queue API (https://docs.fal.ai/model-endpoints/queue): `POST {queue}/{app id}` with
 * the input as the body answers the request's `status_url`, `response_url` and `cancel_url`;
 * the status goes IN_QUEUE (with `queue_position`) → IN_PROGRESS (with `logs`) → COMPLETED,
 * then the response URL holds the result, or the error when the app failed. Apps with a
 * sub-path (`fal-ai/flux/dev`) keep their requests under the base app id, so the URLs fal
 * answers are used as they are.
 */

const submittedSchema = z.object({
  request_id: z.string(),
  status_url: z.string().optional(),
  response_url: z.string().optional(),
  cancel_url: z.string().optional(),
});

const statusSchema = z.object({
  status: z.string(),
  queue_position: z.number().nullish(),
  logs: z.array(z.object({ message: z.string() }).passthrough()).nullish(),
  error: z.unknown().optional(),
});

/** `fal-ai/flux/dev` → `fal-ai/flux`: where fal keeps the app's requests. */
export const baseAppId = (app: string): string => app.split('/').slice(0, 2).join('/');

export async function runFalRequest(options: {
  http: ModelApiHttp;
  queueUrl: string;
  model: string;
  input: Record<string, unknown>;
  io: EngineIO;
  range: [number, number];
  deadline: number;
  pollMs: number;
}): Promise<unknown> {
  const { http, io, model } = options;
  if (!/^[\w.-]+\/[\w./-]+$/.test(model)) {
    throw new ModelApiError('bad_input', `"${model}" is not a fal app id (owner/app[/path])`);
  }
  const answer = await http.json('POST', `${options.queueUrl}/${model}`, options.input, io.signal);
  const submitted = submittedSchema.safeParse(answer.body);
  if (!submitted.success) {
    throw new ModelApiError('failed', `${http.label} answered the submission without a request id`);
  }
  const id = submitted.data.request_id;
  const requestUrl = `${options.queueUrl}/${baseAppId(model)}/requests/${id}`;
  const statusUrl = new URL(submitted.data.status_url ?? `${requestUrl}/status`);
  statusUrl.searchParams.set('logs', '1');
  const responseUrl = submitted.data.response_url ?? requestUrl;
  const cancelUrl = submitted.data.cancel_url ?? `${requestUrl}/cancel`;
  return waitForJob({
    io,
    deadline: options.deadline,
    pollMs: options.pollMs,
    range: options.range,
    label: `${http.label}: request ${id} (${model})`,
    cancel: async () => {
      await http.json('PUT', cancelUrl, undefined, AbortSignal.timeout(10_000));
    },
    poll: async (signal): Promise<JobPoll<unknown>> => {
      const polled = await http.json('GET', statusUrl.toString(), undefined, signal);
      const status = statusSchema.safeParse(polled.body);
      if (!status.success) {
        throw new ModelApiError('failed', `${http.label} answered a status in an unexpected shape`);
      }
      switch (status.data.status) {
        case 'IN_QUEUE':
          // Nearing the front of the queue moves the bar a little, so a waiting user sees it live.
          return { state: 'waiting', percent: Math.max(0, 5 - (status.data.queue_position ?? 5)) };
        case 'IN_PROGRESS': {
          const logs = (status.data.logs ?? []).map((line) => line.message).join('\n');
          return { state: 'waiting', percent: Math.max(6, percentFromLogs(logs) ?? 6) };
        }
        case 'COMPLETED':
          // A failed app answers its error here, with its HTTP status (422 for invalid input).
          return {
            state: 'done',
            value: (await http.json('GET', responseUrl, undefined, signal)).body,
          };
        default:
          throw new ModelApiError(
            'failed',
            `${http.label}: request ${id} ended ${status.data.status}`,
          );
      }
    },
  });
}
