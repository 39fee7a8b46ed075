import { envelopeSchema } from '@lumen/contracts/envelope';
import {
  redeemBodySchema,
  redeemResultSchema,
  subscriptionResultSchema,
  trialClaimResultSchema,
  trialEligibilitySchema,
} from '@lumen/contracts/trade';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { RedeemService } from './redeem.service';
import type { SubscriptionsService } from './subscriptions.service';

const tags = ['trade'];
const subscriptionResult = { 200: envelopeSchema(subscriptionResultSchema) };

/** My subscription, the free trial and redeem codes. */
export const membershipRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService;
  redeem: RedeemService;
}> = async (app, { subscriptions, redeem }) => {
  app.get(
    '/prod-api/trade/v1/subscription',
    {
      schema: {
        tags,
        summary: 'My paid subscription (or running trial); null when there never was one',
        response: subscriptionResult,
      },
    },
    async (request) => ok(await subscriptions.view((await request.requireAuth()).user.id)),
  );
  app.post(
    '/prod-api/trade/v1/subscription/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel at the end of the current period',
        response: subscriptionResult,
      },
    },
    async (request) => ok(await subscriptions.cancel((await request.requireAuth()).user.id)),
  );
  app.post(
    '/prod-api/trade/v1/subscription/resume',
    {
      schema: {
        tags,
        summary: 'Undo a pending cancellation before the period ends',
        response: subscriptionResult,
      },
    },
    async (request) => ok(await subscriptions.resume((await request.requireAuth()).user.id)),
  );
  app.get(
    '/prod-api/trade/v1/trial/eligibility',
    {
      schema: {
        tags,
        summary: 'Whether the free Plus trial may be claimed, and the after-trial discount',
        response: { 200: envelopeSchema(trialEligibilitySchema) },
      },
    },
    async (request) =>
      ok(await subscriptions.trialEligibility((await request.requireAuth()).user.id)),
  );
  app.post(
    '/prod-api/trade/v1/trial/claim',
    {
      schema: {
        tags,
        summary: 'Claim the free Plus trial (once per account, not while a plan runs)',
        response: { 200: envelopeSchema(trialClaimResultSchema) },
      },
    },
    async (request) => ok(await subscriptions.claimTrial((await request.requireAuth()).user.id)),
  );
  app.post(
    '/prod-api/trade/v1/redeem',
    {
      schema: {
        tags,
        summary: 'Redeem a code for credits or plan days',
        body: redeemBodySchema,
        response: { 200: envelopeSchema(redeemResultSchema) },
      },
    },
    async (request) =>
      ok(await redeem.redeem((await request.requireAuth()).user.id, request.body.code)),
  );
};
