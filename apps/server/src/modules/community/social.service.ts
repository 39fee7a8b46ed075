import type { CommunityUser, CursorPage, Person } from '@lumen/contracts/community';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { UserRow } from '../auth/auth.schema';
import type { CommunityPeople } from './community.ports';
import { decodeCursor, pageOf } from './cursor';
import type { NotificationsService } from './notifications.service';
import type { SocialRepository } from './social.repository';
import type { WorksRepository } from './works.repository';
import { workNotFound } from './works.service';

/** Likes, favorites, follows and people pages (spec §4 toggles). */
export function createSocialService(deps: {
  social: SocialRepository;
  works: WorksRepository;
  people: CommunityPeople;
  notifications: NotificationsService;
  clock: Clock;
}) {
  const { social, clock } = deps;

  async function approvedWork(workId: number) {
    const work = await deps.works.findWork(deps.works.db, workId);
    if (!work || work.status !== 'approved') throw workNotFound();
    return work;
  }

  async function activeUser(userId: number): Promise<UserRow> {
    const [user] = await deps.people.listByIds([userId]);
    if (!user || user.status !== 'active') throw notFound();
    return user;
  }

  return {
    /** Idempotent: a second like changes nothing; the owner hears of the first one only. */
    async like(user: UserRow, workId: number, on: boolean) {
      const work = await approvedWork(workId);
      const { changed, count } = await social.toggleLike(user.id, workId, on, clock.now());
      if (changed && on) {
        await deps.notifications.notify([
          {
            userId: work.userId,
            notifyType: 'interactive',
            subType: 'like',
            actorId: user.id,
            workId,
            params: { title: work.title, text: work.title },
            link: `/w/${workId}`,
            dedupeKey: `like:${user.id}:${workId}`,
          },
        ]);
      }
      return { liked: on, like_count: count };
    },

    async favorite(user: UserRow, workId: number, on: boolean) {
      await approvedWork(workId);
      const { count } = await social.toggleFavorite(user.id, workId, on, clock.now());
      return { favorited: on, favorite_count: count };
    },

    async follow(user: UserRow, targetId: number, on: boolean) {
      if (targetId === user.id) {
        throw new AppError(ErrorCode.invalidParams, 'community.cannotFollowSelf');
      }
      await activeUser(targetId);
      const { changed, count } = await social.toggleFollow(user.id, targetId, on, clock.now());
      if (changed && on) {
        await deps.notifications.notify([
          {
            userId: targetId,
            notifyType: 'interactive',
            subType: 'follow',
            actorId: user.id,
            link: `/u/${user.id}`,
            dedupeKey: `follow:${user.id}`,
          },
        ]);
      }
      return { followed: on, followers_count: count };
    },

    async profile(viewer: UserRow | null, userId: number): Promise<CommunityUser> {
      const user = await activeUser(userId);
      const [stats, totals, bio, relation] = await Promise.all([
        social.stats(userId),
        deps.works.authorTotals(userId),
        deps.people.bioOf(userId),
        viewer ? social.relation(viewer.id, userId) : { followed: false, followsMe: false },
      ]);
      return {
        user_id: user.id,
        nickname: user.nickname,
        avatar: user.avatar,
        bio,
        followers_count: stats.followers,
        following_count: stats.following,
        works_count: totals.works,
        likes_received: totals.likes,
        followed: relation.followed,
        follows_me: relation.followsMe,
      };
    },

    async people(
      viewer: UserRow | null,
      userId: number,
      which: 'followers' | 'following' | 'friends',
      cursor: string | undefined,
      limit: number,
    ): Promise<CursorPage<Person>> {
      await activeUser(userId);
      const after = decodeCursor(cursor, ['s', 'n']) as [string, number] | null;
      const rows = await social.listPeople(userId, which, viewer?.id ?? null, after, limit);
      const page = pageOf(rows, limit, (r) => [r.at, r.userId]);
      const users = new Map(
        (await deps.people.listByIds(page.rows.map((r) => r.userId))).map((u) => [u.id, u]),
      );
      return {
        data: page.rows.map((r) => ({
          user_id: r.userId,
          nickname: users.get(r.userId)?.nickname ?? '',
          avatar: users.get(r.userId)?.avatar ?? '',
          followed: r.followed,
          follows_me: r.followsMe,
        })),
        next_cursor: page.nextCursor,
      };
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
