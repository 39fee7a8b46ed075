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
import type { Database } from '../../db/database';
import { notifications, type NotificationRow } from './community.schema';

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

  return {
    /** Inserted rows; a repeated dedupe key (same like toggled again) inserts nothing. */
    async insert(rows: NewNotification[]): Promise<NotificationRow[]> {
      if (rows.length === 0) return [];
      return db
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
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
