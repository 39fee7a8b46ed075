import { envelopeSchema } from '@lumen/contracts/envelope';
import {
  createOrderBodySchema,
  createOrderResultSchema,
  orderListSchema,
  orderParamsSchema,
  orderSchema,
  ordersQuerySchema,
  sandboxCheckoutSchema,
  sandboxOutcomeBodySchema,
  sandboxOutcomeResultSchema,
  sandboxSessionParamsSchema,
} from '@lumen/contracts/trade';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { PaymentsService } from './payments.service';
import type { SandboxCheckoutService } from './sandbox-checkout.service';

const tags = ['trade'];

/** Orders and the sandbox's hosted checkout. */
export const ordersRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  sandboxCheckout: SandboxCheckoutService;
}> = async (app, { payments, sandboxCheckout }) => {
  app.post(
    '/prod-api/trade/v1/orders',
    {
      schema: {
        tags,
        summary: 'Place an order for a SKU and open its checkout',
        body: createOrderBodySchema,
        response: { 200: envelopeSchema(createOrderResultSchema) },
      },
    },
    async (request) =>
      ok(await payments.createOrder((await request.requireAuth()).user.id, request.body)),
  );
  app.get(
    '/prod-api/trade/v1/orders',
    {
      schema: {
        tags,
        summary: 'My orders, newest first (payment history)',
        querystring: ordersQuerySchema,
        response: { 200: envelopeSchema(orderListSchema) },
      },
    },
    async (request) =>
      ok(
        await payments.listOrders(
          (await request.requireAuth()).user.id,
          request.lang,
          request.query,
        ),
      ),
  );
  app.get(
    '/prod-api/trade/v1/orders/:order_no',
    {
      schema: {
        tags,
        summary: 'One of my orders',
        params: orderParamsSchema,
        response: { 200: envelopeSchema(orderSchema) },
      },
    },
    async (request) =>
      ok(
        await payments.getOrder(
          (await request.requireAuth()).user.id,
          request.lang,
          request.params.order_no,
        ),
      ),
  );
  app.get(
    '/prod-api/trade/v1/sandbox/checkout/:session_id',
    {
      schema: {
        tags,
        summary: "Sandbox provider: what its hosted checkout page shows (the order's owner)",
        params: sandboxSessionParamsSchema,
        response: { 200: envelopeSchema(sandboxCheckoutSchema) },
      },
    },
    async (request) =>
      ok(
        await sandboxCheckout.view(
          (await request.requireAuth()).user.id,
          request.params.session_id,
        ),
      ),
  );
  app.post(
    '/prod-api/trade/v1/sandbox/checkout/:session_id',
    {
      schema: {
        tags,
        summary:
          "Sandbox provider: the order's owner pays, cancels or fails; delivered as a signed webhook event",
        params: sandboxSessionParamsSchema,
        body: sandboxOutcomeBodySchema,
        response: { 200: envelopeSchema(sandboxOutcomeResultSchema) },
      },
    },
    async (request) =>
      ok(
        await sandboxCheckout.settle(
          (await request.requireAuth()).user.id,
          request.params.session_id,
          request.body.outcome,
          request.lang,
        ),
      ),
  );
};
