import { EngineCancelledError } from '../local/cancellation';

/**
 * Why a ComfyUI run failed: `unreachable` (connection refused, no answer in time),
 * `timeout` (the run took longer than allowed), `rejected` (the workflow failed validation),
 * `failed` / `interrupted` (the run itself), `bad_input` (the task can't be run). Each ends
 * the task as failed and refunded; the message is written for the operator. Cancellation is
 * not a failure and throws the engines' shared `EngineCancelledError` instead.
 */
export type ComfyUiFailure =
  'unreachable' | 'timeout' | 'rejected' | 'failed' | 'interrupted' | 'bad_input';

export class ComfyUiError extends Error {
  override readonly name = 'ComfyUiError';

  constructor(
    readonly reason: ComfyUiFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export function cancelledError(): EngineCancelledError {
  return new EngineCancelledError('The task was cancelled; ComfyUI was asked to stop it');
}

/** Node's fetch hides the socket error (ECONNREFUSED, ENOTFOUND…) in `cause`. */
export function describeNetworkError(err: unknown): string {
  if (err instanceof Error) {
    const cause: unknown = err.cause;
    if (cause instanceof Error && cause.message) return cause.message;
    return err.message;
  }
  return String(err);
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}
