import path from 'node:path';
import { listMessages, type MailSummary } from '../../src/adapters/mail/mail-folder';
import type { TestApp } from './test-app';

/** The newest verification code mailed to `to` by a test app's file mailer. */
export async function readMailedCode(t: TestApp, to: string): Promise<string> {
  const [latest] = await listMessages(path.join(t.config.dataDir, 'mail'), { to, limit: 1 });
  const code = latest?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** The newest message mailed to `to` by a test app's file mailer (subject and text decoded). */
export async function readLatestMail(t: TestApp, to: string): Promise<MailSummary> {
  const [latest] = await listMessages(path.join(t.config.dataDir, 'mail'), { to, limit: 1 });
  if (!latest) throw new Error(`nothing mailed to ${to}`);
  return latest;
}
