import { dateFromFileName, readMessageFile, readMessageFiles } from './message-files';
import { listAddresses, parseMail } from './mime-parse';

export type MailSummary = {
  /** The file name, which is also the id the raw message is served under. */
  id: string;
  to: string;
  subject: string;
  /** ISO 8601. */
  date: string;
  text: string;
};

export type ListMessagesOptions = {
  limit: number;
  /** Only messages with this address among their recipients, ignoring case. */
  to?: string | undefined;
};

/** The `.eml` files the file mailer wrote to `dir`, newest first, for the developer mailbox. */
export async function listMessages(
  dir: string,
  { limit, to }: ListMessagesOptions,
): Promise<MailSummary[]> {
  const wanted = to?.trim().toLowerCase();
  const found: MailSummary[] = [];
  if (limit <= 0) return found;
  // The filter is applied while reading, not after a limit, so an address that received its
  // mail long ago is still found behind newer mail to others.
  for await (const { id, raw } of readMessageFiles(dir, '.eml')) {
    const mail = parseMail(raw);
    if (wanted !== undefined && !listAddresses(mail.to).includes(wanted)) continue;
    found.push({
      id,
      to: mail.to,
      subject: mail.subject,
      date: mail.date?.toISOString() ?? dateFromFileName(id),
      text: mail.text,
    });
    if (found.length >= limit) break;
  }
  return found;
}

/** The raw `.eml`, or undefined when `id` is not a message in `dir`. */
export function readMessage(dir: string, id: string): Promise<Buffer | undefined> {
  return readMessageFile(dir, '.eml', id);
}
