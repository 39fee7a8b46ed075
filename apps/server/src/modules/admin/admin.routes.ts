import {
  accountInfoSchema,
  adminGrantBodySchema,
  adminPlanBodySchema,
  userPlanSchema,
} from '@lumen/contracts/credits';
import { envelopeSchema } from '@lumen/contracts/envelope';
import type { Grade } from '@lumen/contracts/plans';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { AuthService } from '../auth/auth.service';
import type { BillingService } from '../billing/billing.service';
import type { CreditsService } from '../credits/credits.service';

const tags = ['admin'];
const userParams = z.object({ id: z.coerce.number().int().positive() });

export const adminRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  credits: CreditsService;
  billing: BillingService;
}> = async (app, { auth, credits, billing }) => {
  /** Admin-only: anyone else gets 1003 and nothing changes. */
  async function requireAdmin(request: FastifyRequest) {
    const { user } = await request.requireAuth();
    if (!auth.isAdmin(user)) throw forbidden();
    return user;
  }

  app.post(
    '/prod-api/admin/users/:id/credits',
    {
      schema: {
        tags,
        summary: 'Grant credits to a user (idempotent on idempotency_key)',
        params: userParams,
        body: adminGrantBodySchema,
        response: {
          200: envelopeSchema(z.object({ balance: z.number().int(), replayed: z.boolean() })),
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const target = await auth.getUser(request.params.id);
      return ok(await credits.adminGrant(target.id, request.body));
    },
  );

  app.post(
    '/prod-api/admin/users/:id/plan',
    {
      schema: {
        tags,
        summary: 'Give a user a plan grade for a number of days',
        params: userParams,
        body: adminPlanBodySchema,
        response: {
          200: envelopeSchema(z.object({ plan: userPlanSchema, account: accountInfoSchema })),
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const target = await auth.getUser(request.params.id);
      await billing.grantPlan(target.id, request.body.grade as Grade, request.body.days, 'admin');
      const [plan] = await billing.listPlans(target.id);
      return ok({ plan: plan!, account: await credits.accountInfo(target.id) });
    },
  );
};
