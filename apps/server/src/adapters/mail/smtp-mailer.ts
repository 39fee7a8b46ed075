import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export type SmtpMailerOptions = {
  /**
   * `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465`.
   * nodemailer reads further settings from the query string, e.g. `?pool=true` to keep
   * connections open between messages.
   */
  url: string;
  from: string;
};

export type SmtpMailer = Mailer & {
  /** Closes open SMTP connections (pooled ones stay open until then). */
  close(): void;
};

/** The production mail provider (architecture decision 8). */
export function createSmtpMailer({ url, from }: SmtpMailerOptions): SmtpMailer {
  // A verification code is sent while the user waits for the answer: an unreachable server
  // should fail the request in seconds, not after nodemailer's default two minutes. Values in
  // the URL's query string still win.
  const transport = nodemailer.createTransport(
    { url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 },
    { from },
  );

  return {
    async send(message) {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
    },
    close() {
      transport.close();
    },
  };
}
