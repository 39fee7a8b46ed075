import { bigint, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The answer to the age question, one row per account that gave it (decision 0056). A child's
 * row also holds the guardian's address and whether they consented; the row goes when the
 * account is purged, as the guardian's address is personal data too.
 */
export const userAges = pgTable('user_ages', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  birthDate: date('birth_date').notNull(),
  /** null when no guardian was asked (14 or older at the answer); else 'pending' | 'granted' | 'declined'. */
  consent: text('consent'),
  guardianEmail: text('guardian_email'),
  consentSentAt: ts('consent_sent_at'),
  consentDecidedAt: ts('consent_decided_at'),
  answeredAt: ts('answered_at').notNull(),
});

/** One-time links e-mailed to a guardian; only a hash of the token is kept. */
export const guardianLinks = pgTable(
  'guardian_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guardianEmail: text('guardian_email').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('guardian_links_user_idx').on(t.userId)],
);

export type UserAgeRow = typeof userAges.$inferSelect;
export type GuardianLinkRow = typeof guardianLinks.$inferSelect;
