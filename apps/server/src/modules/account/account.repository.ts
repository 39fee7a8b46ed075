import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  accountDeletions,
  contactMessages,
  feedback,
  userProfiles,
  type NewUserProfileRow,
  type UserProfileRow,
} from './account.schema';

export function createAccountRepository(db: Database) {
  return {
    async findProfile(userId: number): Promise<UserProfileRow | undefined> {
      const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
      return row;
    },
    async upsertProfile(
      userId: number,
      patch: Omit<Partial<NewUserProfileRow>, 'userId'>,
      now: Date,
    ) {
      const [row] = await db
        .insert(userProfiles)
        .values({ ...patch, userId, updatedAt: now })
        .onConflictDoUpdate({ target: userProfiles.userId, set: { ...patch, updatedAt: now } })
        .returning();
      if (!row) throw new Error('profile upsert returned nothing');
      return row;
    },
    async deleteProfile(userId: number): Promise<void> {
      await db.delete(userProfiles).where(eq(userProfiles.userId, userId));
    },
    async insertDeletion(userId: number, requestedAt: Date, purgeAfter: Date) {
      await db.insert(accountDeletions).values({ userId, requestedAt, purgeAfter });
    },
    async listDueDeletions(now: Date, limit: number) {
      return db
        .select()
        .from(accountDeletions)
        .where(and(isNull(accountDeletions.purgedAt), lte(accountDeletions.purgeAfter, now)))
        .orderBy(asc(accountDeletions.purgeAfter))
        .limit(limit);
    },
    async markPurged(id: number, now: Date) {
      await db.update(accountDeletions).set({ purgedAt: now }).where(eq(accountDeletions.id, id));
    },
    async insertFeedback(row: typeof feedback.$inferInsert): Promise<number> {
      const [created] = await db.insert(feedback).values(row).returning({ id: feedback.id });
      return created?.id ?? 0;
    },
    async insertContact(row: typeof contactMessages.$inferInsert): Promise<number> {
      const [created] = await db
        .insert(contactMessages)
        .values(row)
        .returning({ id: contactMessages.id });
      return created?.id ?? 0;
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
