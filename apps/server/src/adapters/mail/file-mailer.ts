import nodemailer from 'nodemailer';
import { systemClock, type Clock } from '../../lib/clock';
import type { Mailer } from './mailer';
import { writeMessageFile } from './message-files';

export type FileMailerOptions = {
  /** The folder the `.eml` files go to; created when missing. */
  dir: string;
  /** The From header, e.g. `Lumen <no-reply@lumen.local>`. */
  from: string;
  clock?: Clock;
};

/**
 * The embedded default (architecture decision 8): each message becomes a real RFC 822 `.eml`
 * file, composed by nodemailer exactly as SMTP would send it, so a mail client opens it and the
 * developer mailbox shows what a user would receive.
 */
export function createFileMailer({ dir, from, clock = systemClock }: FileMailerOptions): Mailer {
  // CRLF line ends: the form RFC 5322 prescribes and mail clients expect in an .eml file.
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });

  return {
    async send(message) {
      const info = await composer.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        date: clock.now(),
      });
      if (!Buffer.isBuffer(info.message)) {
        throw new Error('nodemailer stream transport did not return a buffer');
      }
      await writeMessageFile(dir, '.eml', info.message, clock);
    },
  };
}
