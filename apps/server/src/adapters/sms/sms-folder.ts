import { dateFromFileName, readMessageFile, readMessageFiles } from '../mail/message-files';

export type SmsSummary = { id: string; to: string; date: string; text: string };

export type ListSmsOptions = {
  limit: number;
  /** Only messages to this number; punctuation, spaces and a leading `+` are ignored. */
  to?: string | undefined;
};

/** The text messages in `dir`, newest first, as the developer SMS page shows them. */
export async function listSmsMessages(
  dir: string,
  { limit, to }: ListSmsOptions,
): Promise<SmsSummary[]> {
  const wanted = to === undefined ? undefined : phoneDigits(to);
  const found: SmsSummary[] = [];
  if (limit <= 0) return found;
  for await (const { id, raw } of readMessageFiles(dir, '.txt')) {
    const sms = parseSmsFile(id, raw.toString('utf8'));
    if (wanted !== undefined && phoneDigits(sms.to) !== wanted) continue;
    found.push(sms);
    if (found.length >= limit) break;
  }
  return found;
}

/** The raw file, or undefined when `id` is not a message in `dir`. */
export function readSmsMessage(dir: string, id: string): Promise<Buffer | undefined> {
  return readMessageFile(dir, '.txt', id);
}

export function parseSmsFile(id: string, content: string): SmsSummary {
  const normalized = content.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = split === -1 ? normalized : normalized.slice(0, split);
  const text = split === -1 ? '' : normalized.slice(split + 2).replace(/\n$/, '');
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const date = new Date(headers.get('date') ?? '');
  return {
    id,
    to: headers.get('to') ?? '',
    date: Number.isNaN(date.getTime()) ? dateFromFileName(id) : date.toISOString(),
    text,
  };
}

// A query string turns an unescaped `+` into a space, so `?to=+8613800000000` must still match.
function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}
