import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Who a person is on the platform; personal data here is purged after account deletion. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    nickname: text('nickname').notNull(),
    avatar: text('avatar').notNull().default(''),
    /** A proved address (a code sent to it was entered); only this one grants anything. */
    email: text('email'),
    /** An address named at registration and not yet proved: it grants nothing. */
    pendingEmail: text('pending_email'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    /** 'active' | 'banned' (moderator) | 'closed' (deletion requested, no sign-in) | 'purged' */
    status: text('status').notNull().default('active'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    invitationCode: text('invitation_code'),
    channelId: text('channel_id'),
    createdAt: ts('created_at').notNull(),
    lastLoginAt: ts('last_login_at'),
    /** Interface language last chosen ('en' | 'zh' | 'ja' | 'es'); mail is sent in it. */
    language: text('language'),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_phone_uq').on(t.phone),
    // An operator's search by part of a name (the admin Users page) reads these.
    index('users_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('users_nickname_trgm_idx').using('gin', sql`lower(${t.nickname}) gin_trgm_ops`),
    index('users_pending_email_idx')
      .on(t.pendingEmail)
      .where(sql`${t.pendingEmail} is not null`),
  ],
);

/** A sign-in provider's account linked to a user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    /** The name and picture the provider showed when the link was made (WeChat's nickname). */
    name: text('name'),
    avatar: text('avatar'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('user_identities_user_idx').on(t.userId),
    // An account binds one WeChat at most; the primary key already binds a WeChat to one account.
    uniqueIndex('user_identities_wechat_user_uq')
      .on(t.userId)
      .where(sql`${t.provider} = 'wechat'`),
  ],
);

/**
 * A provider round trip started by a signed-in session (binding WeChat): the `state` sent to
 * the provider, kept as a hash, may only be redeemed once, by the same session, before expiry.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('oauth_states_session_idx').on(t.sessionId)],
);

/** Verification codes; only a hash of the code is kept. */
export const captchaCodes = pgTable(
  'captcha_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    address: text('address').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    index('captcha_codes_address_idx').on(t.channel, t.address, t.createdAt),
    index('captcha_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** A signed-in device: the family its tickets and rotating refresh tokens belong to. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const authTickets = pgTable(
  'auth_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('auth_tickets_session_idx').on(t.sessionId)],
);

export const authRefreshTokens = pgTable(
  'auth_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    usedAt: ts('used_at'),
    /**
     * The pair this token was traded for, sealed with a key derived from this token, so a
     * repeated refresh within the grace window answers the same pair; nobody else can open it.
     */
    successorSealed: text('successor_sealed'),
  },
  (t) => [index('auth_refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * Sign-in attempts per key (account and client address, or client address alone) in a fixed
 * window. The counter is taken with one atomic upsert before a password is checked, so
 * concurrent guesses cannot all pass the limit.
 */
export const authAttempts = pgTable('auth_attempts', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type CaptchaRow = typeof captchaCodes.$inferSelect;
