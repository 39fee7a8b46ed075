import { bigserial, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Terms that may not appear in prompts (and later comments); admins edit the list. */
export const moderationTerms = pgTable(
  'moderation_terms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    term: text('term').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('moderation_terms_term_uq').on(sql`lower(${t.term})`)],
);
