import { isCoverReference } from '@lumen/contracts/community';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../lib/event-bus';
import { createAdminReviewService } from './admin-review.service';
import { createCampaignsRepository } from './campaigns.repository';
import { createCampaignsService } from './campaigns.service';
import { createCirclesRepository } from './circles.repository';
import { createCirclesService } from './circles.service';
import { createCommentsRepository } from './comments.repository';
import { createCommentsService } from './comments.service';
import type {
  CommunityMail,
  CommunityMedia,
  CommunityPeople,
  CommunityTasks,
} from './community.ports';
import { createFeedCache } from './feed-cache';
import { createFeedRepository } from './feed.repository';
import { createFeedService } from './feed.service';
import { createHotRanking } from './hot-ranking';
import { createNotificationsRepository } from './notifications.repository';
import { createNotificationsService } from './notifications.service';
import { createReportsRepository } from './reports.repository';
import { createReportsService } from './reports.service';
import { createSocialRepository } from './social.repository';
import { createSocialService } from './social.service';
import { createWorkCards } from './work-cards';
import { createWorksRepository } from './works.repository';
import { createWorksService } from './works.service';

export type CommunityDeps = {
  db: Database;
  people: CommunityPeople;
  tasks: CommunityTasks;
  media: CommunityMedia;
  mail: CommunityMail;
  events: EventBus;
  clock: Clock;
  /** The blocklisted term a text contains (moderation). */
  findBlockedTerm(text: string): Promise<string | null>;
  publicUrl: string;
  log: (err: unknown, message: string) => void;
};

/** Builds the community services on their repositories (wired in app.ts). */
export function createCommunity(deps: CommunityDeps) {
  const { db, clock, people, media } = deps;
  const worksRepository = createWorksRepository(db);
  const feedRepository = createFeedRepository(db);
  const circlesRepository = createCirclesRepository(db);
  const campaignsRepository = createCampaignsRepository(db);
  const commentsRepository = createCommentsRepository(db);
  const reportsRepository = createReportsRepository(db);
  const cards = createWorkCards({ people, media, clock });
  const feedCache = createFeedCache({ clock });
  // A work entering or leaving the feeds shows at once on this node; on others within the TTL.
  const onFeedChanged = () => feedCache.clear();
  // A cover stored before covers were checked, and naming nothing, shows no picture.
  const coverUrl = async (cover: string) =>
    !cover || /^(https?:)?\//.test(cover)
      ? cover
      : isCoverReference(cover)
        ? media.urlFor(cover)
        : '';

  const notifications = createNotificationsService({
    repository: createNotificationsRepository(db),
    people,
    cards,
    events: deps.events,
    mail: deps.mail,
    clock,
    publicUrl: deps.publicUrl,
    findWorks: (ids) => worksRepository.listByIds(ids),
    log: deps.log,
  });
  const works = createWorksService({
    works: worksRepository,
    feed: feedRepository,
    circles: circlesRepository,
    campaigns: campaignsRepository,
    cards,
    people,
    tasks: deps.tasks,
    media,
    findBlockedTerm: deps.findBlockedTerm,
    onFeedChanged,
    clock,
  });
  return {
    cards,
    works,
    notifications,
    feed: createFeedService({
      feed: feedRepository,
      cards,
      hot: createHotRanking(feedRepository),
      cache: feedCache,
      clock,
    }),
    social: createSocialService({
      social: createSocialRepository(db),
      works: worksRepository,
      people,
      notifications,
      clock,
    }),
    comments: createCommentsService({
      comments: commentsRepository,
      works,
      cards,
      notifications,
      findBlockedTerm: deps.findBlockedTerm,
      clock,
    }),
    circles: createCirclesService({ circles: circlesRepository, coverUrl, clock }),
    campaigns: createCampaignsService({
      campaigns: campaignsRepository,
      works: worksRepository,
      feed: feedRepository,
      cards,
      notifications,
      coverUrl,
      clock,
    }),
    reports: createReportsService({
      reports: reportsRepository,
      comments: commentsRepository,
      works,
      feed: feedRepository,
      cards,
      people,
      clock,
    }),
    adminReview: createAdminReviewService({
      works: worksRepository,
      feed: feedRepository,
      cards,
      campaigns: campaignsRepository,
      comments: commentsRepository,
      reports: reportsRepository,
      people,
      notifications,
      onFeedChanged,
      clock,
    }),
  };
}

export type Community = ReturnType<typeof createCommunity>;
