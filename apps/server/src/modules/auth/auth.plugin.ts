import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { AppError } from '../../lib/app-error';
import type { IssuedSession, SessionService, Authenticated } from './session.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or a 3015 / HTTP 401 AppError (spec §8). */
    requireAuth(): Promise<Authenticated>;
    /** The signed-in user when a valid ticket came with the request, else null. */
    optionalAuth(): Promise<Authenticated | null>;
  }
}

export const TICKET_COOKIE = 'ticket';
export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_PATH = '/prod-api/user/apikey2token';
/** The ticket cookie outlives the ticket so an expired one is seen and refreshed (HTTP 401). */
const COOKIE_MAX_AGE_S = 30 * 24 * 3600;

/** Tickets come as `Authorization: Bearer …` (API clients) or the HttpOnly cookie (browsers). */
export function ticketOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[TICKET_COOKIE] || undefined;
}

export function setSessionCookies(reply: FastifyReply, session: IssuedSession, secure: boolean) {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure, maxAge: COOKIE_MAX_AGE_S };
  reply.setCookie(TICKET_COOKIE, session.ticket, { ...base, path: '/' });
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, { ...base, path: REFRESH_PATH });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(TICKET_COOKIE, { path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH });
}

const resolved = new WeakMap<FastifyRequest, Promise<Authenticated>>();

type AuthPluginOptions = {
  sessions: SessionService;
  /** Runs on each signed-in request before its handler (the daily login grant). */
  onAuthenticated?: (userId: number) => Promise<void>;
};

export const authPlugin = fp(async (app: FastifyInstance, opts: AuthPluginOptions) => {
  async function authenticate(ticket: string): Promise<Authenticated> {
    const auth = await opts.sessions.authenticate(ticket);
    await opts.onAuthenticated?.(auth.user.id);
    return auth;
  }

  function resolve(request: FastifyRequest): Promise<Authenticated> {
    let pending = resolved.get(request);
    if (!pending) {
      const ticket = ticketOf(request);
      pending = ticket
        ? authenticate(ticket)
        : Promise.reject(new AppError(ErrorCode.loginRequired, 'errors.loginRequired'));
      resolved.set(request, pending);
    }
    return pending;
  }

  app.decorateRequest('requireAuth', function (this: FastifyRequest) {
    return resolve(this);
  });
  app.decorateRequest('optionalAuth', async function (this: FastifyRequest) {
    if (!ticketOf(this)) return null;
    try {
      return await resolve(this);
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.loginRequired) return null;
      throw err;
    }
  });
});
