import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { communityUserStats, follows, workFavorites, workLikes, works } from './community.schema';
import { toggleRow, type Toggled } from './toggle-row';

/**
 * Likes, favorites and follows. Each toggle is one transaction: insert … on conflict do
 * nothing (or delete) returning, and the counter moves only when a row really came or went, so
 * repeated and concurrent toggles keep the counters exact.
 */
export function createSocialRepository(db: Database) {
  async function toggleWorkMark(
    table: typeof workLikes | typeof workFavorites,
    counter: typeof works.likeCount | typeof works.favoriteCount,
    counterName: 'likeCount' | 'favoriteCount',
    userId: number,
    workId: number,
    on: boolean,
    now: Date,
  ): Promise<Toggled> {
    return db.transaction(async (tx) => {
      const changed = await toggleRow(
        tx,
        table,
        on,
        { userId, workId, createdAt: now },
        and(eq(table.userId, userId), eq(table.workId, workId)),
      );
      if (changed) {
        const [row] = await tx
          .update(works)
          .set({ [counterName]: sql`greatest(${counter} + ${on ? 1 : -1}, 0)` })
          .where(eq(works.id, workId))
          .returning({ count: counter });
        return { changed, count: row?.count ?? 0 };
      }
      const [row] = await tx.select({ count: counter }).from(works).where(eq(works.id, workId));
      return { changed, count: row?.count ?? 0 };
    });
  }

  /** Moves both people's follow counters in one statement, in user-id order (no deadlocks). */
  async function moveFollowCounters(
    tx: Transaction,
    followerId: number,
    followeeId: number,
    delta: number,
  ) {
    const rows = [
      { userId: followerId, followersCount: 0, followingCount: delta },
      { userId: followeeId, followersCount: delta, followingCount: 0 },
    ].sort((a, b) => a.userId - b.userId);
    await tx
      .insert(communityUserStats)
      .values(
        rows.map((r) => ({
          ...r,
          followersCount: Math.max(r.followersCount, 0),
          followingCount: Math.max(r.followingCount, 0),
        })),
      )
      .onConflictDoUpdate({
        target: communityUserStats.userId,
        set: {
          followersCount: sql`greatest(${communityUserStats.followersCount} + (case when excluded.user_id = ${followeeId} then ${delta} else 0 end), 0)`,
          followingCount: sql`greatest(${communityUserStats.followingCount} + (case when excluded.user_id = ${followerId} then ${delta} else 0 end), 0)`,
        },
      });
  }

  return {
    toggleLike: (userId: number, workId: number, on: boolean, now: Date) =>
      toggleWorkMark(workLikes, works.likeCount, 'likeCount', userId, workId, on, now),
    toggleFavorite: (userId: number, workId: number, on: boolean, now: Date) =>
      toggleWorkMark(workFavorites, works.favoriteCount, 'favoriteCount', userId, workId, on, now),

    async toggleFollow(
      followerId: number,
      followeeId: number,
      on: boolean,
      now: Date,
    ): Promise<Toggled> {
      return db.transaction(async (tx) => {
        const pair = and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId));
        const changed = await toggleRow(
          tx,
          follows,
          on,
          { followerId, followeeId, createdAt: now },
          pair,
        );
        if (changed) await moveFollowCounters(tx, followerId, followeeId, on ? 1 : -1);
        const [stats] = await tx
          .select({ count: communityUserStats.followersCount })
          .from(communityUserStats)
          .where(eq(communityUserStats.userId, followeeId));
        return { changed, count: stats?.count ?? 0 };
      });
    },

    async stats(userId: number): Promise<{ followers: number; following: number }> {
      const [row] = await db
        .select()
        .from(communityUserStats)
        .where(eq(communityUserStats.userId, userId));
      return { followers: row?.followersCount ?? 0, following: row?.followingCount ?? 0 };
    },

    /** Whether `viewerId` follows `userId` and the other way round. */
    async relation(viewerId: number, userId: number) {
      const edge = (from: number, to: number) =>
        db
          .select({ id: follows.followeeId })
          .from(follows)
          .where(and(eq(follows.followerId, from), eq(follows.followeeId, to)));
      const [followed, followsMe] = await Promise.all([
        edge(viewerId, userId),
        edge(userId, viewerId),
      ]);
      return { followed: followed.length > 0, followsMe: followsMe.length > 0 };
    },

    /**
     * A page of people around `userId`: its followers, whom it follows, or friends (both ways),
     * newest first, with the viewer's relation to each in the same query.
     */
    async listPeople(
      userId: number,
      which: 'followers' | 'following' | 'friends',
      viewerId: number | null,
      after: [string, number] | null,
      limit: number,
    ) {
      const viewer = viewerId ?? 0;
      const person = which === 'followers' ? follows.followerId : follows.followeeId;
      // Qualified by hand: the correlated subqueries below read the outer row.
      const outer = sql.raw(
        which === 'followers' ? '"follows"."follower_id"' : '"follows"."followee_id"',
      );
      const where: SQL[] = [
        which === 'followers' ? eq(follows.followeeId, userId) : eq(follows.followerId, userId),
      ];
      if (which === 'friends') {
        where.push(
          sql`exists(select 1 from follows back where back.follower_id = "follows"."followee_id" and back.followee_id = ${userId})`,
        );
      }
      if (after) {
        where.push(
          sql`(${follows.createdAt}, ${person}) < (${after[0]}::timestamptz, ${after[1]})`,
        );
      }
      return db
        .select({
          userId: person,
          at: sql<string>`${follows.createdAt}::text`.as('sort_at'),
          followed: sql<boolean>`exists(select 1 from follows v where v.follower_id = ${viewer} and v.followee_id = ${outer})`,
          followsMe: sql<boolean>`exists(select 1 from follows v where v.follower_id = ${outer} and v.followee_id = ${viewer})`,
        })
        .from(follows)
        .where(and(...where))
        .orderBy(desc(follows.createdAt), desc(person))
        .limit(limit + 1);
    },
  };
}

export type SocialRepository = ReturnType<typeof createSocialRepository>;
