import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Database, Executor } from '../../db/database';
import {
  authAttempts,
  captchaCodes,
  userIdentities,
  users,
  type CaptchaRow,
  type NewUserRow,
  type UserRow,
} from './auth.schema';

const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === UNIQUE_VIOLATION || e.cause?.code === UNIQUE_VIOLATION;
}

export type NewSession = {
  id: string;
  userId: number;
  now: Date;
  expiresAt: Date;
  ticketHash: string;
  ticketExpiresAt: Date;
  refreshHash: string;
  userAgent: string | null;
  ip: string | null;
};

export type TicketLookup = {
  user: UserRow;
  sessionId: string;
  ticketExpiresAt: Date;
};

async function releasePendingEmail(ex: Executor, email: string, exceptUserId: number) {
  await ex
    .update(users)
    .set({ pendingEmail: null })
    .where(and(eq(users.pendingEmail, email), ne(users.id, exceptUserId)));
}

export function createAuthRepository(db: Database) {
  return {
    async findUserById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async findUsersByIds(ids: number[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(users).where(inArray(users.id, ids));
    },
    /** Active user ids after `afterId`, in id order (for fan-out in batches). */
    async listActiveUserIds(afterId: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.status, 'active'), gt(users.id, afterId)))
        .orderBy(asc(users.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },
    async findUserByPhone(phone: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.phone, phone));
      return row;
    },
    /**
     * The operator's account search, newest first. Exact keys (an id, an address, a phone
     * number) go through their unique indexes; a part of a username or nickname is matched
     * as plain text, its LIKE wildcards escaped. Purged accounts hold nothing to find.
     */
    async searchUsers(q: string, limit: number): Promise<UserRow[]> {
      const id = /^\d{1,15}$/.test(q) ? Number(q) : null;
      const exact = [
        ...(id !== null ? [eq(users.id, id)] : []),
        ...(q.includes('@') ? [eq(users.email, q.toLowerCase())] : []),
        ...(/^\+?\d{6,16}$/.test(q) ? [eq(users.phone, q.startsWith('+') ? q : `+${q}`)] : []),
      ];
      const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const named = or(
        sql`lower(${users.username}) like ${pattern}`,
        sql`lower(${users.nickname}) like ${pattern}`,
      );
      const visible = ne(users.status, 'purged');
      const newest = [desc(users.createdAt), desc(users.id)];
      const [byKey, byName] = await Promise.all([
        exact.length
          ? db
              .select()
              .from(users)
              .where(and(or(...exact), visible))
          : Promise.resolve([]),
        db
          .select()
          .from(users)
          .where(and(named, visible))
          .orderBy(...newest)
          .limit(limit),
      ]);
      const seen = new Set<number>();
      return [...byKey, ...byName]
        .filter((u) => !seen.has(u.id) && seen.add(u.id))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
        .slice(0, limit);
    },
    async findUserByLogin(login: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(
          or(sql`lower(${users.username}) = lower(${login})`, eq(users.email, login.toLowerCase())),
        )
        .limit(1);
      return row;
    },
    async findUserByIdentity(provider: string, subject: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(userIdentities)
        .innerJoin(users, eq(users.id, userIdentities.userId))
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
      return row?.user;
    },
    async findUserByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return row;
    },
    async usernameTaken(username: string): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`);
      return (row?.n ?? 0) > 0;
    },
    /** Inserts a user; answers undefined when a unique field (name, e-mail, phone) is taken. */
    async insertUser(row: NewUserRow): Promise<UserRow | undefined> {
      try {
        const [created] = await db.insert(users).values(row).returning();
        return created;
      } catch (err) {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      }
    },
    async linkIdentity(row: typeof userIdentities.$inferInsert): Promise<void> {
      await db.insert(userIdentities).values(row).onConflictDoNothing();
    },
    /** Adds `role` to the account's own roles or takes it away, in one statement. */
    async setRole(id: number, role: string, held: boolean): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          roles: held
            ? sql`array_append(array_remove(${users.roles}, ${role}), ${role})`
            : sql`array_remove(${users.roles}, ${role})`,
        })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    async updateUser(id: number, patch: Partial<NewUserRow>): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
      return row;
    },

    /** Clears personal data and links; the row stays so authored content keeps an owner. */
    async anonymizeUser(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(userIdentities).where(eq(userIdentities.userId, id));
        await tx
          .update(users)
          .set({
            username: `deleted_${id}`,
            nickname: 'Deleted user',
            avatar: '',
            email: null,
            phone: null,
            passwordHash: null,
            invitationCode: null,
            channelId: null,
            status: 'purged',
          })
          .where(eq(users.id, id));
      });
    },

    async latestCaptcha(channel: string, address: string): Promise<CaptchaRow | undefined> {
      const [row] = await db
        .select()
        .from(captchaCodes)
        .where(and(eq(captchaCodes.channel, channel), eq(captchaCodes.address, address)))
        .orderBy(desc(captchaCodes.createdAt))
        .limit(1);
      return row;
    },
    async countCaptchasSince(
      filter: { channel: string; address: string } | { ip: string },
      since: Date,
    ): Promise<number> {
      const where =
        'ip' in filter
          ? and(eq(captchaCodes.ip, filter.ip), gte(captchaCodes.createdAt, since))
          : and(
              eq(captchaCodes.channel, filter.channel),
              eq(captchaCodes.address, filter.address),
              gte(captchaCodes.createdAt, since),
            );
      const [row] = await db.select({ n: count() }).from(captchaCodes).where(where);
      return row?.n ?? 0;
    },
    /** Stores a new code and retires the address's earlier open codes for the same purpose. */
    async replaceCaptcha(row: typeof captchaCodes.$inferInsert): Promise<CaptchaRow> {
      return db.transaction(async (tx) => {
        await tx
          .update(captchaCodes)
          .set({ consumedAt: row.createdAt })
          .where(
            and(
              eq(captchaCodes.channel, row.channel),
              eq(captchaCodes.address, row.address),
              eq(captchaCodes.purpose, row.purpose),
              isNull(captchaCodes.consumedAt),
            ),
          );
        const [created] = await tx.insert(captchaCodes).values(row).returning();
        if (!created) throw new Error('captcha insert returned nothing');
        return created;
      });
    },
    async deleteCaptcha(id: number): Promise<void> {
      await db.delete(captchaCodes).where(eq(captchaCodes.id, id));
    },
    async findOpenCaptcha(
      channel: string,
      address: string,
      purpose: string,
      now: Date,
      maxAttempts: number,
    ): Promise<CaptchaRow | undefined> {
      const [row] = await db
        .select()
        .from(captchaCodes)
        .where(
          and(
            eq(captchaCodes.channel, channel),
            eq(captchaCodes.address, address),
            eq(captchaCodes.purpose, purpose),
            isNull(captchaCodes.consumedAt),
            gt(captchaCodes.expiresAt, now),
            lt(captchaCodes.attempts, maxAttempts),
          ),
        )
        .orderBy(desc(captchaCodes.createdAt))
        .limit(1);
      return row;
    },
    /**
     * Counts a try before its code is compared, atomically under concurrent guesses; answers
     * the tries used, or undefined when the code has no tries left or is spent.
     */
    async takeCaptchaAttempt(id: number, maxAttempts: number): Promise<number | undefined> {
      const [row] = await db
        .update(captchaCodes)
        .set({ attempts: sql`${captchaCodes.attempts} + 1` })
        .where(
          and(
            eq(captchaCodes.id, id),
            isNull(captchaCodes.consumedAt),
            lt(captchaCodes.attempts, maxAttempts),
          ),
        )
        .returning({ attempts: captchaCodes.attempts });
      return row?.attempts;
    },
    /** Marks a code used; only one of two racing requests gets true. */
    async consumeCaptcha(id: number, now: Date, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(captchaCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(captchaCodes.id, id),
            isNull(captchaCodes.consumedAt),
            lte(captchaCodes.attempts, maxAttempts),
          ),
        )
        .returning({ id: captchaCodes.id });
      return rows.length === 1;
    },

    /**
     * Counts one attempt under `key` and answers the attempts in the key's window, this one
     * included. One upsert takes the row lock, so concurrent attempts each see a distinct count.
     * A window older than `windowMs` starts again at this attempt.
     */
    async takeAttempt(key: string, now: Date, windowMs: number): Promise<number> {
      const since = new Date(now.getTime() - windowMs);
      const expired = sql`${authAttempts.windowStart} <= ${since.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(authAttempts)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: authAttempts.key,
          set: {
            count: sql`case when ${expired} then 1 else ${authAttempts.count} + 1 end`,
            windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${authAttempts.windowStart} end`,
          },
        })
        .returning({ count: authAttempts.count });
      return row?.count ?? Number.MAX_SAFE_INTEGER;
    },
    /** Gives back an attempt that turned out not to be a failure (a right password). */
    async returnAttempt(key: string): Promise<void> {
      await db
        .update(authAttempts)
        .set({ count: sql`greatest(${authAttempts.count} - 1, 0)` })
        .where(eq(authAttempts.key, key));
    },
    /**
     * Gives a proved address to `userId` and takes it from every account that only named it
     * at registration: those accounts lose the address, and with it any sign-in by it.
     */
    async claimEmail(userId: number, email: string): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        await releasePendingEmail(tx, email, userId);
        const [row] = await tx
          .update(users)
          .set({ email, pendingEmail: null })
          .where(eq(users.id, userId))
          .returning();
        return row;
      });
    },
    /** Takes a proved address away from the accounts that named it without proving it. */
    releasePendingEmail: (email: string, exceptUserId: number) =>
      releasePendingEmail(db, email, exceptUserId),
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
