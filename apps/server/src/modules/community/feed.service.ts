import type { CursorPage, ExploreQuery, Work, WorkStatus } from '@lumen/contracts/community';
import { AppError } from '../../lib/app-error';
import { ErrorCode } from '@lumen/contracts/error-codes';
import type { Clock } from '../../lib/clock';
import { requestOrigin } from '../../lib/request-origin';
import { decodeCursor, encodeCursor, pageOf } from './cursor';
import { tagOf, type FeedCache, type SharedPage } from './feed-cache';
import type { CardFilter, CardOrder, FeedRepository } from './feed.repository';
import type { HotRanking } from './hot-ranking';
import type { WorkCards } from './work-cards';

const timeKey: ('s' | 'n')[] = ['s', 'n'];

function exploreFilter(q: ExploreQuery): CardFilter {
  return {
    status: 'approved',
    ...(q.kind ? { kind: q.kind } : {}),
    ...(q.circle_id ? { circleId: Number(q.circle_id) } : {}),
    ...(q.cmp_id ? { cmpId: Number(q.cmp_id) } : {}),
  };
}

/** The public feeds and personal lists of works, all keyset-paginated (spec §1 community). */
export function createFeedService(deps: {
  feed: FeedRepository;
  cards: WorkCards;
  hot: HotRanking;
  cache: FeedCache;
  clock: Clock;
}) {
  const { feed, cards } = deps;

  async function page(
    viewerId: number | null,
    filter: CardFilter,
    order: CardOrder,
    cursor: string | undefined,
    limit: number,
  ): Promise<CursorPage<Work>> {
    const after = decodeCursor(cursor, order.by === 'entryVotes' ? ['n', 'n'] : timeKey);
    const rows = await feed.listCards(viewerId, filter, order, after, limit);
    return cards.toPage(rows, limit);
  }

  /** A new or hot explore page as a visitor sees it, with the rows behind its cards. */
  async function visitorPage(
    q: ExploreQuery,
    instant: Date | null,
  ): Promise<Omit<SharedPage, 'tag'>> {
    const filter = exploreFilter(q);
    if (q.sort === 'new') {
      const after = decodeCursor(q.cursor, timeKey);
      const rows = await feed.listCards(null, filter, { by: 'published' }, after, q.limit);
      const paged = pageOf(rows, q.limit, (r) => r.key);
      return {
        page: { data: await cards.toWorks(paged.rows), next_cursor: paged.nextCursor },
        rows: paged.rows,
      };
    }
    // Hot pages rank at the instant of the first page, carried in the cursor, so the order
    // stays put while the reader scrolls.
    const hot = decodeCursor(q.cursor, ['s', 'n', 'n']);
    const at = hot ? new Date(hot[0] as string) : (instant ?? deps.hot.instantOf(deps.clock.now()));
    if (Number.isNaN(at.getTime())) {
      throw new AppError(ErrorCode.invalidParams, 'errors.invalidParams');
    }
    const rest = deps.hot.after(
      await deps.hot.ranking(filter, at),
      hot ? [hot[1] as number, hot[2] as number] : null,
    );
    const slice = rest.slice(0, q.limit);
    const found = await feed.listCards(
      null,
      { ...filter, ids: slice.map((e) => e.id) },
      { by: 'published' },
      null,
      slice.length,
    );
    const byId = new Map(found.map((r) => [r.id, r]));
    const rows = slice.flatMap((e) => byId.get(e.id) ?? []);
    const last = slice[slice.length - 1];
    return {
      page: {
        data: await cards.toWorks(rows),
        next_cursor:
          rest.length > q.limit && last
            ? encodeCursor([at.toISOString(), last.score, last.id])
            : null,
      },
      rows,
    };
  }

  /**
   * A shared page as `viewerId` sees it, from one more query: their likes, favorites and
   * follows, the counts as they are now (so their own like shows in them), their own edit
   * waiting for review in place of the approved text, and without works hidden since.
   */
  async function markFor(viewerId: number, shared: SharedPage): Promise<CursorPage<Work>> {
    const marks = await feed.listViewerMarks(
      viewerId,
      shared.rows.map((r) => r.id),
    );
    const data = shared.page.data.flatMap((work, i) => {
      const row = shared.rows[i]!;
      const now = marks.get(row.id);
      if (!now) return [];
      const edited = row.userId === viewerId ? row.pendingEditAt : null;
      return {
        ...work,
        like_count: now.likeCount,
        favorite_count: now.favoriteCount,
        comment_count: now.commentCount,
        remix_count: now.remixCount,
        liked: now.liked,
        favorited: now.favorited,
        author: { ...work.author, followed: now.followed },
        ...(edited
          ? {
              title: row.pendingTitle ?? row.title,
              description: row.pendingDescription ?? row.description,
              pending_edit_at: edited.toISOString(),
            }
          : {}),
      };
    });
    return { data, next_cursor: shared.page.next_cursor };
  }

  return {
    page,

    /**
     * Explore: approved works, newest, hot (time-decayed) or from people the viewer follows.
     * New and hot pages are read once per query for everyone (a short shared cache) and the
     * viewer's marks are laid over them; `tag` is the answer's entity tag.
     */
    async explore(
      viewerId: number | null,
      q: ExploreQuery,
    ): Promise<{ page: CursorPage<Work>; tag: string }> {
      if (q.sort === 'following') {
        if (viewerId === null) throw new AppError(ErrorCode.loginRequired, 'errors.loginRequired');
        const following = await page(
          viewerId,
          { ...exploreFilter(q), followedBy: viewerId },
          { by: 'published' },
          q.cursor,
          q.limit,
        );
        return { page: following, tag: tagOf(following) };
      }
      // A first hot page ranks at the current instant, which is then part of what it shows.
      const instant = q.sort === 'hot' && !q.cursor ? deps.hot.instantOf(deps.clock.now()) : null;
      // Media URLs name the origin the request came in at when no PUBLIC_URL is set: a page
      // made for one origin is never shown to a request from another.
      const key = JSON.stringify([
        requestOrigin() ?? null,
        q.sort,
        q.kind,
        q.circle_id,
        q.cmp_id,
        q.cursor,
        q.limit,
        instant?.getTime(),
      ]);
      const shared = await deps.cache.get(key, async () => {
        const read = await visitorPage(q, instant);
        return { ...read, tag: tagOf(read.page) };
      });
      if (viewerId === null) return { page: shared.page, tag: shared.tag };
      const personal = await markFor(viewerId, shared);
      return { page: personal, tag: tagOf(personal) };
    },

    /** The hourly upkeep of the stored hot bounds (see `HotRanking.refreshBounds`). */
    refreshHotBounds: () => deps.hot.refreshBounds(deps.clock.now()),

    /** Forgets the shared explore pages (a work entered or left the feeds). */
    forgetShared: () => deps.cache.clear(),

    mine(
      userId: number,
      status: WorkStatus | undefined,
      cursor: string | undefined,
      limit: number,
    ) {
      return page(
        userId,
        { userId, ...(status ? { status } : {}) },
        { by: 'created' },
        cursor,
        limit,
      );
    },

    userWorks(viewerId: number | null, userId: number, cursor: string | undefined, limit: number) {
      return page(viewerId, { userId, status: 'approved' }, { by: 'created' }, cursor, limit);
    },

    userLikes(viewerId: number | null, userId: number, cursor: string | undefined, limit: number) {
      return page(viewerId, { status: 'approved' }, { by: 'liked', userId }, cursor, limit);
    },

    favorites(userId: number, cursor: string | undefined, limit: number) {
      return page(userId, { status: 'approved' }, { by: 'favorited', userId }, cursor, limit);
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
