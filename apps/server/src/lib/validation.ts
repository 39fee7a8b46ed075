import { ErrorCode } from '@lumen/contracts/error-codes';
import { parseLanguage } from '@lumen/contracts/i18n';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { failureEnvelope, failureStatus } from './app-error';
import { en } from './i18n/en';
import { translate } from './i18n/translate';

/**
 * Request validation failure carrying zod's issues (with the input, so a missing field can be
 * told from a wrong one). The error handler translates them per request language.
 */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly issues: z.core.$ZodIssue[],
    readonly part: string,
  ) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
  }
}

type Issue = z.core.$ZodIssue;

/**
 * A union's failure lists every branch. Branches that only say "the whole value has another
 * type" are noise (an object sent where an object-or-array is accepted): when one branch is
 * left, its own issues are the useful ones.
 */
export function flattenUnionIssues(issues: Issue[], prefix: PropertyKey[] = []): Issue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [{ ...issue, path }];
    const relevant = issue.errors.filter(
      (branch) =>
        !(branch.length === 1 && branch[0]?.code === 'invalid_type' && branch[0].path.length === 0),
    );
    const [only] = relevant;
    return relevant.length === 1 && only ? flattenUnionIssues(only, path) : [{ ...issue, path }];
  });
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return {
      error: new RequestValidationError(
        flattenUnionIssues(result.error.issues),
        httpPart ?? 'body',
      ),
    };
  };

/** Objects and arrays nested deeper than this are refused before any schema looks at them. */
export const MAX_INPUT_DEPTH = 32;

/** The guard's issue messages: their `rules.*` text, which the error handler translates. */
const unstorableTextMessage = en['rules.storableText'];
const nestedTooDeepMessage = en['rules.nestedTooDeep'];

/**
 * U+0000 and UTF-16 halves without their partner: PostgreSQL refuses the first in text and
 * jsonb, and the second cannot be written as UTF-8 at all (drivers silently swap it for U+FFFD).
 */
// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');
const MAX_ISSUES = 20;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** A field name that can be shown back: the offending characters written as `\uXXXX`. */
function printable(key: string): string {
  return key.replace(
    UNSTORABLE_ALL,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Parsed input: JSON objects, and the query and params objects (whose prototype is the
 * parser's own). Uploaded bytes and streams are not text and are not walked.
 */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Date) {
    return false;
  }
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}

function issueAt(path: PropertyKey[], message: string): Issue {
  return { code: 'custom', path, message, input: undefined } as Issue;
}

/**
 * Finds text PostgreSQL cannot store (in values and in object keys) and nesting deeper than
 * MAX_INPUT_DEPTH, in a parsed body, query, params or headers.
 */
export function findUnsafeInput(input: unknown): Issue[] {
  const issues: Issue[] = [];
  const visit = (value: unknown, path: PropertyKey[], depth: number): void => {
    if (issues.length >= MAX_ISSUES) return;
    if (typeof value === 'string') {
      if (!isStorableText(value)) issues.push(issueAt(path, unstorableTextMessage));
      return;
    }
    const isList = Array.isArray(value);
    if (!isList && !isRecord(value)) return;
    if (depth >= MAX_INPUT_DEPTH) {
      issues.push(issueAt(path, nestedTooDeepMessage));
      return;
    }
    if (isList) {
      value.forEach((item, index) => visit(item, [...path, index], depth + 1));
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      const keyPath = [...path, printable(key)];
      if (!isStorableText(key)) issues.push(issueAt(keyPath, unstorableTextMessage));
      visit(item, keyPath, depth + 1);
    }
  };
  visit(input, [], 0);
  return issues.slice(0, MAX_ISSUES);
}

const requestParts = [
  ['params', (request: FastifyRequest) => request.params],
  ['querystring', (request: FastifyRequest) => request.query],
  ['body', (request: FastifyRequest) => request.body],
  ['headers', (request: FastifyRequest) => request.headers],
] as const;

/**
 * One rule for every route, schema or not: a request carrying text the database cannot store,
 * or absurdly deep JSON, is refused as invalid input (1001, naming the field) before its
 * schema and handler run, instead of failing later in a query as a system error.
 */
export async function refuseUnsafeInput(request: FastifyRequest): Promise<void> {
  for (const [part, read] of requestParts) {
    const issues = findUnsafeInput(read(request));
    if (issues.length > 0) throw new RequestValidationError(issues, part);
  }
}

/**
 * Paths Fastify's router cannot take apart, answered in the envelope: a segment whose percent
 * escapes are no UTF-8 (`%ED%A0%80`, a lone surrogate; `%FF`), or one over the router's length
 * limit. The router answers these before any route, hook or error handler runs.
 */
export function answerUnreadablePath(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const header = request.headers['x-accept-language'] ?? request.headers['accept-language'];
  const lang = parseLanguage(Array.isArray(header) ? header[0] : header);
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const known = tooLong || error.code === 'FST_ERR_BAD_URL';
  const msg = translate(
    lang,
    known ? (tooLong ? 'errors.pathTooLong' : 'errors.badPath') : 'errors.system',
  );
  const path = request.url.split('?')[0] ?? request.url;
  void reply
    .status(failureStatus(path, known ? (tooLong ? 414 : 400) : 500))
    .type('application/json; charset=utf-8')
    .send(
      failureEnvelope(path, {
        code: known ? ErrorCode.invalidParams : ErrorCode.systemError,
        msg,
        result: null,
      }),
    );
}
