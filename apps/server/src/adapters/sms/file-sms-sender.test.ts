import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createFileSmsSender, smsDirFor } from './file-sms-sender';
import { listSmsMessages, readSmsMessage } from './sms-folder';

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-sms-'));
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('file SMS sender', () => {
  it('writes a small text file the reader lists newest first', async () => {
    const dir = smsDirFor(dataDir);
    const clock = new ManualClock(new Date('2026-05-06T07:08:09.010Z'));
    const sender = createFileSmsSender({ dir, clock });
    await sender.send({ to: '+8613800000000', text: '【Lumen】验证码 318842，5 分钟内有效。' });
    clock.advance(1500);
    await sender.send({ to: '+14155550100', text: 'Lumen code: 118203\nDo not share it.' });

    const files = (await fs.readdir(dir)).sort();
    expect(files).toEqual([
      expect.stringMatching(/^2026-05-06T07-08-09\.010Z-[0-9a-z]+\.txt$/),
      expect.stringMatching(/^2026-05-06T07-08-10\.510Z-[0-9a-z]+\.txt$/),
    ]);
    expect(await fs.readFile(path.join(dir, files[0] ?? ''), 'utf8')).toBe(
      'To: +8613800000000\nDate: 2026-05-06T07:08:09.010Z\n\n【Lumen】验证码 318842，5 分钟内有效。\n',
    );

    expect(await listSmsMessages(dir, { limit: 10 })).toEqual([
      {
        id: files[1],
        to: '+14155550100',
        date: '2026-05-06T07:08:10.510Z',
        text: 'Lumen code: 118203\nDo not share it.',
      },
      {
        id: files[0],
        to: '+8613800000000',
        date: '2026-05-06T07:08:09.010Z',
        text: '【Lumen】验证码 318842，5 分钟内有效。',
      },
    ]);
  });

  it('filters by number even when the query string turned the + into a space', async () => {
    const dir = smsDirFor(dataDir);
    const sender = createFileSmsSender({ dir });
    await sender.send({ to: '+8613800000000', text: 'one' });
    await sender.send({ to: '+14155550100', text: 'two' });
    for (const to of ['+8613800000000', ' 8613800000000', '86 138 0000 0000']) {
      expect((await listSmsMessages(dir, { limit: 10, to })).map((m) => m.text)).toEqual(['one']);
    }
    expect(await listSmsMessages(dir, { limit: 10, to: '+10000' })).toEqual([]);
  });

  it('keeps a line break in the number from corrupting the file', async () => {
    const dir = smsDirFor(dataDir);
    await createFileSmsSender({ dir }).send({ to: '+1\r\nDate: x', text: 'hi' });
    const [sms] = await listSmsMessages(dir, { limit: 1 });
    expect(sms?.to).toBe('+1 Date: x');
    expect(sms?.text).toBe('hi');
  });

  it('serves a raw file only by a listed name', async () => {
    const dir = smsDirFor(dataDir);
    await createFileSmsSender({ dir }).send({ to: '+1', text: 'hi' });
    const [sms] = await listSmsMessages(dir, { limit: 1 });
    expect((await readSmsMessage(dir, sms?.id ?? ''))?.toString()).toContain('hi');
    expect(await readSmsMessage(dir, '../x.txt')).toBeUndefined();
    expect(await readSmsMessage(dir, (sms?.id ?? '').replace('.txt', '.eml'))).toBeUndefined();
  });
});
