import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  max,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database, Executor } from '../../db/database';
import { noticeMailWindows, notifications, type NotificationRow } from './community.schema';

export type NewNotification = typeof notifications.$inferInsert;

export type NotificationQuery = {
  userId: number;
  read?: boolean;
  notifyType?: string;
  ids?: number[];
  offset: number;
  limit: number;
};

export function createNotificationsRepository(db: Database) {
  function conditions(q: Omit<NotificationQuery, 'offset' | 'limit'>): SQL {
    return and(
      eq(notifications.userId, q.userId),
      ...(q.read === undefined
        ? []
        : [q.read ? isNotNull(notifications.readAt) : isNull(notifications.readAt)]),
      ...(q.notifyType ? [eq(notifications.notifyType, q.notifyType)] : []),
      ...(q.ids ? [inArray(notifications.id, q.ids.length ? q.ids : [0])] : []),
    )!;
  }

  /** Takes the notices of `setting` waiting for a digest, oldest first. */
  async function takePending(
    userId: number,
    setting: string,
    ex: Executor = db,
  ): Promise<NotificationRow[]> {
    const rows = await ex
      .update(notifications)
      .set({ mailPending: null })
      .where(and(eq(notifications.userId, userId), eq(notifications.mailPending, setting)))
      .returning();
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  }

  return {
    /**
     * Inserted rows; a repeated dedupe key (same like toggled again) inserts nothing. Given a
     * transaction, the rows commit or roll back with what caused them.
     */
    async insert(rows: NewNotification[], ex: Executor = db): Promise<NotificationRow[]> {
      if (rows.length === 0) return [];
      return ex
        .insert(notifications)
        .values(rows)
        .onConflictDoNothing({
          target: [notifications.userId, notifications.dedupeKey],
          where: sql`${notifications.dedupeKey} is not null`,
        })
        .returning();
    },

    async list(q: NotificationQuery): Promise<{ rows: NotificationRow[]; total: number }> {
      const where = conditions(q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .offset(q.offset)
          .limit(q.limit),
        db.select({ n: count() }).from(notifications).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async unreadByType(userId: number): Promise<Record<string, number>> {
      const rows = await db
        .select({ type: notifications.notifyType, n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .groupBy(notifications.notifyType);
      return Object.fromEntries(rows.map((r) => [r.type, r.n]));
    },

    async latestAt(userId: number): Promise<Date | null> {
      const [row] = await db
        .select({ at: max(notifications.createdAt) })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      return row?.at ?? null;
    },

    async countSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), gt(notifications.createdAt, since)));
      return row?.n ?? 0;
    },

    async markRead(
      userId: number,
      target: { ids?: number[]; notifyType?: string; all?: boolean },
      now: Date,
    ): Promise<number> {
      const scope: SQL[] = [eq(notifications.userId, userId), isNull(notifications.readAt)];
      if (target.ids) scope.push(inArray(notifications.id, target.ids.length ? target.ids : [0]));
      if (target.notifyType) scope.push(eq(notifications.notifyType, target.notifyType));
      if (!target.ids && !target.notifyType && !target.all) return 0;
      const rows = await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(...scope))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /**
     * Opens a user's e-mail window for one notice setting when the last one closed (`windowMs`
     * after its mail), in one statement so racing notices open it once. True: mail now.
     */
    async openMailWindow(
      userId: number,
      setting: string,
      now: Date,
      windowMs: number,
    ): Promise<boolean> {
      const closedBefore = new Date(now.getTime() - windowMs);
      const rows = await db
        .insert(noticeMailWindows)
        .values({ userId, setting, lastSentAt: now })
        .onConflictDoUpdate({
          target: [noticeMailWindows.userId, noticeMailWindows.setting],
          set: { lastSentAt: now },
          setWhere: sql`${noticeMailWindows.lastSentAt} <= ${closedBefore}`,
        })
        .returning({ userId: noticeMailWindows.userId });
      return rows.length > 0;
    },

    /** Leaves a notice for the digest of `setting`. */
    async holdForDigest(id: number, setting: string): Promise<void> {
      await db.update(notifications).set({ mailPending: setting }).where(eq(notifications.id, id));
    },

    /** Users and settings with notices waiting whose window has closed. */
    async dueDigests(
      now: Date,
      windowMs: number,
      limit = 200,
    ): Promise<{ userId: number; setting: string }[]> {
      const closedBefore = new Date(now.getTime() - windowMs);
      const rows = await db
        .selectDistinct({ userId: notifications.userId, setting: noticeMailWindows.setting })
        .from(notifications)
        .innerJoin(
          noticeMailWindows,
          and(
            eq(noticeMailWindows.userId, notifications.userId),
            eq(noticeMailWindows.setting, notifications.mailPending),
          ),
        )
        .where(
          and(
            isNotNull(notifications.mailPending),
            sql`${noticeMailWindows.lastSentAt} <= ${closedBefore}`,
          ),
        )
        .limit(limit);
      return rows;
    },

    takePending,

    /**
     * Takes the notices waiting for one digest and opens the next window, in one transaction,
     * once the last window has closed: two nodes running the job send it once.
     */
    async takeDigest(
      userId: number,
      setting: string,
      now: Date,
      windowMs: number,
    ): Promise<NotificationRow[]> {
      const closedBefore = new Date(now.getTime() - windowMs);
      return db.transaction(async (tx) => {
        const opened = await tx
          .update(noticeMailWindows)
          .set({ lastSentAt: now })
          .where(
            and(
              eq(noticeMailWindows.userId, userId),
              eq(noticeMailWindows.setting, setting),
              sql`${noticeMailWindows.lastSentAt} <= ${closedBefore}`,
            ),
          )
          .returning({ userId: noticeMailWindows.userId });
        return opened.length === 0 ? [] : takePending(userId, setting, tx);
      });
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
