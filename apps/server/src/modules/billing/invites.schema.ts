import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Each user's invite code; `partner` doubles the invitee discount (spec §9: 10 → 20). */
export const inviteCodes = pgTable('invite_codes', {
  userId: userRef('user_id').primaryKey(),
  code: text('code').notNull().unique(),
  partner: boolean('partner').notNull().default(false),
  createdAt: ts('created_at').notNull(),
});

/** Invitee → inviter, made at sign-up: pending until the invitee subscribes. */
export const invitations = pgTable(
  'invitations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inviterId: userRef('inviter_id'),
    /** An account is invited once. */
    inviteeId: userRef('invitee_id').unique(),
    code: text('code').notNull(),
    /** 'pending' | 'activated' */
    status: text('status').notNull(),
    /** The plan grade the invitee subscribed to; sets the reward. */
    grade: integer('grade'),
    rewardPoints: integer('reward_points').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    activatedAt: ts('activated_at'),
  },
  (t) => [index('invitations_inviter_idx').on(t.inviterId, t.createdAt)],
);

export type InvitationRow = typeof invitations.$inferSelect;

/** The reward issued for an invitation, once: the primary key is the guarantee. */
export const inviteRewards = pgTable('invite_rewards', {
  invitationId: bigint('invitation_id', { mode: 'number' })
    .primaryKey()
    .references(() => invitations.id, { onDelete: 'cascade' }),
  inviterId: userRef('inviter_id'),
  points: integer('points').notNull(),
  /** The GMT-8 business day of the daily issue that paid it. */
  issueDay: text('issue_day').notNull(),
  issuedAt: ts('issued_at').notNull(),
});
