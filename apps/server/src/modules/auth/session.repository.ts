import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { createBatchLoader } from '../../lib/coalesce';
import { authRefreshTokens, authSessions, authTickets, users } from './auth.schema';
import type { NewSession, TicketLookup } from './auth.repository';

export type RotateOutcome =
  | { kind: 'rotated'; userId: number; sessionId: string }
  /** Spent within the grace window: the pair it was traded for, sealed with the token. */
  | { kind: 'repeated'; sessionId: string; successorSealed: string }
  | { kind: 'reused'; sessionId: string }
  | { kind: 'unknown' };

export function createSessionRepository(db: Database) {
  /** Every request that carries a ticket looks it up: concurrent lookups share one query. */
  const tickets = createBatchLoader(async (hashes: string[]) => {
    const rows = await db
      .select({
        tokenHash: authTickets.tokenHash,
        user: users,
        sessionId: authSessions.id,
        ticketExpiresAt: authTickets.expiresAt,
        sessionExpiresAt: authSessions.expiresAt,
      })
      .from(authTickets)
      .innerJoin(authSessions, eq(authSessions.id, authTickets.sessionId))
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(and(inArray(authTickets.tokenHash, hashes), isNull(authSessions.revokedAt)));
    return new Map(rows.map((row) => [row.tokenHash, row]));
  });

  return {
    async createSession(s: NewSession): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(authSessions).values({
          id: s.id,
          userId: s.userId,
          createdAt: s.now,
          lastUsedAt: s.now,
          expiresAt: s.expiresAt,
          userAgent: s.userAgent,
          ip: s.ip,
        });
        await tx.insert(authTickets).values({
          tokenHash: s.ticketHash,
          sessionId: s.id,
          expiresAt: s.ticketExpiresAt,
        });
        await tx
          .insert(authRefreshTokens)
          .values({ tokenHash: s.refreshHash, sessionId: s.id, createdAt: s.now });
      });
    },

    /** The ticket's user and session while the session is alive, whatever the ticket's age. */
    async findTicket(ticketHash: string, now: Date): Promise<TicketLookup | undefined> {
      const row = await tickets.load(ticketHash);
      if (!row || row.sessionExpiresAt <= now) return undefined;
      return { user: row.user, sessionId: row.sessionId, ticketExpiresAt: row.ticketExpiresAt };
    },

    /**
     * Spends a refresh token and stores its successor with a new ticket, in one transaction.
     * A token spent within `graceMs` answers the pair it was traded for (tabs and retries
     * refreshing at once); spent before that, it is a replay and the caller revokes the family.
     */
    async rotateRefreshToken(input: {
      refreshHash: string;
      now: Date;
      newRefreshHash: string;
      newTicketHash: string;
      ticketExpiresAt: Date;
      successorSealed: string;
      graceMs: number;
    }): Promise<RotateOutcome> {
      return db.transaction(async (tx) => {
        const [token] = await tx
          .select({
            sessionId: authRefreshTokens.sessionId,
            usedAt: authRefreshTokens.usedAt,
            revokedAt: authSessions.revokedAt,
            expiresAt: authSessions.expiresAt,
            userId: authSessions.userId,
          })
          .from(authRefreshTokens)
          .innerJoin(authSessions, eq(authSessions.id, authRefreshTokens.sessionId))
          .where(eq(authRefreshTokens.tokenHash, input.refreshHash));
        if (!token) return { kind: 'unknown' } as const;
        if (token.revokedAt || token.expiresAt <= input.now) return { kind: 'unknown' } as const;
        // Concurrent refreshes with one token queue on this row's lock; the losers then find
        // it spent, and read the winner's sealed pair below.
        const spent = await tx
          .update(authRefreshTokens)
          .set({ usedAt: input.now, successorSealed: input.successorSealed })
          .where(
            and(
              eq(authRefreshTokens.tokenHash, input.refreshHash),
              isNull(authRefreshTokens.usedAt),
            ),
          )
          .returning({ sessionId: authRefreshTokens.sessionId });
        if (spent.length === 0) {
          const [used] = await tx
            .select({
              usedAt: authRefreshTokens.usedAt,
              successorSealed: authRefreshTokens.successorSealed,
            })
            .from(authRefreshTokens)
            .where(eq(authRefreshTokens.tokenHash, input.refreshHash));
          const recent =
            used?.usedAt && input.now.getTime() - used.usedAt.getTime() <= input.graceMs;
          if (recent && used.successorSealed) {
            return {
              kind: 'repeated',
              sessionId: token.sessionId,
              successorSealed: used.successorSealed,
            } as const;
          }
          return { kind: 'reused', sessionId: token.sessionId } as const;
        }
        await tx.insert(authRefreshTokens).values({
          tokenHash: input.newRefreshHash,
          sessionId: token.sessionId,
          createdAt: input.now,
        });
        await tx.insert(authTickets).values({
          tokenHash: input.newTicketHash,
          sessionId: token.sessionId,
          expiresAt: input.ticketExpiresAt,
        });
        await tx
          .update(authSessions)
          .set({ lastUsedAt: input.now })
          .where(eq(authSessions.id, token.sessionId));
        return { kind: 'rotated', userId: token.userId, sessionId: token.sessionId } as const;
      });
    },

    async revokeSession(sessionId: string, now: Date, reason: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: now, revokeReason: reason })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
    },

    async revokeUserSessions(userId: number, now: Date, reason: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: now, revokeReason: reason })
        .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
