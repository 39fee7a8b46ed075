import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileMailer } from '../../adapters/mail/file-mailer';
import { createFileSmsSender } from '../../adapters/sms/file-sms-sender';
import { ManualClock } from '../../lib/clock';
import { zodValidatorCompiler } from '../../lib/validation';
import { devtoolsRoutes } from './devtools.routes';

let dataDir: string;
let mailDir: string;
let smsDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-devtools-'));
  mailDir = path.join(dataDir, 'mail');
  smsDir = path.join(dataDir, 'sms');
  await fs.writeFile(path.join(dataDir, 'outside.eml'), 'secret');

  const clock = new ManualClock(new Date('2026-02-03T04:05:06.007Z'));
  const mailer = createFileMailer({ dir: mailDir, from: 'Lumen <no-reply@lumen.local>', clock });
  await mailer.send({ to: 'ann@example.com', subject: '验证码 111111', text: 'Code: 111111' });
  clock.advance(1000);
  await mailer.send({
    to: 'bob@example.com',
    subject: '<script>alert("s")</script>',
    text: 'Hi <script>alert(1)</script> & bye',
  });
  clock.advance(1000);
  await mailer.send({ to: 'Ann@Example.com', subject: 'Welcome', text: 'Code: 222222' });
  const sms = createFileSmsSender({ dir: smsDir, clock });
  await sms.send({ to: '+8613800000000', text: 'Lumen code 333333' });
  clock.advance(1000);
  await sms.send({ to: '+14155550100', text: '<b>444444</b>' });

  // Configured the way app.ts configures the real app.
  const bare = Fastify().withTypeProvider<ZodTypeProvider>();
  bare.setValidatorCompiler(zodValidatorCompiler);
  bare.setSerializerCompiler(serializerCompiler);
  await bare.register(devtoolsRoutes, { mailDir, smsDir });
  app = bare as unknown as FastifyInstance;
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('dev mailbox', () => {
  it('lists mail as JSON, newest first', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { messages } = res.json<{ messages: Record<string, string>[] }>();
    expect(messages.map((m) => m.subject)).toEqual([
      'Welcome',
      '<script>alert("s")</script>',
      '验证码 111111',
    ]);
    expect(messages[2]).toEqual({
      id: expect.stringMatching(/^2026-02-03T04-05-06\.007Z-\w+\.eml$/),
      to: 'ann@example.com',
      subject: '验证码 111111',
      date: '2026-02-03T04:05:06.000Z',
      text: 'Code: 111111',
    });
  });

  it('filters by recipient, ignoring case, and honours the limit', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/dev/mailbox/messages?to=ANN@example.COM',
    });
    expect(res.json().messages.map((m: { text: string }) => m.text)).toEqual([
      'Code: 222222',
      'Code: 111111',
    ]);
    const limited = await app.inject({
      method: 'GET',
      url: '/dev/mailbox/messages?to=ann@example.com&limit=1',
    });
    expect(limited.json().messages).toHaveLength(1);
    const none = await app.inject({ method: 'GET', url: '/dev/mailbox/messages?to=nobody@x.org' });
    expect(none.json()).toEqual({ messages: [] });
  });

  it('shows an escaped, self-refreshing HTML page with the codes visible', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const html = res.body;
    expect(html).toContain('<meta http-equiv="refresh" content="3">');
    expect(html).toContain('验证码 111111');
    expect(html).toContain('Code: 222222');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(&quot;s&quot;)&lt;/script&gt;');
    expect(html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt; &amp; bye');
    expect(html.indexOf('Welcome')).toBeLessThan(html.indexOf('验证码 111111'));
  });

  it('serves a listed message raw', async () => {
    const list = await app.inject({
      method: 'GET',
      url: '/dev/mailbox/messages?to=bob@example.com',
    });
    const id: string = list.json().messages[0].id;
    const res = await app.inject({ method: 'GET', url: `/dev/mailbox/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('message/rfc822');
    expect(res.body).toContain('To: bob@example.com\r\n');
    expect(res.body).toMatch(/^Subject: /m);
  });

  it('refuses ids outside the folder or of another shape with 404', async () => {
    for (const id of [
      '..%2Foutside.eml',
      '..%2F..%2Fetc%2Fpasswd',
      '%2E%2E%2Foutside.eml',
      'outside.eml',
      'nope.eml',
      'x.txt',
      '..',
    ]) {
      const res = await app.inject({ method: 'GET', url: `/dev/mailbox/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.body).not.toContain('secret');
    }
  });
});

describe('dev SMS', () => {
  it('lists text messages as JSON with a number filter', async () => {
    const all = await app.inject({ method: 'GET', url: '/dev/sms/messages' });
    expect(all.json().messages.map((m: { to: string }) => m.to)).toEqual([
      '+14155550100',
      '+8613800000000',
    ]);
    const filtered = await app.inject({
      method: 'GET',
      url: '/dev/sms/messages?to=+8613800000000',
    });
    expect(filtered.json().messages).toEqual([
      {
        id: expect.stringMatching(/\.txt$/),
        to: '+8613800000000',
        date: '2026-02-03T04:05:08.007Z',
        text: 'Lumen code 333333',
      },
    ]);
  });

  it('shows an escaped HTML page and serves raw files by listed name only', async () => {
    const page = await app.inject({ method: 'GET', url: '/dev/sms' });
    expect(page.body).toContain('Lumen code 333333');
    expect(page.body).toContain('&lt;b&gt;444444&lt;/b&gt;');
    expect(page.body).not.toContain('<b>444444');

    const id: string = (await app.inject({ method: 'GET', url: '/dev/sms/messages' })).json()
      .messages[0].id;
    const raw = await app.inject({ method: 'GET', url: `/dev/sms/${id}` });
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toBe('To: +14155550100\nDate: 2026-02-03T04:05:09.007Z\n\n<b>444444</b>\n');
    const traversal = await app.inject({ method: 'GET', url: '/dev/sms/..%2F..%2Fsms.txt' });
    expect(traversal.statusCode).toBe(404);
  });

  it('shows an empty page before anything was sent', async () => {
    const empty = Fastify().withTypeProvider<ZodTypeProvider>();
    empty.setValidatorCompiler(zodValidatorCompiler);
    empty.setSerializerCompiler(serializerCompiler);
    await empty.register(devtoolsRoutes, {
      mailDir: path.join(dataDir, 'none', 'mail'),
      smsDir: path.join(dataDir, 'none', 'sms'),
    });
    const res = await empty.inject({ method: 'GET', url: '/dev/sms' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('No messages yet.');
    await empty.close();
  });
});

describe('dev jobs', () => {
  async function appWithJobs(issued: Date[]) {
    const jobsApp = Fastify().withTypeProvider<ZodTypeProvider>();
    jobsApp.setValidatorCompiler(zodValidatorCompiler);
    jobsApp.setSerializerCompiler(serializerCompiler);
    await jobsApp.register(devtoolsRoutes, {
      mailDir,
      smsDir,
      jobs: {
        clock: new ManualClock(new Date('2026-03-01T08:00:00.000Z')),
        issueInviteRewards: async (now) => {
          issued.push(now);
          return 2;
        },
      },
    });
    return jobsApp as unknown as FastifyInstance;
  }

  it('runs the invite-reward issue as of the given time, or the clock when none is given', async () => {
    const issued: Date[] = [];
    const jobsApp = await appWithJobs(issued);
    const asOf = await jobsApp.inject({
      method: 'POST',
      url: '/dev/jobs/invite-rewards',
      payload: { now: '2026-03-02T08:00:00.000Z' },
    });
    expect(asOf.statusCode).toBe(200);
    expect(asOf.json()).toEqual({ now: '2026-03-02T08:00:00.000Z', issued: 2 });
    const plain = await jobsApp.inject({ method: 'POST', url: '/dev/jobs/invite-rewards' });
    expect(plain.json()).toEqual({ now: '2026-03-01T08:00:00.000Z', issued: 2 });
    expect(issued.map((d) => d.toISOString())).toEqual([
      '2026-03-02T08:00:00.000Z',
      '2026-03-01T08:00:00.000Z',
    ]);
    const bad = await jobsApp.inject({
      method: 'POST',
      url: '/dev/jobs/invite-rewards',
      payload: { now: 'tomorrow' },
    });
    expect(bad.statusCode).toBe(400);
    expect(issued).toHaveLength(2);
    await jobsApp.close();
  });

  it('is absent when no jobs are wired', async () => {
    const res = await app.inject({ method: 'POST', url: '/dev/jobs/invite-rewards' });
    expect(res.statusCode).toBe(404);
  });
});
