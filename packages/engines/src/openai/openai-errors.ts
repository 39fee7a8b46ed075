import { EngineCancelledError } from '../local/cancellation';

/**
 * Why an OpenAI-compatible call failed, in the same words the ComfyUI engine uses:
 * `unreachable` (network, no answer in time), `rejected` (the API refused the request, 4xx),
 * `failed` (server error or an answer we can't use), `bad_input`. Cancellation throws the
 * engines' shared `EngineCancelledError`.
 */
export type OpenAiFailure = 'unreachable' | 'rejected' | 'failed' | 'bad_input';

export class OpenAiError extends Error {
  override readonly name = 'OpenAiError';

  constructor(
    readonly reason: OpenAiFailure,
    message: string,
    /** HTTP status and the API's `error.code` (e.g. `content_policy_violation`), when it answered. */
    readonly details: { status?: number; code?: string } = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export function cancelledError(): EngineCancelledError {
  return new EngineCancelledError();
}
