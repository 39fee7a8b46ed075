import { envelopeSchema } from '@lumen/contracts/envelope';
import {
  inviteInfoSchema,
  inviteParamsSchema,
  invitationsResultSchema,
  operationDiscountSchema,
  paymentConfigSchema,
  type PaymentConfig,
  skuListSchema,
  skusQuerySchema,
  vipPlansQuerySchema,
  vipPlansResultSchema,
} from '@lumen/contracts/trade';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { CatalogueService } from './catalogue.service';
import type { InvitesService } from './invites.service';

const tags = ['trade'];

/**
 * The catalogue, discounts, payment settings and invitations (spec §7 skus, fission/invite,
 * operation/discount).
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
  invites: InvitesService;
  operationDiscount: number;
  paymentConfig: PaymentConfig;
}> = async (app, { catalogue, invites, operationDiscount, paymentConfig }) => {
  app.get(
    '/prod-api/trade/v1/skus',
    {
      schema: {
        tags,
        summary: 'Plans and credit packs with prices in fen (CNY)',
        querystring: skusQuerySchema,
        response: { 200: envelopeSchema(skuListSchema) },
      },
    },
    async (request) => ok(await catalogue.listSkus(request.query)),
  );
  app.get(
    '/prod-api/trade/v1/vip-plans',
    {
      schema: {
        tags,
        summary: 'Membership plans for the plan comparison (grade, billCycle, desc)',
        querystring: vipPlansQuerySchema,
        response: { 200: envelopeSchema(vipPlansResultSchema) },
      },
    },
    async () => ok(await catalogue.vipPlans()),
  );
  app.get(
    '/prod-api/operation/discount',
    {
      schema: {
        tags,
        summary: 'The running promotion: percent off every order (100 − 100 × ratio)',
        response: { 200: envelopeSchema(operationDiscountSchema) },
      },
    },
    async () => ok({ discount: operationDiscount }),
  );
  app.get(
    '/prod-api/trade/v1/payment-config',
    {
      schema: {
        tags,
        summary: 'How this server takes payments: the provider, and whether payments are tests',
        response: { 200: envelopeSchema(paymentConfigSchema) },
      },
    },
    async () => ok(paymentConfig),
  );
  app.get(
    '/prod-api/user/fission/invite/:id',
    {
      schema: {
        tags,
        summary: "An invite code's inviter and the discount it gives",
        params: inviteParamsSchema,
        response: { 200: envelopeSchema(inviteInfoSchema) },
      },
    },
    async (request) => ok(await invites.inviteInfo(request.params.id)),
  );
  app.get(
    '/prod-api/user/fission/invitations',
    {
      schema: {
        tags,
        summary: 'My invite code and link, my invitees and my reward points',
        response: { 200: envelopeSchema(invitationsResultSchema) },
      },
    },
    async (request) => ok(await invites.invitations((await request.requireAuth()).user.id)),
  );
};
