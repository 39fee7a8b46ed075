import path from 'node:path';
import { systemClock, type Clock } from '../../lib/clock';
import { writeMessageFile } from '../mail/message-files';
import type { SmsSender } from './sms-sender';

export type FileSmsSenderOptions = {
  /** The folder the `.txt` files go to; created when missing. */
  dir: string;
  clock?: Clock;
};

/** The folder the file SMS sender writes to, and the developer SMS page reads. */
export function smsDirFor(dataDir: string): string {
  return path.join(dataDir, 'sms');
}

/**
 * The embedded default for text messages (architecture decision 8): one small file per
 * message, `To:` and `Date:` lines, a blank line, then the text, as the SMS reader parses it.
 */
export function createFileSmsSender({ dir, clock = systemClock }: FileSmsSenderOptions): SmsSender {
  return {
    async send(message) {
      const date = clock.now();
      // A line break in the number would end the header block early and garble the file.
      const to = message.to.replace(/[\r\n]+/g, ' ').trim();
      const content = `To: ${to}\nDate: ${date.toISOString()}\n\n${message.text}\n`;
      await writeMessageFile(dir, '.txt', content, { now: () => date });
    },
  };
}
