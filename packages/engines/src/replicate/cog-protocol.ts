import { randomUUID } from 'node:crypto';
import type { EngineIO } from '../engine';
import { EngineCancelledError } from '../local/cancellation';
import { ModelApiError } from '../model-api/model-api-errors';
import type { ModelApiHttp } from '../model-api/model-api-http';
import { failureOf, parsePrediction } from './replicate-protocol';

/**
 * A self-hosted Cog container (https://github.com/replicate/cog/blob/main/docs/http.md):
 * `POST /predictions` with `{ id, input }` answers when the prediction is over, with the
 * same `status`, `output` (files as data URIs) and `error` as Replicate. The container runs
 * one model, so the model id is not sent. While the request is open the task's progress is
 * asked every poll interval, so a cancelled task aborts the request and cancels the
 * prediction by its id (`POST /predictions/{id}/cancel`).
 */
export async function runCogPrediction(options: {
  http: ModelApiHttp;
  baseUrl: string;
  input: Record<string, unknown>;
  io: EngineIO;
  range: [number, number];
  deadline: number;
  pollMs: number;
}): Promise<unknown> {
  const { http, io } = options;
  const id = randomUUID();
  const stop = new AbortController();
  const signal = AbortSignal.any([io.signal, stop.signal]);
  let cancelled = false;
  const ticker = setInterval(() => {
    void io.progress(options.range[0]).then((goOn) => {
      if (!goOn) {
        cancelled = true;
        stop.abort();
      }
    });
  }, options.pollMs);
  const remaining = options.deadline - Date.now();
  try {
    const answer = await http.json(
      'POST',
      `${options.baseUrl}/predictions`,
      { id, input: options.input },
      signal,
      { timeoutMs: Math.max(1000, remaining) },
    );
    const prediction = parsePrediction(answer.body, http.label);
    if (prediction.status !== 'succeeded') throw failureOf(prediction, http.label);
    return prediction.output;
  } catch (err) {
    const stopped = cancelled || io.signal.aborted || err instanceof EngineCancelledError;
    const late =
      err instanceof ModelApiError &&
      err.reason === 'unreachable' &&
      Date.now() >= options.deadline;
    if (stopped || late) {
      await http
        .json(
          'POST',
          `${options.baseUrl}/predictions/${id}/cancel`,
          undefined,
          AbortSignal.timeout(10_000),
        )
        .catch(() => undefined);
    }
    if (stopped) throw new EngineCancelledError();
    if (late)
      throw new ModelApiError(
        'timeout',
        `${http.label}: prediction ${id} did not finish in time; it was cancelled`,
      );
    throw err;
  } finally {
    clearInterval(ticker);
  }
}
