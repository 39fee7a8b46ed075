import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { moderationTerms } from './moderation.schema';

export function createModerationRepository(db: Database) {
  return {
    listTerms() {
      return db.select().from(moderationTerms).orderBy(asc(moderationTerms.term));
    },
    async addTerm(term: string, now: Date) {
      const [row] = await db
        .insert(moderationTerms)
        .values({ term, createdAt: now })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    async deleteTerm(id: number): Promise<boolean> {
      const rows = await db.delete(moderationTerms).where(eq(moderationTerms.id, id)).returning();
      return rows.length > 0;
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
