import { isApiPath } from '@lumen/contracts/api-paths';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { parseLanguage, type Language } from '@lumen/contracts/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, failureEnvelope, failureStatus, httpStatusForCode } from '../lib/app-error';
import type { MessageKey } from '../lib/i18n/en';
import { describeIssue } from '../lib/i18n/issues';
import { translate } from '../lib/i18n/translate';
import { RequestValidationError } from '../lib/validation';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's interface language, from `X-accept-language` (spec §7). */
    lang: Language;
  }
}

type Failure = { status: number; code: number; key: MessageKey; params?: Record<string, string> };

/** Fastify's own request errors, answered as invalid input instead of a system error. */
const fastifyRequestErrors: Record<string, Omit<Failure, 'code'>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'errors.invalidJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'errors.invalidJson' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'errors.unsupportedContentType' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'errors.payloadTooLarge' },
};

/** The caller's own `request_id` (body or query), echoed in a gateway failure. */
function requestIdOf(request: FastifyRequest): string | undefined {
  const body = request.body;
  const fromBody =
    typeof body === 'object' && body !== null
      ? (body as Record<string, unknown>).request_id
      : undefined;
  // The raw query: a route's schema drops the names it does not declare.
  const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const id =
    typeof fromBody === 'string' ? fromBody : new URLSearchParams(search).get('request_id');
  return id && id.length <= 128 ? id : undefined;
}

function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: number,
  msg: string,
  fields?: { field: string; message: string }[],
) {
  const path = request.url.split('?')[0] ?? request.url;
  const result = fields ? { fields } : null;
  // Failures bypass the route's success schema: a 2007 answered with HTTP 200 is not a result.
  return reply
    .status(failureStatus(path, status))
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(failureEnvelope(path, { code, msg, result, requestId: requestIdOf(request) }));
}

function fieldName(part: string, path: PropertyKey[]): string {
  const joined = path.map(String).join('.');
  return joined || part;
}

/** One place that turns every error into the `{ code, msg, result }` envelope (spec §8). */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    const header = request.headers['x-accept-language'] ?? request.headers['accept-language'];
    request.lang = parseLanguage(Array.isArray(header) ? header[0] : header);
  });

  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, request, reply) => {
    const lang = request.lang;
    if (error instanceof AppError) {
      return sendFailure(
        request,
        reply,
        error.httpStatus ?? httpStatusForCode(error.code),
        error.code,
        translate(lang, error.messageKey, error.params),
        error.fields,
      );
    }
    if (error instanceof RequestValidationError) {
      const fields = error.issues.map((issue) => ({
        field: fieldName(error.part, issue.path),
        message: describeIssue(lang, issue),
      }));
      const first = fields[0];
      const msg = first
        ? translate(lang, 'errors.invalidField', { field: first.field, reason: first.message })
        : translate(lang, 'errors.invalidParams');
      return sendFailure(request, reply, 400, ErrorCode.invalidParams, msg, fields);
    }
    const known = 'code' in error ? fastifyRequestErrors[error.code] : undefined;
    if (known) {
      return sendFailure(
        request,
        reply,
        known.status,
        ErrorCode.invalidParams,
        translate(lang, known.key),
      );
    }
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return sendFailure(
        request,
        reply,
        429,
        ErrorCode.tooManyRequests,
        translate(lang, 'errors.tooManyRequests'),
      );
    }
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'request refused');
      return sendFailure(
        request,
        reply,
        status,
        ErrorCode.invalidParams,
        translate(lang, 'errors.invalidParams'),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendFailure(
      request,
      reply,
      500,
      ErrorCode.systemError,
      translate(lang, 'errors.system'),
    );
  });
});

/** Unknown API paths answer 404 in the envelope; the web plugin handles page paths. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? request.url;
  return sendFailure(
    request,
    reply,
    404,
    ErrorCode.notFound,
    translate(request.lang, 'errors.routeNotFound', { method: request.method, path }),
  );
}

export { isApiPath };
