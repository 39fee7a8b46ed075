import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/app-error';
import type { UserRow } from '../auth/auth.schema';

/** Admin-only routes: anyone else gets 1003 and nothing changes. */
export function adminGuard(isAdmin: (user: UserRow) => boolean) {
  return async (request: FastifyRequest): Promise<UserRow> => {
    const { user } = await request.requireAuth();
    if (!isAdmin(user)) throw forbidden();
    return user;
  };
}
