import type { CursorPage, ExploreQuery, Work, WorkStatus } from '@lumen/contracts/community';
import { AppError } from '../../lib/app-error';
import { ErrorCode } from '@lumen/contracts/error-codes';
import type { Clock } from '../../lib/clock';
import { decodeCursor, encodeCursor } from './cursor';
import type { CardFilter, CardOrder, FeedRepository } from './feed.repository';
import type { HotRanking } from './hot-ranking';
import type { WorkCards } from './work-cards';

const timeKey: ('s' | 'n')[] = ['s', 'n'];

/** The public feeds and personal lists of works, all keyset-paginated (spec §1 community). */
export function createFeedService(deps: {
  feed: FeedRepository;
  cards: WorkCards;
  hot: HotRanking;
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

  return {
    page,

    /** Explore: approved works, newest, hot (time-decayed) or from people the viewer follows. */
    async explore(viewerId: number | null, q: ExploreQuery): Promise<CursorPage<Work>> {
      const filter: CardFilter = {
        status: 'approved',
        ...(q.kind ? { kind: q.kind } : {}),
        ...(q.circle_id ? { circleId: Number(q.circle_id) } : {}),
        ...(q.cmp_id ? { cmpId: Number(q.cmp_id) } : {}),
      };
      if (q.sort === 'following') {
        if (viewerId === null) throw new AppError(ErrorCode.loginRequired, 'errors.loginRequired');
        return page(
          viewerId,
          { ...filter, followedBy: viewerId },
          { by: 'published' },
          q.cursor,
          q.limit,
        );
      }
      if (q.sort === 'new') return page(viewerId, filter, { by: 'published' }, q.cursor, q.limit);
      // Hot pages rank at the instant of the first page, carried in the cursor, so the order
      // stays put while the reader scrolls.
      const hot = decodeCursor(q.cursor, ['s', 'n', 'n']);
      const at = hot ? new Date(hot[0] as string) : deps.hot.instantOf(deps.clock.now());
      if (Number.isNaN(at.getTime())) {
        throw new AppError(ErrorCode.invalidParams, 'errors.invalidParams');
      }
      const rest = deps.hot.after(
        await deps.hot.ranking(filter, at),
        hot ? [hot[1] as number, hot[2] as number] : null,
      );
      const slice = rest.slice(0, q.limit);
      const rows = await feed.listCards(
        viewerId,
        { ...filter, ids: slice.map((e) => e.id) },
        { by: 'published' },
        null,
        slice.length,
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      const data = await cards.toWorks(slice.flatMap((e) => byId.get(e.id) ?? []));
      const last = slice[slice.length - 1];
      return {
        data,
        next_cursor:
          rest.length > q.limit && last
            ? encodeCursor([at.toISOString(), last.score, last.id])
            : null,
      };
    },

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
