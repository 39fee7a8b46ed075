import type { Language } from '@lumen/contracts/i18n';
import { z } from 'zod';
import { en, type MessageKey } from './en';
import { translate, type MessageParams } from './translate';

type Issue = z.core.$ZodIssue & { input?: unknown };
type Reason = { key: MessageKey; params?: MessageParams };

/**
 * Rules the shared schemas state in their own words (`.regex(re, 'must start with a letter')`,
 * `.refine(fn, 'nothing to change')`): the English catalogue holds each one under `rules.*` with
 * the schema's exact text, so the other catalogues can translate it.
 */
const ruleKeys = new Map(
  (Object.entries(en) as [MessageKey, string][])
    .filter(([key]) => key.startsWith('rules.'))
    .map(([key, text]) => [text, key]),
);

const englishDefault = z.locales.en().localeError as (iss: z.core.$ZodRawIssue) => unknown;

/** Whether the schema gave this issue its own message rather than zod's default. */
function hasOwnMessage(issue: Issue): boolean {
  const fallback = englishDefault(issue as unknown as z.core.$ZodRawIssue);
  const text =
    typeof fallback === 'string' ? fallback : (fallback as { message?: string })?.message;
  return Boolean(issue.message) && issue.message !== text;
}

const show = (value: unknown): string =>
  value instanceof Date
    ? value.toISOString()
    : typeof value === 'string'
      ? value
      : typeof value === 'bigint'
        ? value.toString()
        : (JSON.stringify(value) ?? String(value));

const MAX_LISTED = 20;
function list(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_LISTED).map(show);
  return values.length > MAX_LISTED ? `${shown.join(', ')}, …` : shown.join(', ');
}

const sized = new Set(['string', 'array', 'set', 'map', 'file']);
const numeric = new Set(['number', 'int', 'bigint']);

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): Reason {
  const min = show(issue.minimum);
  if (issue.origin === 'string') {
    if (issue.exact) return { key: 'validation.exactLength', params: { length: min } };
    if (issue.minimum === 1 && issue.inclusive !== false) return { key: 'validation.empty' };
    return { key: 'validation.tooShort', params: { min } };
  }
  if (sized.has(issue.origin)) {
    if (issue.exact) return { key: 'validation.exactItems', params: { count: min } };
    if (issue.minimum === 1 && issue.inclusive !== false) return { key: 'validation.empty' };
    return { key: 'validation.tooFewItems', params: { min } };
  }
  if (issue.origin === 'date') return { key: 'validation.notBefore', params: { min } };
  if (numeric.has(issue.origin)) {
    return {
      key: issue.inclusive === false ? 'validation.greaterThan' : 'validation.min',
      params: { min },
    };
  }
  return { key: 'validation.invalid' };
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): Reason {
  const max = show(issue.maximum);
  if (issue.origin === 'string') {
    if (issue.exact) return { key: 'validation.exactLength', params: { length: max } };
    return { key: 'validation.tooLong', params: { max } };
  }
  if (sized.has(issue.origin)) {
    if (issue.exact) return { key: 'validation.exactItems', params: { count: max } };
    return { key: 'validation.tooManyItems', params: { max } };
  }
  if (issue.origin === 'date') return { key: 'validation.notAfter', params: { max } };
  if (numeric.has(issue.origin)) {
    return {
      key: issue.inclusive === false ? 'validation.lessThan' : 'validation.max',
      params: { max },
    };
  }
  return { key: 'validation.invalid' };
}

const typeKeys: Record<string, MessageKey> = {
  number: 'validation.notNumber',
  bigint: 'validation.notNumber',
  nan: 'validation.notNumber',
  int: 'validation.notInteger',
  string: 'validation.notText',
  boolean: 'validation.notBoolean',
  array: 'validation.notList',
  set: 'validation.notList',
  tuple: 'validation.notList',
  object: 'validation.notObject',
  record: 'validation.notObject',
  map: 'validation.notObject',
};

const formatKeys: Record<string, MessageKey> = {
  email: 'rules.email',
  url: 'validation.url',
  uuid: 'rules.id',
  uuidv4: 'rules.id',
  uuidv6: 'rules.id',
  uuidv7: 'rules.id',
  guid: 'rules.id',
  cuid: 'rules.id',
  cuid2: 'rules.id',
  ulid: 'rules.id',
  nanoid: 'rules.id',
  datetime: 'validation.dateTime',
  date: 'rules.date',
  time: 'validation.time',
};

function invalidFormat(issue: Extract<Issue, { code: 'invalid_format' }>): Reason {
  // The string-format issue types leave out the prefix, suffix and needle zod fills in.
  const detail = issue as unknown as Record<string, unknown>;
  switch (issue.format) {
    case 'starts_with':
      return { key: 'validation.startsWith', params: { prefix: show(detail.prefix) } };
    case 'ends_with':
      return { key: 'validation.endsWith', params: { suffix: show(detail.suffix) } };
    case 'includes':
      return { key: 'validation.includes', params: { text: show(detail.includes) } };
    default:
      return { key: formatKeys[issue.format] ?? 'validation.format' };
  }
}

/** The catalogue message for one zod issue, chosen by its code and details. */
function reasonFor(issue: Issue): Reason {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { key: 'errors.fieldRequired' };
      return { key: typeKeys[issue.expected] ?? 'validation.wrongType' };
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return invalidFormat(issue);
    case 'not_multiple_of':
      return { key: 'validation.multipleOf', params: { divisor: show(issue.divisor) } };
    case 'invalid_value':
      return issue.values.length === 1
        ? { key: 'validation.equals', params: { value: show(issue.values[0]) } }
        : { key: 'validation.oneOf', params: { values: list(issue.values) } };
    case 'unrecognized_keys':
      return { key: 'validation.unknownFields', params: { keys: list(issue.keys) } };
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options;
      return options?.length
        ? { key: 'validation.oneOf', params: { values: list(options) } }
        : { key: 'validation.invalid' };
    }
    default:
      return { key: 'validation.invalid' };
  }
}

/**
 * Says what is wrong with one field, in the caller's language. A rule the schema words itself is
 * translated from the `rules.*` entries; an English caller still reads a rule that has no entry
 * yet; everything else is worded by the issue's code, never with zod's own text.
 */
export function describeIssue(lang: Language, issue: Issue): string {
  const missing =
    issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null);
  if (!missing && hasOwnMessage(issue)) {
    const rule = ruleKeys.get(issue.message);
    if (rule) return translate(lang, rule);
    if (lang === 'en') return issue.message;
  }
  const { key, params } = reasonFor(issue);
  return translate(lang, key, params);
}
