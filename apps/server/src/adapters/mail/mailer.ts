/** An outgoing e-mail (architecture decision 8). */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
};

export interface Mailer {
  /** Resolves once the message is handed to SMTP or written to the mail folder. */
  send(message: MailMessage): Promise<void>;
}
