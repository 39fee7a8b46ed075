import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail } from './mime-parse';
import { createSmtpMailer } from './smtp-mailer';

type Received = { from: string; to: string[]; data: Buffer };

const received: Received[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: the server's self-signed certificate would fail verification.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SMTP mailer', () => {
  it('delivers the message to the SMTP server', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}`,
      from: 'Lumen <no-reply@lumen.local>',
    });
    try {
      await mailer.send({
        to: 'user@example.com',
        subject: 'Lumen 認証コード',
        text: 'Your code is 905118',
        html: '<p>Your code is <b>905118</b></p>',
      });
    } finally {
      mailer.close();
    }

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.from).toBe('no-reply@lumen.local');
    expect(message?.to).toEqual(['user@example.com']);
    const raw = message?.data.toString('latin1') ?? '';
    expect(raw).toMatch(/^To: user@example\.com\r$/m);
    const parsed = parseMail(message?.data ?? Buffer.alloc(0));
    expect(parsed).toMatchObject({
      to: 'user@example.com',
      subject: 'Lumen 認証コード',
      text: 'Your code is 905118',
    });
  });

  it('fails when the server refuses the connection', async () => {
    const closed = new SMTPServer({ authOptional: true, logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${closedPort}`, from: 'a@b.c' });
    await expect(mailer.send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
  });
});
