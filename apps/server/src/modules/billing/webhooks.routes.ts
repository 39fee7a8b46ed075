import { envelopeSchema } from '@lumen/contracts/envelope';
import { webhookResultSchema } from '@lumen/contracts/trade';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import type { PaymentsService } from './payments.service';
import { SANDBOX_SIGNATURE_HEADER } from './providers/sandbox-provider';

const tags = ['trade'];
const rawEvent = z.string().describe('The event exactly as the provider signed it (JSON)');
const result = { 200: envelopeSchema(webhookResultSchema) };

/**
 * Provider events. Signatures cover the exact bytes sent, so in this plugin JSON bodies stay
 * raw text; each provider parses its own after checking the signature.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  const header = (value: string | string[] | undefined) =>
    Array.isArray(value) ? value[0] : value;

  app.post(
    '/prod-api/trade/v1/webhooks/sandbox',
    {
      schema: {
        tags,
        summary: `Sandbox provider events, signed in the ${SANDBOX_SIGNATURE_HEADER} header`,
        body: rawEvent,
        response: result,
      },
    },
    async (request) =>
      ok(
        await payments.receiveWebhook(
          'sandbox',
          request.body,
          header(request.headers[SANDBOX_SIGNATURE_HEADER]),
        ),
      ),
  );
  app.post(
    '/prod-api/trade/v1/webhooks/stripe',
    {
      schema: {
        tags,
        summary: 'Stripe events, signed in the stripe-signature header',
        body: rawEvent,
        response: result,
      },
    },
    async (request) =>
      ok(
        await payments.receiveWebhook(
          'stripe',
          request.body,
          header(request.headers['stripe-signature']),
        ),
      ),
  );
};
