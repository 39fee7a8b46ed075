import {
  circleListSchema,
  circleSchema,
  createCircleBodySchema,
  idParamSchema,
  joinResultSchema,
  updateCircleBodySchema,
} from '@lumen/contracts/community';
import { envelopeSchema } from '@lumen/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import type { UserRow } from '../auth/auth.schema';
import type { Community } from './community.module';
import { adminGuard } from './require-admin';

const tags = ['community'];

/** Circles: list, join and exit; admins create, edit and delete them. */
export const circlesRoutes: FastifyPluginAsyncZod<{
  community: Community;
  isAdmin: (user: UserRow) => boolean;
}> = async (app, { community, isAdmin }) => {
  const requireAdmin = adminGuard(isAdmin);

  app.get(
    '/prod-api/content/circles',
    {
      schema: {
        tags,
        summary: 'Every circle',
        response: { 200: envelopeSchema(circleListSchema) },
      },
    },
    async (request) => {
      const auth = await request.optionalAuth();
      return ok(await community.circles.list(auth?.user.id ?? null));
    },
  );

  app.get(
    '/prod-api/content/circles/:id',
    {
      schema: {
        tags,
        summary: 'One circle (its works: explore with circle_id)',
        params: idParamSchema,
        response: { 200: envelopeSchema(circleSchema) },
      },
    },
    async (request) => {
      const auth = await request.optionalAuth();
      return ok(await community.circles.get(auth?.user.id ?? null, Number(request.params.id)));
    },
  );

  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/prod-api/content/circles/:id/join',
      schema: {
        tags,
        summary: on ? 'Join a circle' : 'Exit a circle',
        params: idParamSchema,
        response: { 200: envelopeSchema(joinResultSchema) },
      },
      handler: async (request) => {
        const { user } = await request.requireAuth();
        return ok(await community.circles.join(user.id, Number(request.params.id), on));
      },
    });
  }

  app.post(
    '/prod-api/admin/circles',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a circle',
        body: createCircleBodySchema,
        response: { 200: envelopeSchema(circleSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok(await community.circles.create(request.body));
    },
  );

  app.patch(
    '/prod-api/admin/circles/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a circle',
        params: idParamSchema,
        body: updateCircleBodySchema,
        response: { 200: envelopeSchema(circleSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok(await community.circles.update(Number(request.params.id), request.body));
    },
  );

  app.delete(
    '/prod-api/admin/circles/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a circle (its works stay, without it)',
        params: idParamSchema,
        response: { 200: envelopeSchema(z.object({ circle_id: z.string() })) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok(await community.circles.delete(Number(request.params.id)));
    },
  );
};
