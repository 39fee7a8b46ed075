import { HTTP_TIMEOUT_MS, TOAST_DEFAULT_MS } from '@lumen/contracts/constants';
import { ErrorCode, confirmLogoutCodes } from '@lumen/contracts/error-codes';
import { getCurrentLanguage, i18n } from '../i18n/i18n';
import { isAdminPath, readStoredValue, sessionStorageKeys } from '../session/access';
import { toast } from '../ui/toast';
import { ApiError, ClientErrorCode, type ApiErrorField } from './api-error';
import {
  handleConfirmLogout,
  handleGuardianRequired,
  handleLoginRequired,
  handlePayRequired,
  refreshSessionOnce,
} from './session-hooks';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON, or as is when it is FormData. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Skip the error toast; the caller shows its own message. */
  silent?: boolean;
  /** Spec §8: a 3015 answer to such a request comes back to the caller without a logout. */
  noLogin?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Validates `result`, e.g. a contracts zod schema. */
  schema?: { parse: (value: unknown) => T };
}

interface RawEnvelope {
  code: number;
  msg: string;
  result: unknown;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = path.startsWith('/') ? path : `/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isEnvelope(value: unknown): value is RawEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.code === 'number' && typeof record.msg === 'string';
}

function fieldsOf(result: unknown): ApiErrorField[] | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const fields = (result as { fields?: unknown }).fields;
  return Array.isArray(fields) ? (fields as ApiErrorField[]) : undefined;
}

function showError(message: string, silent: boolean | undefined): void {
  if (!silent) toast({ type: 'error', message, duration: TOAST_DEFAULT_MS });
}

async function send(url: string, options: RequestOptions<unknown>): Promise<Response> {
  const controller = new AbortController();
  const timeout = window.setTimeout(() => controller.abort(), options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  // Read per request: another tab may have rotated the ticket since the last call.
  const ticket = readStoredValue(sessionStorageKeys.ticket);
  const headers: Record<string, string> = {
    'X-accept-language': getCurrentLanguage(),
    'X-Client-Platform': 'web',
    ...(ticket ? { Authorization: `Bearer ${ticket}` } : {}),
    ...(options.body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
    ...options.headers,
  };
  try {
    return await fetch(url, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      credentials: 'include',
      headers,
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const timedOut = controller.signal.aborted;
    const msg = i18n.t(timedOut ? 'errors.timeout' : 'errors.network');
    showError(msg, options.silent);
    throw new ApiError({
      code: timedOut ? ClientErrorCode.timeout : ClientErrorCode.network,
      msg,
      httpStatus: 0,
    });
  } finally {
    window.clearTimeout(timeout);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** Applies spec §8 to a non-zero envelope and returns the error the caller receives. */
function applyCodeRules(
  envelope: RawEnvelope,
  httpStatus: number,
  options: RequestOptions<unknown>,
): ApiError {
  const error = new ApiError({
    code: envelope.code,
    msg: envelope.msg,
    httpStatus,
    fields: fieldsOf(envelope.result),
  });
  switch (envelope.code) {
    case ErrorCode.silent:
    case ErrorCode.refreshRejected:
      return error;
    case ErrorCode.commentReviewFailed:
      if (!options.silent)
        toast({ type: 'warning', message: i18n.t('errors.commentReviewFailed') });
      return error;
    case ErrorCode.loginRequired:
      if (!options.noLogin && !isAdminPath(window.location.pathname)) handleLoginRequired();
      return error;
    case ErrorCode.noCredits:
    case ErrorCode.upgradeRequired:
      showError(envelope.msg || i18n.t('errors.generic'), options.silent);
      handlePayRequired(envelope.code, envelope.msg);
      return error;
    case ErrorCode.guardianConsentRequired:
      showError(envelope.msg || i18n.t('errors.generic'), options.silent);
      handleGuardianRequired();
      return error;
  }
  if (confirmLogoutCodes.includes(envelope.code)) {
    handleConfirmLogout();
    return error;
  }
  showError(envelope.msg || i18n.t('errors.generic'), options.silent);
  return error;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * Calls the API and returns the envelope's `result`, or throws an ApiError after applying the
 * spec §8 reactions (toast, logout, confirm-logout dialog, pay dialog).
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const url = buildUrl(path, options.query);
  let response = await send(url, options);
  if (response.status === 401) {
    if (await refreshSessionOnce()) response = await send(url, options);
    if (response.status === 401) {
      const body = await readJson(response);
      if (!options.noLogin) handleLoginRequired();
      throw new ApiError({
        code: isEnvelope(body) ? body.code : ErrorCode.loginRequired,
        msg: isEnvelope(body) ? body.msg : i18n.t('errors.loginRequired'),
        httpStatus: 401,
      });
    }
  }

  const body = await readJson(response);
  if (response.status >= 500 && response.status < 600) {
    const msg = i18n.t('errors.system');
    showError(msg, options.silent);
    throw new ApiError({
      code: isEnvelope(body) ? body.code : ErrorCode.systemError,
      msg,
      httpStatus: response.status,
    });
  }
  if (!isEnvelope(body)) {
    const msg = i18n.t('errors.generic');
    showError(msg, options.silent);
    throw new ApiError({ code: ClientErrorCode.badResponse, msg, httpStatus: response.status });
  }
  if (body.code !== ErrorCode.success) throw applyCodeRules(body, response.status, options);
  return options.schema ? options.schema.parse(body.result) : (body.result as T);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
