import path from 'node:path';
import type { Clock } from '../../lib/clock';
import { createFileMailer } from './file-mailer';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

export type MailerChoice = {
  /** Set in production: mail goes out over SMTP. */
  smtpUrl?: string | undefined;
  from: string;
  /** Without SMTP, messages are written under `<dataDir>/mail`. */
  dataDir: string;
  clock?: Clock;
};

export type ClosableMailer = Mailer & {
  /** Where the `.eml` files go, or undefined when mail goes out over SMTP. */
  readonly dir: string | undefined;
  close(): void;
};

/** The folder the file mailer writes to, and the developer mailbox reads. */
export function mailDirFor(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

/** SMTP when a URL is configured, otherwise the `.eml` folder of the embedded default. */
export function createMailer({ smtpUrl, from, dataDir, clock }: MailerChoice): ClosableMailer {
  if (smtpUrl) {
    const smtp = createSmtpMailer({ url: smtpUrl, from });
    return { dir: undefined, send: (message) => smtp.send(message), close: () => smtp.close() };
  }
  const dir = mailDirFor(dataDir);
  const files = createFileMailer({ dir, from, ...(clock ? { clock } : {}) });
  return { dir, send: (message) => files.send(message), close: () => {} };
}
