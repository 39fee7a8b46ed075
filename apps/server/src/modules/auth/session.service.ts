import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { SESSION_MAX_AGE_S } from '@lumen/contracts/constants';
import type { Language } from '@lumen/contracts/i18n';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { createToken, hashToken, openWithToken, sealWithToken } from '../../lib/tokens';
import { z } from 'zod';
import type { UserRow } from './auth.schema';
import type { SessionRepository } from './session.repository';

/** A device stays signed in this long without a refresh, and no longer. */
export const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;

/**
 * A refresh token spent this recently answers the pair it was traded for instead of ending the
 * session: two tabs, or a retry after a lost answer, refresh with the same token.
 */
export const REFRESH_GRACE_MS = 30 * 1000;

const successorSchema = z.object({
  ticket: z.string(),
  refreshToken: z.string(),
  maxAge: z.number().int(),
});

export type IssuedSession = {
  ticket: string;
  refreshToken: string;
  maxAge: number;
  sessionId: string;
};
export type RequestContext = {
  userAgent: string | null;
  ip: string | null;
  /** The interface language the request named, if it named one (kept for the user's mail). */
  language?: Language | null;
};

export type Authenticated = { user: UserRow; sessionId: string };

export function createSessionService(deps: { repository: SessionRepository; clock: Clock }) {
  const { repository, clock } = deps;

  return {
    async issue(
      userId: number,
      ctx: RequestContext,
      maxAge = SESSION_MAX_AGE_S,
    ): Promise<IssuedSession> {
      const now = clock.now();
      const ticket = createToken();
      const refreshToken = createToken();
      const sessionId = randomUUID();
      await repository.createSession({
        id: sessionId,
        userId,
        now,
        expiresAt: new Date(now.getTime() + REFRESH_TTL_MS),
        ticketHash: hashToken(ticket),
        ticketExpiresAt: new Date(now.getTime() + maxAge * 1000),
        refreshHash: hashToken(refreshToken),
        userAgent: ctx.userAgent?.slice(0, 512) ?? null,
        ip: ctx.ip,
      });
      return { ticket, refreshToken, maxAge, sessionId };
    },

    /**
     * Resolves a ticket. An unknown or revoked ticket, or a closed account, answers 3015; a
     * ticket past its max_age answers HTTP 401 so the client refreshes and retries (spec §8).
     */
    async authenticate(ticket: string): Promise<Authenticated> {
      const now = clock.now();
      const found = await repository.findTicket(hashToken(ticket), now);
      if (!found || found.user.status !== 'active') {
        throw new AppError(ErrorCode.loginRequired, 'errors.loginRequired');
      }
      if (found.ticketExpiresAt <= now) {
        throw new AppError(ErrorCode.loginRequired, 'errors.ticketExpired', {}, undefined, 401);
      }
      return { user: found.user, sessionId: found.sessionId };
    },

    /**
     * Trades a refresh token for a new ticket and refresh token. Within the grace window a
     * repeat answers the same new pair; a replay after it ends the family.
     */
    async refresh(refreshToken: string, maxAge = SESSION_MAX_AGE_S): Promise<IssuedSession> {
      const now = clock.now();
      const ticket = createToken();
      const next = createToken();
      const outcome = await repository.rotateRefreshToken({
        refreshHash: hashToken(refreshToken),
        now,
        newRefreshHash: hashToken(next),
        newTicketHash: hashToken(ticket),
        ticketExpiresAt: new Date(now.getTime() + maxAge * 1000),
        successorSealed: sealWithToken(
          refreshToken,
          JSON.stringify({ ticket, refreshToken: next, maxAge }),
        ),
        graceMs: REFRESH_GRACE_MS,
      });
      if (outcome.kind === 'repeated') {
        const opened = openWithToken(refreshToken, outcome.successorSealed);
        const pair = opened ? successorSchema.safeParse(JSON.parse(opened)) : undefined;
        if (pair?.success) return { ...pair.data, sessionId: outcome.sessionId };
        throw new AppError(ErrorCode.refreshRejected, 'errors.refreshRejected');
      }
      if (outcome.kind === 'reused') {
        await repository.revokeSession(outcome.sessionId, now, 'refresh-token-reused');
      }
      if (outcome.kind !== 'rotated') {
        throw new AppError(ErrorCode.refreshRejected, 'errors.refreshRejected');
      }
      return { ticket, refreshToken: next, maxAge, sessionId: outcome.sessionId };
    },

    async revoke(sessionId: string, reason: string): Promise<void> {
      await repository.revokeSession(sessionId, clock.now(), reason);
    },

    async revokeAllForUser(userId: number, reason: string): Promise<void> {
      await repository.revokeUserSessions(userId, clock.now(), reason);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
