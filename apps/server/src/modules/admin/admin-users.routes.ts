import {
  adminUserDetailSchema,
  adminUserRolesBodySchema,
  adminUserSearchQuerySchema,
  adminUserSearchResultSchema,
} from '@lumen/contracts/admin-users';
import { envelopeSchema } from '@lumen/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { AuthService } from '../auth/auth.service';
import type { AdminUsersService } from './admin-users.service';

const tags = ['admin'];

export const adminUsersRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  adminUsers: AdminUsersService;
}> = async (app, { auth, adminUsers }) => {
  /** Admin-only: anyone else gets 1003 and nothing is read. */
  async function requireAdmin(request: FastifyRequest) {
    const { user } = await request.requireAuth();
    if (!auth.isAdmin(user)) throw forbidden();
  }

  app.get(
    '/prod-api/admin/users',
    {
      schema: {
        tags,
        summary:
          'Find accounts by id, exact e-mail or phone, or part of a username or nickname (20 newest)',
        querystring: adminUserSearchQuerySchema,
        response: { 200: envelopeSchema(adminUserSearchResultSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok({ data: await adminUsers.search(request.query.q) });
    },
  );

  app.get(
    '/prod-api/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'One account: roles, plan, credit buckets, age and guardian consent',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelopeSchema(adminUserDetailSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok(await adminUsers.get(request.params.id));
    },
  );

  app.post(
    '/prod-api/admin/users/:id/roles',
    {
      schema: {
        tags,
        summary: 'Put an account on the whitelist (downloads without the watermark) or take it off',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: adminUserRolesBodySchema,
        response: { 200: envelopeSchema(adminUserDetailSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      await auth.setWhitelisted(request.params.id, request.body.whitelist);
      return ok(await adminUsers.get(request.params.id));
    },
  );
};
