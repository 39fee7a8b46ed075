import {
  accountInfoSchema,
  billsQuerySchema,
  billsResultSchema,
  freeCountSchema,
  quoteBodySchema,
  quoteResultSchema,
  userPlanSchema,
} from '@lumen/contracts/credits';
import { envelopeSchema } from '@lumen/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import type { BillingService } from '../billing/billing.service';
import type { CreditsService } from './credits.service';

const tags = ['credits'];
const counterSchema = z.object({ generated: z.number().int(), all: z.number().int() });

export const creditsRoutes: FastifyPluginAsyncZod<{
  credits: CreditsService;
  billing: BillingService;
}> = async (app, { credits, billing }) => {
  app.get(
    '/prod-api/trade/v1/account',
    {
      schema: {
        tags,
        summary: 'My grade, plan and credits by bucket',
        response: { 200: envelopeSchema(accountInfoSchema) },
      },
    },
    async (request) => ok(await credits.accountInfo((await request.requireAuth()).user.id)),
  );
  app.get(
    '/prod-api/trade/v1/userplans',
    {
      schema: {
        tags,
        summary: 'My plan periods, newest first',
        response: { 200: envelopeSchema(z.object({ data: z.array(userPlanSchema) })) },
      },
    },
    async (request) => ok({ data: await billing.listPlans((await request.requireAuth()).user.id) }),
  );
  app.get(
    '/prod-api/trade/v1/account/algoTimes',
    {
      schema: {
        tags,
        summary: 'Generation counters per kind: today and of all time',
        response: { 200: envelopeSchema(z.record(z.string(), counterSchema)) },
      },
    },
    async (request) => ok(await credits.algoTimes((await request.requireAuth()).user.id)),
  );
  app.get(
    '/prod-api/trade/v1/account/freeCount',
    {
      schema: {
        tags,
        summary: 'The free-count check: free credits left and the runs the balance still pays for',
        response: { 200: envelopeSchema(freeCountSchema) },
      },
    },
    async (request) => ok(await credits.freeCount((await request.requireAuth()).user.id)),
  );
  app.get(
    '/prod-api/trade/v1/credits/bills',
    {
      schema: {
        tags,
        summary: 'My credit bill: all, consumed, purchased or obtained free',
        querystring: billsQuerySchema,
        response: { 200: envelopeSchema(billsResultSchema) },
      },
    },
    async (request) =>
      ok(await credits.bills((await request.requireAuth()).user.id, request.lang, request.query)),
  );
  app.post(
    '/prod-api/trade/v1/quote',
    {
      schema: {
        tags,
        summary: 'What a generation would cost, whether it may run, and why not',
        body: quoteBodySchema,
        response: { 200: envelopeSchema(quoteResultSchema) },
      },
    },
    async (request) =>
      ok(await credits.quote((await request.requireAuth()).user.id, request.lang, request.body)),
  );
};
