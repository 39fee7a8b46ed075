import { ErrorCode } from '@lumen/contracts/error-codes';
import type { MessageKey } from './i18n/en';
import type { MessageParams } from './i18n/translate';

/**
 * The one error type services throw. `code` is a spec §8 answer code, `messageKey` a server
 * message translated per request, `fields` names the inputs at fault.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    readonly fields?: { field: string; message: string }[],
    /** Overrides the status the code maps to: HTTP 401 for an expired ticket (spec §8). */
    readonly httpStatus?: number,
    options?: { cause?: unknown },
  ) {
    super(messageKey, options);
    this.name = 'AppError';
  }
}

/**
 * HTTP status per answer code. Business refusals answer 200 with a non-zero code, as the
 * product's own clients expect (spec §8 reads `code`, not the status); HTTP 401 is kept for an
 * expired ticket, the one case where the client refreshes and retries.
 */
const httpStatusByCode = new Map<number, number>([
  [ErrorCode.invalidParams, 400],
  [ErrorCode.forbidden, 403],
  [ErrorCode.notFound, 404],
  [ErrorCode.conflict, 409],
  [ErrorCode.tooManyRequests, 429],
  [ErrorCode.systemError, 500],
  [ErrorCode.serviceUnavailable, 503],
]);

export function httpStatusForCode(code: number): number {
  return httpStatusByCode.get(code) ?? 200;
}

/** The async gateway's prefix: its clients poll, and read `code` rather than the status. */
const GATEWAY_PREFIX = '/api/gw/';

export function isGatewayPath(path: string): boolean {
  return path.startsWith(GATEWAY_PREFIX);
}

/**
 * The HTTP status a failure is answered with. On the gateway every refusal of the request
 * (bad input, unknown task, limits, credits) answers 200 with its non-zero code, as vivago's
 * API does: a client polling a task stops on the code instead of retrying a 404 until it times
 * out. HTTP 401 stays (the client refreshes its ticket), and so do 5xx (worth retrying).
 */
export function failureStatus(path: string, status: number): number {
  return isGatewayPath(path) && status >= 400 && status < 500 && status !== 401 ? 200 : status;
}

/**
 * A failure's envelope. The gateway's also carries `message` (vivago's clients read that name)
 * and echoes the caller's `request_id`; the rest of the API keeps `{ code, msg, result }`.
 */
export function failureEnvelope(
  path: string,
  failure: { code: number; msg: string; result: unknown; requestId?: string | undefined },
) {
  const { code, msg, result, requestId } = failure;
  if (!isGatewayPath(path)) return { code, msg, result };
  return { code, msg, message: msg, result, ...(requestId ? { request_id: requestId } : {}) };
}

export const notFound = (key: MessageKey = 'errors.notFound', params?: MessageParams) =>
  new AppError(ErrorCode.notFound, key, params);
export const forbidden = () => new AppError(ErrorCode.forbidden, 'errors.forbidden');
export const invalidParams = (fields?: { field: string; message: string }[]) =>
  new AppError(ErrorCode.invalidParams, 'errors.invalidParams', {}, fields);
