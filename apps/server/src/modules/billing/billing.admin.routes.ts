import { envelopeSchema } from '@lumen/contracts/envelope';
import {
  adminOrderListSchema,
  adminOrderParamsSchema,
  adminOrderSchema,
  adminPartnerBodySchema,
  adminPartnerResultSchema,
  adminRedeemBatchListSchema,
  adminRedeemBodySchema,
  adminRedeemResultSchema,
  adminResolveOrderBodySchema,
  adminSkuListSchema,
  adminSkuParamsSchema,
  adminSkuSchema,
  adminSkuUpdateBodySchema,
  ordersQuerySchema,
} from '@lumen/contracts/trade';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import type { AuthService } from '../auth/auth.service';
import type { CatalogueService } from './catalogue.service';
import type { InvitesService } from './invites.service';
import type { OrderReviewService } from './order-review.service';
import type { RedeemService } from './redeem.service';

const tags = ['admin'];

/** Admin-only payment settings: SKUs, redeem codes, partner flags, orders held for review. */
export const billingAdminRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  catalogue: CatalogueService;
  redeem: RedeemService;
  invites: InvitesService;
  orderReview: OrderReviewService;
  clock: Clock;
}> = async (app, { auth, catalogue, redeem, invites, orderReview, clock }) => {
  // A batch that has already expired could never be redeemed: refused as a field error.
  const redeemBody = adminRedeemBodySchema.refine(
    (b) => Date.parse(b.expires_at) > clock.now().getTime(),
    { message: 'must be in the future', path: ['expires_at'] },
  );

  /** The same guard as the other admin routes: anyone else gets 1003 and nothing changes. */
  app.addHook('preValidation', async (request) => {
    const { user } = await request.requireAuth();
    if (!auth.isAdmin(user)) throw forbidden();
  });

  app.get(
    '/prod-api/admin/skus',
    {
      schema: {
        tags,
        summary: 'Every SKU, withdrawn ones too, with its Stripe price',
        response: { 200: envelopeSchema(adminSkuListSchema) },
      },
    },
    async () => ok(await catalogue.adminList()),
  );
  app.put(
    '/prod-api/admin/skus/:sku_id',
    {
      schema: {
        tags,
        summary: "Change a SKU's price, credits, description, availability or Stripe price",
        params: adminSkuParamsSchema,
        body: adminSkuUpdateBodySchema,
        response: { 200: envelopeSchema(adminSkuSchema) },
      },
    },
    async (request) => ok(await catalogue.adminUpdate(request.params.sku_id, request.body)),
  );
  app.post(
    '/prod-api/admin/redeem-codes',
    {
      schema: {
        tags,
        summary: 'Make a batch of redeem codes for credits or plan days',
        body: redeemBody,
        response: { 200: envelopeSchema(adminRedeemResultSchema) },
      },
    },
    async (request) =>
      ok(await redeem.createBatch((await request.requireAuth()).user.id, request.body)),
  );
  app.get(
    '/prod-api/admin/redeem-codes',
    {
      schema: {
        tags,
        summary: 'Redeem code batches with how often they were used',
        response: { 200: envelopeSchema(adminRedeemBatchListSchema) },
      },
    },
    async () => ok(await redeem.listBatches()),
  );
  app.get(
    '/prod-api/admin/orders/review',
    {
      schema: {
        tags,
        summary: 'Orders held because the provider reported another amount, oldest first',
        querystring: ordersQuerySchema,
        response: { 200: envelopeSchema(adminOrderListSchema) },
      },
    },
    async (request) => ok(await orderReview.listInReview(request.lang, request.query)),
  );
  app.post(
    '/prod-api/admin/orders/:order_no/resolve',
    {
      schema: {
        tags,
        summary: 'Decide an order in review: accept (grant it as paid) or cancel (grant nothing)',
        params: adminOrderParamsSchema,
        body: adminResolveOrderBodySchema,
        response: { 200: envelopeSchema(adminOrderSchema) },
      },
    },
    async (request) =>
      ok(await orderReview.resolve(request.params.order_no, request.body.action, request.lang)),
  );
  app.put(
    '/prod-api/admin/users/:id/partner',
    {
      schema: {
        tags,
        summary: 'Mark a user as a partner (their invitees get 20% off instead of 10%)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: adminPartnerBodySchema,
        response: { 200: envelopeSchema(adminPartnerResultSchema) },
      },
    },
    async (request) => {
      const target = await auth.getUser(request.params.id);
      return ok(await invites.setPartner(target.id, request.body.partner));
    },
  );
};
