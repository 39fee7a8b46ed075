import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listMessages, readMessage } from '../../adapters/mail/mail-folder';
import { listSmsMessages, readSmsMessage } from '../../adapters/sms/sms-folder';
import type { Clock } from '../../lib/clock';
import { renderMessagesPage } from './devtools.page';

export type DevtoolsDeps = {
  /** Where the file mailer writes (`<dataDir>/mail`). */
  mailDir: string;
  /** Where the file SMS sender writes (`<dataDir>/sms`). */
  smsDir: string;
  /**
   * Scheduled work run on demand "as of" a time, so end-to-end tests need not wait for it:
   * the daily invitation-reward issue (00:00 GMT-8), which answers how many rewards it paid.
   */
  jobs?: {
    clock: Clock;
    issueInviteRewards: (now: Date) => Promise<number>;
  };
};

// Local rather than in packages/contracts: these pages are a development tool, not product API.
const listQuerySchema = z.object({
  to: z.string().trim().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const idParamsSchema = z.object({ id: z.string() });

// Nullish: a bare POST (no body at all) runs the job as of the clock's now.
const runJobBodySchema = z.object({ now: z.iso.datetime({ offset: true }).optional() }).nullish();
const runJobResultSchema = z.object({ now: z.string(), issued: z.number().int() });

export const mailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  date: z.string(),
  text: z.string(),
});

export const smsSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  date: z.string(),
  text: z.string(),
});

// Message content is whatever the app sent; the page must never run or load anything from it.
const pageSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Headers a proxy adds when it passes on someone else's request. */
const forwardingHeaders = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Whether the request comes from this machine: the socket's own peer is a loopback address and
 * no proxy on this machine passed it on for someone else. Forwarding headers never grant
 * access, whatever TRUST_PROXY says: request.ip would believe them.
 */
function isFromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  const address = peer.startsWith('::ffff:') ? peer.slice('::ffff:'.length) : peer;
  const loopback = address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
  return loopback && !forwardingHeaders.some((name) => request.headers[name] !== undefined);
}

/**
 * The developer mailbox and SMS inbox over the folders of the embedded default (architecture
 * decision 8), and a trigger for the daily invitation-reward job. The composition root registers
 * this only outside production: it shows every verification code sent. Even then it answers
 * only the machine it runs on; anyone else gets 404, as if there were nothing here.
 */
export const devtoolsRoutes: FastifyPluginAsyncZod<DevtoolsDeps> = async (app, deps) => {
  const hidden = { hide: true };

  // onRequest: before the body is read, so a refused job trigger parses nothing.
  app.addHook('onRequest', async (request, reply) => {
    if (!isFromThisMachine(request)) return sendNotFound(reply);
  });

  app.get(
    '/dev/mailbox',
    { schema: { ...hidden, querystring: listQuerySchema } },
    async (request, reply) => {
      const messages = await listMessages(deps.mailDir, request.query);
      const entries = messages.map((m) => ({
        title: m.subject || '(no subject)',
        to: m.to,
        date: m.date,
        text: m.text,
        rawUrl: `/dev/mailbox/${encodeURIComponent(m.id)}`,
        rawLabel: 'Download .eml',
      }));
      return sendPage(
        reply,
        renderMessagesPage({
          active: 'mail',
          folder: deps.mailDir,
          filter: request.query.to,
          entries,
        }),
      );
    },
  );

  app.get(
    '/dev/mailbox/messages',
    {
      schema: {
        ...hidden,
        querystring: listQuerySchema,
        response: { 200: z.object({ messages: z.array(mailSummarySchema) }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { messages: await listMessages(deps.mailDir, request.query) };
    },
  );

  app.get(
    '/dev/mailbox/:id',
    { schema: { ...hidden, params: idParamsSchema } },
    async (request, reply) => {
      const raw = await readMessage(deps.mailDir, request.params.id);
      if (!raw) return sendNotFound(reply);
      // An attachment, so the browser hands it to a mail client, which also renders the HTML part.
      return reply
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${request.params.id}"`)
        .type('message/rfc822')
        .send(raw);
    },
  );

  const { jobs } = deps;
  if (jobs) {
    app.post(
      '/dev/jobs/invite-rewards',
      {
        schema: { ...hidden, body: runJobBodySchema, response: { 200: runJobResultSchema } },
      },
      async (request, reply) => {
        const asOf = request.body?.now;
        const now = asOf ? new Date(asOf) : jobs.clock.now();
        reply.header('cache-control', 'no-store');
        return { now: now.toISOString(), issued: await jobs.issueInviteRewards(now) };
      },
    );
  }

  app.get(
    '/dev/sms',
    { schema: { ...hidden, querystring: listQuerySchema } },
    async (request, reply) => {
      const messages = await listSmsMessages(deps.smsDir, request.query);
      const entries = messages.map((m) => ({
        title: m.text.split('\n')[0] || '(empty)',
        to: m.to,
        date: m.date,
        text: m.text,
        rawUrl: `/dev/sms/${encodeURIComponent(m.id)}`,
        rawLabel: 'Raw',
      }));
      return sendPage(
        reply,
        renderMessagesPage({
          active: 'sms',
          folder: deps.smsDir,
          filter: request.query.to,
          entries,
        }),
      );
    },
  );

  app.get(
    '/dev/sms/messages',
    {
      schema: {
        ...hidden,
        querystring: listQuerySchema,
        response: { 200: z.object({ messages: z.array(smsSummarySchema) }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { messages: await listSmsMessages(deps.smsDir, request.query) };
    },
  );

  app.get(
    '/dev/sms/:id',
    { schema: { ...hidden, params: idParamsSchema } },
    async (request, reply) => {
      const raw = await readSmsMessage(deps.smsDir, request.params.id);
      if (!raw) return sendNotFound(reply);
      return reply
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .type('text/plain; charset=utf-8')
        .send(raw);
    },
  );
};

function sendPage(reply: FastifyReply, html: string) {
  return reply
    .header('cache-control', 'no-store')
    .header('content-security-policy', pageSecurityPolicy)
    .type('text/html; charset=utf-8')
    .send(html);
}

function sendNotFound(reply: FastifyReply) {
  return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
}
