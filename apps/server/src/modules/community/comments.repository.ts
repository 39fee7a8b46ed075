import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { commentLikes, commentPosts, comments, works, type CommentRow } from './community.schema';
import { toggleRow, type Toggled } from './toggle-row';

export type CommentListRow = CommentRow & { liked: boolean; key: [string, number] };

/** At most `max` comments by one user in any `ms` milliseconds. */
export type PostLimit = { max: number; ms: number };
export type PostOutcome<T> =
  | { posted: true; comment: CommentRow; alongside: T }
  | { posted: false; limit: PostLimit; retryAt: Date };

/** Advisory-lock namespace for one user's comment posting (the user id is the second key). */
const COMMENT_POST_LOCK = 7304201;

export function createCommentsRepository(db: Database) {
  const fields = (viewerId: number | null) => ({
    comment: comments,
    liked: viewerId
      ? sql<boolean>`exists(select 1 from comment_likes l where l.user_id = ${viewerId} and l.comment_id = "comments"."id")`
      : sql<boolean>`false`,
    at: sql<string>`${comments.createdAt}::text`.as('sort_at'),
  });
  const flatten = (rows: { comment: CommentRow; liked: boolean; at: string }[]) =>
    rows.map((r) => ({
      ...r.comment,
      liked: r.liked,
      key: [r.at, r.comment.id] as [string, number],
    }));

  return {
    async findComment(id: number): Promise<CommentRow | undefined> {
      const [row] = await db.select().from(comments).where(eq(comments.id, id));
      return row;
    },

    /**
     * Adds a comment, logs the post and moves the work's (and the parent's) counters in one
     * transaction, unless the user's posts in one of the `limits` windows are used up. The
     * user's advisory lock makes racing posts count one after another. `alongside` writes
     * what must commit with the comment (its notification) in the same transaction: when it
     * fails, nothing of the comment is kept.
     */
    async insertComment<T>(
      row: typeof comments.$inferInsert & { createdAt: Date },
      limits: PostLimit[],
      alongside: (tx: Transaction, created: CommentRow) => Promise<T>,
    ): Promise<PostOutcome<T>> {
      const now = row.createdAt;
      return db.transaction(async (tx): Promise<PostOutcome<T>> => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${COMMENT_POST_LOCK}, ${row.userId}::int)`,
        );
        for (const limit of limits) {
          const inWindow = and(
            eq(commentPosts.userId, row.userId),
            gt(commentPosts.createdAt, new Date(now.getTime() - limit.ms)),
          );
          const [counted] = await tx.select({ n: count() }).from(commentPosts).where(inWindow);
          const n = counted?.n ?? 0;
          if (n < limit.max) continue;
          // A place frees up when the post `n - max + 1` from the oldest leaves the window.
          const [freeing] = await tx
            .select({ at: commentPosts.createdAt })
            .from(commentPosts)
            .where(inWindow)
            .orderBy(asc(commentPosts.createdAt))
            .offset(n - limit.max)
            .limit(1);
          return {
            posted: false,
            limit,
            retryAt: new Date((freeing?.at ?? now).getTime() + limit.ms),
          };
        }
        const longest = Math.max(0, ...limits.map((l) => l.ms));
        await tx
          .delete(commentPosts)
          .where(
            and(
              eq(commentPosts.userId, row.userId),
              lt(commentPosts.createdAt, new Date(now.getTime() - longest)),
            ),
          );
        await tx.insert(commentPosts).values({ userId: row.userId, createdAt: now });
        const [created] = await tx.insert(comments).values(row).returning();
        if (!created) throw new Error('comment insert returned nothing');
        await tx
          .update(works)
          .set({ commentCount: sql`${works.commentCount} + 1` })
          .where(eq(works.id, row.workId));
        if (row.parentId) {
          await tx
            .update(comments)
            .set({ replyCount: sql`${comments.replyCount} + 1` })
            .where(eq(comments.id, row.parentId));
        }
        return { posted: true, comment: created, alongside: await alongside(tx, created) };
      });
    },

    /** Deletes a comment with its replies; the counters drop by what was really deleted. */
    async deleteComment(id: number): Promise<number> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(comments)
          .where(or(eq(comments.id, id), eq(comments.parentId, id)))
          .returning({ id: comments.id, workId: comments.workId, parentId: comments.parentId });
        const self = deleted.find((d) => d.id === id);
        if (!self) return 0;
        await tx
          .update(works)
          .set({ commentCount: sql`greatest(${works.commentCount} - ${deleted.length}, 0)` })
          .where(eq(works.id, self.workId));
        if (self.parentId) {
          await tx
            .update(comments)
            .set({ replyCount: sql`greatest(${comments.replyCount} - 1, 0)` })
            .where(eq(comments.id, self.parentId));
        }
        return deleted.length;
      });
    },

    /** Top-level comments of a work, newest first. */
    async listTop(
      workId: number,
      viewerId: number | null,
      after: [string, number] | null,
      limit: number,
    ): Promise<CommentListRow[]> {
      const where: SQL[] = [eq(comments.workId, workId), isNull(comments.parentId)];
      if (after) {
        where.push(
          sql`(${comments.createdAt}, ${comments.id}) < (${after[0]}::timestamptz, ${after[1]})`,
        );
      }
      return flatten(
        await db
          .select(fields(viewerId))
          .from(comments)
          .where(and(...where))
          .orderBy(desc(comments.createdAt), desc(comments.id))
          .limit(limit + 1),
      );
    },

    /** Replies of a comment, oldest first (a conversation reads downwards). */
    async listReplies(
      parentId: number,
      viewerId: number | null,
      after: [string, number] | null,
      limit: number,
    ): Promise<CommentListRow[]> {
      const where: SQL[] = [eq(comments.parentId, parentId)];
      if (after) {
        where.push(
          sql`(${comments.createdAt}, ${comments.id}) > (${after[0]}::timestamptz, ${after[1]})`,
        );
      }
      return flatten(
        await db
          .select(fields(viewerId))
          .from(comments)
          .where(and(...where))
          .orderBy(asc(comments.createdAt), asc(comments.id))
          .limit(limit + 1),
      );
    },

    /** The first `per` replies of each parent, in one query. */
    async listFirstReplies(
      parentIds: number[],
      viewerId: number | null,
      per: number,
    ): Promise<CommentListRow[]> {
      if (parentIds.length === 0) return [];
      const ranked = db
        .select({
          id: comments.id,
          n: sql<number>`row_number() over (partition by ${comments.parentId} order by ${comments.createdAt}, ${comments.id})`.as(
            'n',
          ),
        })
        .from(comments)
        .where(inArray(comments.parentId, parentIds))
        .as('ranked');
      return flatten(
        await db
          .select(fields(viewerId))
          .from(comments)
          .innerJoin(ranked, eq(ranked.id, comments.id))
          .where(sql`${ranked.n} <= ${per}`)
          .orderBy(asc(comments.createdAt), asc(comments.id)),
      );
    },

    /**
     * Likes or unlikes a comment; when the liker is the work's author the author-liked mark
     * follows the like.
     */
    async toggleLike(
      userId: number,
      commentId: number,
      on: boolean,
      byWorkAuthor: boolean,
      now: Date,
    ): Promise<Toggled> {
      return db.transaction(async (tx) => {
        const changed = await toggleRow(
          tx,
          commentLikes,
          on,
          { userId, commentId, createdAt: now },
          and(eq(commentLikes.userId, userId), eq(commentLikes.commentId, commentId)),
        );
        const [row] = changed
          ? await tx
              .update(comments)
              .set({
                likeCount: sql`greatest(${comments.likeCount} + ${on ? 1 : -1}, 0)`,
                ...(byWorkAuthor ? { authorLiked: on } : {}),
              })
              .where(eq(comments.id, commentId))
              .returning({ count: comments.likeCount })
          : await tx
              .select({ count: comments.likeCount })
              .from(comments)
              .where(eq(comments.id, commentId));
        return { changed, count: row?.count ?? 0 };
      });
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
