/**
 * Why a call to a hosted model API (Replicate, a Cog container, fal) failed, in the words the
 * other engines use: `unreachable` (network, no answer), `timeout` (our own deadline for the
 * whole job passed), `rejected` (the API refused the request: key, rate limit, 4xx), `failed`
 * (the model ran and failed, a server error, an answer we can't use), `bad_input` (the API or
 * the model said the input is invalid). Cancellation throws the engines' shared
 * `EngineCancelledError` instead.
 */
export type ModelApiFailure = 'unreachable' | 'timeout' | 'rejected' | 'failed' | 'bad_input';

export class ModelApiError extends Error {
  override readonly name = 'ModelApiError';

  constructor(
    readonly reason: ModelApiFailure,
    message: string,
    /** The HTTP status when the API answered, and the API's own error text or code. */
    readonly details: { status?: number; code?: string } = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
