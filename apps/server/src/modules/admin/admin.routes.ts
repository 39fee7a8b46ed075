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
import type { AlgoConfigService } from '../algo-config/algo-config.service';
import type { ModerationService } from '../moderation/moderation.service';
import { algoConfigItemSchema } from '@lumen/contracts/algo-config';
import { engineNameSchema, taskTypeSchema } from '@lumen/contracts/task-types';

const tags = ['admin'];
const userParams = z.object({ id: z.coerce.number().int().positive() });

export const adminRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  credits: CreditsService;
  billing: BillingService;
  algoConfig: AlgoConfigService;
  moderation: ModerationService;
}> = async (app, { auth, credits, billing, algoConfig, moderation }) => {
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

  app.put(
    '/prod-api/admin/algo_config/:task_type',
    {
      schema: {
        tags,
        summary: 'Route a task type to an engine (local, comfyui, openai)',
        params: z.object({ task_type: taskTypeSchema }),
        body: z.object({ engine: engineNameSchema }),
        response: { 200: envelopeSchema(algoConfigItemSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok(await algoConfig.setEngine(request.params.task_type, request.body.engine));
    },
  );

  const termsResult = envelopeSchema(
    z.object({ data: z.array(z.object({ id: z.number().int(), term: z.string() })) }),
  );
  app.get(
    '/prod-api/admin/moderation/terms',
    {
      schema: { tags, summary: 'The prompt and comment blocklist', response: { 200: termsResult } },
    },
    async (request) => {
      await requireAdmin(request);
      return ok({ data: await moderation.listTerms() });
    },
  );
  app.post(
    '/prod-api/admin/moderation/terms',
    {
      schema: {
        tags,
        summary: 'Add a blocklisted term',
        body: z.object({ term: z.string().trim().min(1).max(100) }),
        response: { 200: termsResult },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok({ data: await moderation.addTerm(request.body.term) });
    },
  );
  app.delete(
    '/prod-api/admin/moderation/terms/:id',
    {
      schema: {
        tags,
        summary: 'Remove a blocklisted term',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: termsResult },
      },
    },
    async (request) => {
      await requireAdmin(request);
      await moderation.deleteTerm(request.params.id);
      return ok({ data: await moderation.listTerms() });
    },
  );
};
