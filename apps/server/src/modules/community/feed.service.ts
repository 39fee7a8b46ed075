import type { CursorPage, ExploreQuery, Work, WorkStatus } from '@lumen/contracts/community';
import { AppError } from '../../lib/app-error';
import { ErrorCode } from '@lumen/contracts/error-codes';
import type { Clock } from '../../lib/clock';
import { decodeCursor, encodeCursor } from './cursor';
import type { CardFilter, CardOrder, FeedRepository } from './feed.repository';
import type { WorkCards } from './work-cards';

const timeKey: ('s' | 'n')[] = ['s', 'n'];

/** The public feeds and personal lists of works, all keyset-paginated (spec §1 community). */
export function createFeedService(deps: { feed: FeedRepository; cards: WorkCards; clock: Clock }) {
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
      const at = hot ? new Date(hot[0] as string) : deps.clock.now();
      if (Number.isNaN(at.getTime())) {
        throw new AppError(ErrorCode.invalidParams, 'errors.invalidParams');
      }
      const rows = await feed.listCards(
        viewerId,
        filter,
        { by: 'hot', at },
        hot ? hot.slice(1) : null,
        q.limit,
      );
      const result = await cards.toPage(rows, q.limit);
      const last = rows[q.limit - 1];
      return {
        data: result.data,
        next_cursor:
          result.next_cursor && last ? encodeCursor([at.toISOString(), ...last.key]) : null,
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
