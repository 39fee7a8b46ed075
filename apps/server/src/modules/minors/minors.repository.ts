import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { guardianLinks, userAges, type GuardianLinkRow, type UserAgeRow } from './minors.schema';

export function createMinorsRepository(db: Database) {
  return {
    async findAge(userId: number): Promise<UserAgeRow | undefined> {
      const [row] = await db.select().from(userAges).where(eq(userAges.userId, userId));
      return row;
    },

    /** Stores the first answer; a second one (a parallel request) inserts nothing. */
    async insertAge(row: typeof userAges.$inferInsert): Promise<UserAgeRow | undefined> {
      const [created] = await db.insert(userAges).values(row).onConflictDoNothing().returning();
      return created;
    },

    async updateAge(
      userId: number,
      patch: Partial<Omit<typeof userAges.$inferInsert, 'userId'>>,
    ): Promise<void> {
      await db.update(userAges).set(patch).where(eq(userAges.userId, userId));
    },

    /** A new link replaces every earlier one: only the latest e-mail can decide. */
    async replaceLink(row: typeof guardianLinks.$inferInsert): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(guardianLinks).where(eq(guardianLinks.userId, row.userId));
        await tx.insert(guardianLinks).values(row);
      });
    },

    async findLiveLink(tokenHash: string, now: Date): Promise<GuardianLinkRow | undefined> {
      const [row] = await db
        .select()
        .from(guardianLinks)
        .where(
          and(
            eq(guardianLinks.tokenHash, tokenHash),
            isNull(guardianLinks.usedAt),
            gt(guardianLinks.expiresAt, now),
          ),
        );
      return row;
    },

    /**
     * Spends a link and records the guardian's decision in one transaction. The link is taken
     * with a conditional update, so two clicks at once decide only once.
     */
    async decide(
      tokenHash: string,
      now: Date,
      consent: 'granted' | 'declined',
    ): Promise<GuardianLinkRow | undefined> {
      return db.transaction(async (tx) => {
        const [link] = await tx
          .update(guardianLinks)
          .set({ usedAt: now })
          .where(
            and(
              eq(guardianLinks.tokenHash, tokenHash),
              isNull(guardianLinks.usedAt),
              gt(guardianLinks.expiresAt, now),
            ),
          )
          .returning();
        if (!link) return undefined;
        await tx
          .update(userAges)
          .set({ consent, consentDecidedAt: now })
          .where(eq(userAges.userId, link.userId));
        return link;
      });
    },

    /** Forgets the answer and the guardian's address (account purge). */
    async forget(userId: number): Promise<void> {
      await db.delete(guardianLinks).where(eq(guardianLinks.userId, userId));
      await db.delete(userAges).where(eq(userAges.userId, userId));
    },
  };
}

export type MinorsRepository = ReturnType<typeof createMinorsRepository>;
