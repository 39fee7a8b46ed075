import { envelopeSchema } from '@lumen/contracts/envelope';
import { ErrorCode } from '@lumen/contracts/error-codes';
import {
  ageAnswerBodySchema,
  ageStatusSchema,
  guardianDecisionBodySchema,
  guardianDecisionResultSchema,
  guardianLinkQuerySchema,
  guardianLinkViewSchema,
  guardianResendBodySchema,
} from '@lumen/contracts/minors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { MinorsService } from './minors.service';

const tags = ['auth'];
const statusResponse = { 200: envelopeSchema(ageStatusSchema) };

/**
 * The calls that publish or pay, by method and route: a child's account waiting for its
 * guardian is refused each of them (3010). Cancelling, reading and creating in private stay
 * open. Kept in one list so a reader sees the whole rule at once.
 */
const gatedRoutes = new Set([
  'POST /prod-api/content/works',
  'PATCH /prod-api/content/works/:id',
  'POST /prod-api/content/works/:id/comments',
  'POST /prod-api/content/campaign/:cmp_id/entries',
  'POST /prod-api/trade/v1/orders',
  'POST /prod-api/trade/v1/sandbox/checkout/:session_id',
  'POST /prod-api/trade/v1/trial/claim',
  'POST /prod-api/trade/v1/redeem',
  'POST /prod-api/trade/v1/subscription/resume',
]);

/** Whether the request publishes or pays (a sandbox checkout's "cancel" does neither). */
function isGated(request: FastifyRequest): boolean {
  if (!gatedRoutes.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return false;
  const body = request.body as { outcome?: unknown } | undefined;
  return !(request.routeOptions.url?.includes('/sandbox/checkout/') && body?.outcome === 'cancel');
}

/**
 * A pre-handler for the whole server: it runs after the body is validated, so bad input still
 * answers 1001, and before the handler, so a refused call changes nothing.
 */
export function consentGate(minors: MinorsService) {
  return async (request: FastifyRequest) => {
    if (!isGated(request)) return;
    const auth = await request.optionalAuth();
    if (!auth) return;
    if (!(await minors.canPublishAndPay(auth.user.id))) {
      throw new AppError(ErrorCode.guardianConsentRequired, 'errors.guardianConsentRequired');
    }
  };
}

/** The age question, the guardian's link and its page's calls (decision 0056). */
export const minorsRoutes: FastifyPluginAsyncZod<{ minors: MinorsService }> = async (
  app,
  { minors },
) => {
  app.get(
    '/prod-api/user/age',
    {
      schema: {
        tags,
        summary: 'My age group and, for a child, whether a guardian consented',
        response: statusResponse,
      },
    },
    async (request) => ok(await minors.status((await request.requireAuth()).user.id)),
  );

  app.post(
    '/prod-api/user/age',
    {
      schema: {
        tags,
        summary:
          "Answer the age question (once). Under 14 a guardian's e-mail is required and receives a consent link",
        body: ageAnswerBodySchema,
        response: statusResponse,
      },
    },
    async (request) =>
      ok(await minors.answer((await request.requireAuth()).user.id, request.body, request.lang)),
  );

  app.post(
    '/prod-api/user/age/guardian',
    {
      schema: {
        tags,
        summary: "Send the guardian's consent link again, or to another guardian's address",
        body: guardianResendBodySchema,
        response: statusResponse,
      },
    },
    async (request) =>
      ok(await minors.resend((await request.requireAuth()).user.id, request.body, request.lang)),
  );

  app.get(
    '/prod-api/user/guardian-consent',
    {
      schema: {
        tags,
        summary: "What a guardian's link is about (public; the token is the credential)",
        querystring: guardianLinkQuerySchema,
        response: { 200: envelopeSchema(guardianLinkViewSchema) },
      },
    },
    async (request) => ok(await minors.viewLink(request.query.token)),
  );

  app.post(
    '/prod-api/user/guardian-consent',
    {
      schema: {
        tags,
        summary: 'The guardian confirms or declines; the link works once and for 7 days',
        body: guardianDecisionBodySchema,
        response: { 200: envelopeSchema(guardianDecisionResultSchema) },
      },
    },
    async (request) => ok(await minors.decide(request.body.token, request.body.decision)),
  );
};
