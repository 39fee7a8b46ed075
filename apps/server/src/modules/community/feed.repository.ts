import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/database';
import { workKinds } from '@lumen/contracts/community';
import { campaignEntries, hotScoreAt, workFavorites, workLikes, works } from './community.schema';

/** Hot ranks works of this window only: older ones cannot outscore fresh ones in practice. */
export const HOT_WINDOW_DAYS = 30;

/**
 * Orders a card list can take, each with its keyset: `published` and `created` (newest first),
 * `liked`/`favorited` (when the user did it), `entryNew` and `entryVotes` (a campaign's
 * entries). Hot is ranked by `rankHot` and read back by ids.
 */
export type CardOrder =
  | { by: 'published' }
  | { by: 'created' }
  | { by: 'liked'; userId: number }
  | { by: 'favorited'; userId: number }
  | { by: 'entryNew'; cmpId: number }
  | { by: 'entryVotes'; cmpId: number };

export type CardFilter = {
  status?: string | string[];
  kind?: string;
  circleId?: number;
  cmpId?: number;
  userId?: number;
  remixOf?: number;
  followedBy?: number;
  ids?: number[];
};

const cardFields = {
  id: works.id,
  userId: works.userId,
  kind: works.kind,
  mediaKey: works.mediaKey,
  thumbKey: works.thumbKey,
  mime: works.mime,
  width: works.width,
  height: works.height,
  title: works.title,
  description: works.description,
  pendingTitle: works.pendingTitle,
  pendingDescription: works.pendingDescription,
  pendingEditAt: works.pendingEditAt,
  status: works.status,
  rejectReason: works.rejectReason,
  allowComments: works.allowComments,
  cmpId: works.cmpId,
  circleIds: works.circleIds,
  remixOf: works.remixOf,
  likeCount: works.likeCount,
  favoriteCount: works.favoriteCount,
  commentCount: works.commentCount,
  remixCount: works.remixCount,
  createdAt: works.createdAt,
  publishedAt: works.publishedAt,
  // Only the prompt of the settings: a card shows it on hover, the rest is the detail's.
  prompt: sql<string | null>`${works.settings}->>'prompt'`.as('card_prompt'),
};

export type CardRow = {
  id: number;
  userId: number;
  kind: string;
  mediaKey: string;
  thumbKey: string | null;
  mime: string;
  width: number | null;
  height: number | null;
  title: string;
  description: string;
  pendingTitle: string | null;
  pendingDescription: string | null;
  pendingEditAt: Date | null;
  status: string;
  rejectReason: string | null;
  allowComments: boolean;
  cmpId: number | null;
  circleIds: number[];
  remixOf: number | null;
  likeCount: number;
  favoriteCount: number;
  commentCount: number;
  remixCount: number;
  createdAt: Date;
  publishedAt: Date | null;
  /** Null for a private generation (its settings are not published). */
  prompt: string | null;
  liked: boolean;
  favorited: boolean;
  followed: boolean;
  /** The viewer is the work's author (who sees an edit waiting for review). */
  own: boolean;
  /** Entry votes and whether the viewer voted, for campaign entry lists (else 0 / false). */
  votes: number;
  voted: boolean;
  /** The keyset of this row in its order. */
  key: (string | number)[];
};

type HotRow = { id: number; score: number };

export type ViewerMarks = Pick<
  CardRow,
  'likeCount' | 'favoriteCount' | 'commentCount' | 'remixCount' | 'liked' | 'favorited' | 'followed'
>;

function filterConditions(f: CardFilter): SQL[] {
  const where: SQL[] = [];
  if (typeof f.status === 'string') where.push(eq(works.status, f.status));
  else if (f.status) where.push(inArray(works.status, f.status));
  if (f.kind) where.push(eq(works.kind, f.kind));
  if (f.circleId !== undefined)
    where.push(sql`${works.circleIds} @> array[${f.circleId}]::bigint[]`);
  if (f.cmpId !== undefined) where.push(eq(works.cmpId, f.cmpId));
  if (f.userId !== undefined) where.push(eq(works.userId, f.userId));
  if (f.remixOf !== undefined) where.push(eq(works.remixOf, f.remixOf));
  if (f.ids) where.push(inArray(works.id, f.ids.length ? f.ids : [0]));
  if (f.followedBy !== undefined) {
    where.push(
      sql`"works"."user_id" in (select f.followee_id from follows f where f.follower_id = ${f.followedBy})`,
    );
  }
  return where;
}

/** The sort columns, keyset condition and key expressions of an order. */
function orderParts(order: CardOrder, after: (string | number)[] | null) {
  const ts = (expr: SQL | AnyPgColumn) => sql<string>`${expr}::text`;
  switch (order.by) {
    case 'published':
    case 'created': {
      const col = order.by === 'published' ? works.publishedAt : works.createdAt;
      return {
        orderBy: [sql`${col} desc`, sql`${works.id} desc`],
        keyset: after ? sql`(${col}, ${works.id}) < (${after[0]}::timestamptz, ${after[1]})` : null,
        sortRaw: col,
        sortKey: ts(col),
      };
    }
    case 'liked':
    case 'favorited': {
      const t = order.by === 'liked' ? workLikes : workFavorites;
      return {
        orderBy: [sql`${t.createdAt} desc`, sql`${works.id} desc`],
        keyset: after
          ? sql`(${t.createdAt}, ${works.id}) < (${after[0]}::timestamptz, ${after[1]})`
          : null,
        sortRaw: t.createdAt,
        sortKey: ts(t.createdAt),
      };
    }
    case 'entryNew':
      return {
        orderBy: [sql`${campaignEntries.createdAt} desc`, sql`${works.id} desc`],
        keyset: after
          ? sql`(${campaignEntries.createdAt}, ${works.id}) < (${after[0]}::timestamptz, ${after[1]})`
          : null,
        sortRaw: campaignEntries.createdAt,
        sortKey: ts(campaignEntries.createdAt),
      };
    case 'entryVotes':
      return {
        orderBy: [sql`${campaignEntries.votes} desc`, sql`${works.id} desc`],
        keyset: after
          ? sql`(${campaignEntries.votes}, ${works.id}) < (${after[0]}, ${after[1]})`
          : null,
        sortRaw: campaignEntries.votes,
        sortKey: campaignEntries.votes,
      };
  }
}

export function createFeedRepository(db: Database) {
  return {
    /**
     * What changes under a shared page, for its works as `viewerId` sees them now, in one
     * statement of primary-key probes: the counts, whether the viewer liked and favorited each
     * work and follows its author. Works no longer approved are left out.
     */
    async listViewerMarks(viewerId: number, workIds: number[]): Promise<Map<number, ViewerMarks>> {
      if (workIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: works.id,
          likeCount: works.likeCount,
          favoriteCount: works.favoriteCount,
          commentCount: works.commentCount,
          remixCount: works.remixCount,
          liked: sql<boolean>`exists(select 1 from work_likes l where l.user_id = ${viewerId} and l.work_id = ${works.id})`,
          favorited: sql<boolean>`exists(select 1 from work_favorites l where l.user_id = ${viewerId} and l.work_id = ${works.id})`,
          followed: sql<boolean>`exists(select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = ${works.userId})`,
        })
        .from(works)
        .where(and(inArray(works.id, workIds), eq(works.status, 'approved')));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /**
     * The hot ranking at one instant: approved works of the window, best score first, at most
     * `limit` of them. Ids and scores only; cards are read per page.
     *
     * Walks `hot_score` (the score at `hot_at`, an upper bound of the score at any later
     * instant) down its index, scoring each row at `at`, and stops once the bound of the last
     * row read is below the `limit`-th best score: no row further down can enter. Rows whose
     * bound was taken after `at` (a cursor older than the last refresh) are scored as well.
     */
    async rankHot(
      filter: CardFilter,
      at: Date,
      limit: number,
    ): Promise<{ id: number; score: number }[]> {
      const instant = sql`${at.toISOString()}::timestamptz`;
      const score = hotScoreAt(instant);
      const since = new Date(at.getTime() - HOT_WINDOW_DAYS * 86_400_000);
      const inRanking = [
        ...filterConditions(filter),
        gt(works.publishedAt, since),
        lte(works.publishedAt, at),
      ];
      const late = await db
        .select({ id: works.id, score: sql<number>`${score}` })
        .from(works)
        .where(and(...inRanking, gt(works.hotAt, at)));
      const byScore = (a: HotRow, b: HotRow) => b.score - a.score || b.id - a.id;
      for (let reach = limit * 2; ; reach *= 4) {
        const rows = await db
          .select({ id: works.id, bound: works.hotScore, score: sql<number>`${score}` })
          .from(works)
          .where(and(...inRanking, isNotNull(works.hotScore)))
          .orderBy(sql`${works.hotScore} desc`, sql`${works.id} desc`)
          .limit(reach);
        const seen = new Map<number, HotRow>();
        for (const r of [...rows, ...late]) seen.set(r.id, { id: r.id, score: Number(r.score) });
        const ranked = [...seen.values()].sort(byScore).slice(0, limit);
        const floor = ranked.length === limit ? ranked[limit - 1]!.score : -Infinity;
        const last = rows[rows.length - 1];
        if (rows.length < reach || !last || Number(last.bound) < floor) return ranked;
      }
    },

    /**
     * Takes the hot bounds of the works at the top of the hot indexes (overall and per kind)
     * at `ref`, where they were taken earlier, until the first `reach` of each are taken at
     * `ref`. A bound taken long ago stays above the score and makes rankings read further;
     * works below the top are never read, so they may keep theirs. Returns the rows moved.
     */
    async refreshHotBounds(ref: Date, reach: number): Promise<number> {
      const stale = or(lt(works.hotAt, ref), and(isNull(works.hotAt), lt(works.publishedAt, ref)));
      const top = (kind: string | null) =>
        sql`(select w.id from works w where w.status = 'approved' and w.hot_score is not null
              ${kind === null ? sql`` : sql`and w.kind = ${kind}`}
             order by w.hot_score desc, w.id desc limit ${reach})`;
      const tops = [top(null), ...workKinds.map((k) => top(k))];
      let moved = 0;
      // Each pass lowers the bounds it takes; works below may rise into the top in their place.
      for (let pass = 0; pass < 50; pass++) {
        const rows = await db
          .update(works)
          .set({ hotAt: ref })
          .where(
            and(
              eq(works.status, 'approved'),
              stale,
              sql`${works.id} in (${sql.join(tops, sql` union `)})`,
            ),
          )
          .returning({ id: works.id });
        moved += rows.length;
        if (rows.length === 0) break;
      }
      return moved;
    },

    /**
     * One query for a page of cards: the work, its counters, and whether the viewer liked,
     * favorited and follows its author. Fetches `limit + 1` rows so the caller knows if more
     * follow. The page is chosen first (an index walk) and the viewer's marks are read for its
     * rows only, so their cost does not grow with how much the viewer has liked.
     */
    async listCards(
      viewerId: number | null,
      filter: CardFilter,
      order: CardOrder,
      after: (string | number)[] | null,
      limit: number,
      ex: Executor = db,
    ): Promise<CardRow[]> {
      const parts = orderParts(order, after);
      const isEntry = order.by === 'entryNew' || order.by === 'entryVotes';
      const inner = {
        ...cardFields,
        votes: isEntry ? campaignEntries.votes : sql<number>`0`.as('votes'),
        // Aliased: an unaliased `published_at::text` would shadow the column in ORDER BY.
        sortRaw: sql`${parts.sortRaw}`.as('sort_raw'),
        k0: sql<string | number>`${parts.sortKey}`.as('sort_k0'),
      };
      const where = and(...filterConditions(filter), ...(parts.keyset ? [parts.keyset] : []));
      const base = ex.select(inner).from(works);
      const joined =
        order.by === 'liked'
          ? base.innerJoin(
              workLikes,
              and(eq(workLikes.workId, works.id), eq(workLikes.userId, order.userId)),
            )
          : order.by === 'favorited'
            ? base.innerJoin(
                workFavorites,
                and(eq(workFavorites.workId, works.id), eq(workFavorites.userId, order.userId)),
              )
            : isEntry
              ? base.innerJoin(
                  campaignEntries,
                  and(eq(campaignEntries.workId, works.id), eq(campaignEntries.cmpId, order.cmpId)),
                )
              : base;
      const page = joined
        .where(where)
        .orderBy(...parts.orderBy)
        .limit(limit + 1)
        .as('page');
      // The marks name their tables by hand and read the page's row as "page".
      const viewer = viewerId ?? 0;
      const mark = (query: SQL) =>
        viewerId ? sql<boolean>`exists(${query})` : sql<boolean>`false`;
      const outer = {
        ...(Object.fromEntries(
          Object.keys(cardFields).map((k) => [k, page[k as keyof typeof cardFields]]),
        ) as { [K in keyof typeof cardFields]: (typeof page)[K] }),
        votes: page.votes,
        k0: page.k0,
        liked: mark(
          sql`select 1 from work_likes l where l.user_id = ${viewer} and l.work_id = "page"."id"`,
        ),
        favorited: mark(
          sql`select 1 from work_favorites l where l.user_id = ${viewer} and l.work_id = "page"."id"`,
        ),
        followed: mark(
          sql`select 1 from follows f where f.follower_id = ${viewer} and f.followee_id = "page"."user_id"`,
        ),
        voted:
          order.by === 'entryNew' || order.by === 'entryVotes'
            ? mark(
                sql`select 1 from campaign_votes v where v.cmp_id = ${order.cmpId} and v.work_id = "page"."id" and v.user_id = ${viewer}`,
              )
            : sql<boolean>`false`,
      };
      const rows = await ex
        .select(outer)
        .from(page)
        .orderBy(sql`"page"."sort_raw" desc`, sql`"page"."id" desc`);
      return rows.map(({ k0, ...row }) => ({
        ...row,
        own: viewerId !== null && row.userId === viewerId,
        votes: Number(row.votes),
        key: [order.by === 'entryVotes' ? Number(k0) : String(k0), row.id],
      })) as CardRow[];
    },
  };
}

export type FeedRepository = ReturnType<typeof createFeedRepository>;
