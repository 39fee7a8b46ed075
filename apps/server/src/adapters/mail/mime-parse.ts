/**
 * Just enough of RFC 5322 / 2045–2047 to show a stored `.eml` in the developer mailbox: the
 * headers (with encoded-words, so a Chinese or Japanese subject reads as written) and the
 * text/plain part with its transfer encoding and charset undone. Not a general mail parser:
 * attachments, RFC 2231 continuations and the like are ignored.
 */

export type ParsedMail = {
  to: string;
  subject: string;
  date: Date | undefined;
  /** The text/plain part, or the text/html part without tags when there is no plain one. */
  text: string;
};

type Entity = { headers: Map<string, string>; body: string };

// The deepest multipart nesting followed; real messages use two or three levels.
const MAX_DEPTH = 8;

export function parseMail(raw: Buffer): ParsedMail {
  // latin1 keeps one character per byte, so 8-bit bodies survive until their charset is known.
  const root = splitEntity(raw.toString('latin1'));
  const date = new Date(headerText(root, 'date'));
  return {
    to: headerText(root, 'to'),
    subject: headerText(root, 'subject'),
    date: Number.isNaN(date.getTime()) ? undefined : date,
    text: bodyText(root),
  };
}

/** The bare addresses in an address-list header value, lower-cased. */
export function listAddresses(value: string): string[] {
  const bracketed = [...value.matchAll(/<([^<>]+)>/g)].map((match) => match[1] ?? '');
  const addresses = bracketed.length > 0 ? bracketed : value.split(',');
  return addresses.map((address) => address.trim().toLowerCase()).filter(Boolean);
}

const ENCODED_WORD = /=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=/g;

/**
 * RFC 2047: `=?UTF-8?B?5L2g5aW9?=` → `你好`. Adjacent words in one charset are joined as bytes
 * before decoding, because an encoder may split a multi-byte character across two words; the
 * white space between adjacent words is not part of the text.
 */
export function decodeEncodedWords(value: string): string {
  let result = '';
  let pending: { charset: string; bytes: Buffer[] } | undefined;
  let lastIndex = 0;
  for (const match of value.matchAll(ENCODED_WORD)) {
    const between = value.slice(lastIndex, match.index);
    // `UTF-8*en` carries an RFC 2231 language tag after the charset.
    const charset = (match[1] ?? '').split('*')[0]?.toLowerCase() ?? 'utf-8';
    const encoded = match[3] ?? '';
    const bytes = /^b$/i.test(match[2] ?? '')
      ? Buffer.from(encoded, 'base64')
      : decodeQuotedPrintable(encoded.replaceAll('_', ' '));
    const adjacent = pending !== undefined && /^\s*$/.test(between);
    if (adjacent && pending?.charset === charset) {
      pending.bytes.push(bytes);
    } else {
      if (pending) result += decodeCharset(Buffer.concat(pending.bytes), pending.charset);
      if (!adjacent) result += between;
      pending = { charset, bytes: [bytes] };
    }
    lastIndex = match.index + match[0].length;
  }
  if (pending) result += decodeCharset(Buffer.concat(pending.bytes), pending.charset);
  return result + value.slice(lastIndex);
}

export function decodeQuotedPrintable(input: string): Buffer {
  const joined = input.replace(/=[ \t]*\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** Node's TextDecoder knows the legacy charsets (GBK, Shift_JIS, ISO-2022-JP…); else UTF-8. */
export function decodeCharset(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function splitEntity(raw: string): Entity {
  const separator = /\r?\n\r?\n/.exec(raw);
  const head = separator ? raw.slice(0, separator.index) : raw;
  const body = separator ? raw.slice(separator.index + separator[0].length) : '';
  const headers = new Map<string, string>();
  // Unfolding: a line that starts with white space continues the header above it.
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function headerText(entity: Entity, name: string): string {
  const value = entity.headers.get(name) ?? '';
  // Raw 8-bit header bytes (SMTPUTF8) are UTF-8; encoded-words are plain ASCII either way.
  return decodeEncodedWords(Buffer.from(value, 'latin1').toString('utf8'));
}

function parseContentType(value: string | undefined) {
  const [type = '', ...rest] = (value ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  for (const match of rest
    .join(';')
    .matchAll(/([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g)) {
    const quoted = match[2]?.replace(/\\(.)/g, '$1');
    params.set((match[1] ?? '').toLowerCase(), quoted ?? match[3] ?? '');
  }
  return { type: type.trim().toLowerCase() || 'text/plain', params };
}

function leafParts(entity: Entity, depth = 0): Entity[] {
  const { type, params } = parseContentType(entity.headers.get('content-type'));
  if (!type.startsWith('multipart/')) return [entity];
  const boundary = params.get('boundary');
  if (!boundary || depth >= MAX_DEPTH) return [];
  const parts: string[][] = [];
  let current: string[] | undefined;
  for (const line of entity.body.split(/\r?\n/)) {
    const trimmed = line.trimEnd();
    if (trimmed === `--${boundary}--`) break;
    if (trimmed === `--${boundary}`) {
      current = [];
      parts.push(current);
    } else {
      current?.push(line);
    }
  }
  return parts.flatMap((lines) => leafParts(splitEntity(lines.join('\r\n')), depth + 1));
}

function bodyText(root: Entity): string {
  const leaves = leafParts(root).filter(
    (part) => !/^\s*attachment/i.test(part.headers.get('content-disposition') ?? ''),
  );
  const typeOf = (part: Entity) => parseContentType(part.headers.get('content-type')).type;
  const plain = leaves.find((part) => typeOf(part) === 'text/plain');
  if (plain) return decodeBody(plain);
  const html = leaves.find((part) => typeOf(part) === 'text/html');
  return html ? htmlToText(decodeBody(html)) : '';
}

function decodeBody(entity: Entity): string {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').trim().toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(entity.body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(entity.body)
        : Buffer.from(entity.body, 'latin1');
  const charset = parseContentType(entity.headers.get('content-type')).params.get('charset');
  return decodeCharset(bytes, charset ?? 'utf-8')
    .replace(/\r\n/g, '\n')
    .trimEnd();
}

function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|h\d|li|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
