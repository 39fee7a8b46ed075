import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createMailer } from './create-mailer';
import { createFileMailer } from './file-mailer';
import { listMessages, readMessage } from './mail-folder';

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-mail-'));
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('file mailer', () => {
  it('writes an RFC 822 message whose Chinese subject and body round-trip through the reader', async () => {
    const dir = path.join(dataDir, 'nested', 'mail');
    const clock = new ManualClock(new Date('2026-03-04T05:06:07.089Z'));
    const mailer = createFileMailer({ dir, from: 'Lumen <no-reply@lumen.local>', clock });
    await mailer.send({
      to: 'Li.Lei@Example.com',
      subject: '您的验证码是 482913',
      text: '验证码：482913\n10 分钟内有效。',
      html: '<p>验证码：<b>482913</b></p>',
    });

    const files = await fs.readdir(dir);
    expect(files).toEqual([expect.stringMatching(/^2026-03-04T05-06-07\.089Z-[0-9a-z]+\.eml$/)]);
    const raw = (await fs.readFile(path.join(dir, files[0] ?? ''))).toString('latin1');
    // A real message: CRLF lines, 7-bit headers with encoded-words, text and HTML alternatives.
    expect(raw).toMatch(/^[\x20-\x7e\r\n\t]*$/);
    expect(raw).toContain('\r\nSubject: =?UTF-8?');
    expect(raw).toContain('From: Lumen <no-reply@lumen.local>\r\n');
    expect(raw).toContain('Content-Type: multipart/alternative;');
    expect(raw).toContain('Content-Type: text/html; charset=utf-8');
    expect(raw).toContain('Date: Wed, 04 Mar 2026 05:06:07 +0000');

    const [message] = await listMessages(dir, { limit: 10 });
    expect(message).toEqual({
      id: files[0],
      // nodemailer normalises the domain (IDN) to lower case; the local part is kept.
      to: 'Li.Lei@example.com',
      subject: '您的验证码是 482913',
      date: '2026-03-04T05:06:07.000Z',
      text: '验证码：482913\n10 分钟内有效。',
    });
  });

  it('keeps a long Japanese subject intact across folded encoded-words', async () => {
    const dir = path.join(dataDir, 'mail');
    const mailer = createFileMailer({ dir, from: 'no-reply@lumen.local' });
    const subject = 'パスワード再設定のご案内：認証コードは下記のとおりです。有効期限は十分です。';
    await mailer.send({ to: 'taro@example.jp', subject, text: 'コード: 771204' });
    const [message] = await listMessages(dir, { limit: 1 });
    expect(message?.subject).toBe(subject);
    expect(message?.text).toBe('コード: 771204');
  });

  it('lists newest first, filters by recipient ignoring case, and leaves no temporary files', async () => {
    const dir = path.join(dataDir, 'mail');
    const clock = new ManualClock();
    const mailer = createFileMailer({ dir, from: 'no-reply@lumen.local', clock });
    await mailer.send({ to: 'a@example.com', subject: 'first', text: '1' });
    // Same millisecond: the order sent must survive a frozen clock.
    await mailer.send({ to: 'b@example.com', subject: 'second', text: '2' });
    clock.advance(1000);
    await mailer.send({ to: 'a@example.com', subject: 'third', text: '3' });

    const all = await listMessages(dir, { limit: 10 });
    expect(all.map((m) => m.subject)).toEqual(['third', 'second', 'first']);
    expect((await listMessages(dir, { limit: 2 })).map((m) => m.subject)).toEqual([
      'third',
      'second',
    ]);
    const toA = await listMessages(dir, { limit: 10, to: ' A@Example.COM ' });
    expect(toA.map((m) => m.subject)).toEqual(['third', 'first']);
    expect((await fs.readdir(dir)).every((name) => name.endsWith('.eml'))).toBe(true);
  });

  it('serves a raw message only by a listed file name', async () => {
    const dir = path.join(dataDir, 'mail');
    await fs.writeFile(path.join(dataDir, 'secret.eml'), 'not yours');
    await createFileMailer({ dir, from: 'no-reply@lumen.local' }).send({
      to: 'a@example.com',
      subject: 'hi',
      text: 'hello',
    });
    const [listed] = await listMessages(dir, { limit: 1 });
    expect((await readMessage(dir, listed?.id ?? ''))?.toString()).toContain('Subject: hi');
    for (const id of ['../secret.eml', '..%2Fsecret.eml', 'missing.eml', '/etc/passwd', '.']) {
      expect(await readMessage(dir, id)).toBeUndefined();
    }
  });

  it('reads an empty list when nothing was sent yet', async () => {
    expect(await listMessages(path.join(dataDir, 'none'), { limit: 10 })).toEqual([]);
  });
});

describe('createMailer', () => {
  it('writes into <dataDir>/mail when no SMTP URL is set', async () => {
    const mailer = createMailer({ from: 'no-reply@lumen.local', dataDir });
    expect(mailer.dir).toBe(path.join(dataDir, 'mail'));
    await mailer.send({ to: 'a@example.com', subject: 'hi', text: 'hello' });
    mailer.close();
    const [message] = await listMessages(path.join(dataDir, 'mail'), { limit: 1 });
    expect(message?.text).toBe('hello');
  });

  it('chooses SMTP when a URL is set', () => {
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: 'no-reply@lumen.local',
      dataDir,
    });
    expect(mailer.dir).toBeUndefined();
    mailer.close();
  });
});
