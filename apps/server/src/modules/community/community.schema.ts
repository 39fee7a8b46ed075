import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';
import { tasks } from '../generation/generation.schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The hot score (docs/decisions/0011-community.md) of a work at `instant`: its engagement, a
 * comment counting twice, over its age in hours plus two to the power 1.5. The one definition
 * behind the stored bound (`works.hot_score`) and the ranking, so both round alike.
 */
export const hotScoreAt = (instant: SQL) =>
  sql<number>`((like_count + 2 * comment_count + favorite_count + 1)::float8 / power(greatest(extract(epoch from (${instant} - published_at))::float8 / 3600.0, 0) + 2, 1.5))`;
const userRef = (name = 'user_id') =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A published generation output (spec §4 publishing): submitted → reviewing → approved |
 * rejected, or hidden by a moderator. Counters are kept in the same transaction as the toggle
 * that moves them (docs/decisions/0011-community.md).
 */
export const works = pgTable(
  'works',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    outputIdx: integer('output_idx').notNull(),
    /** 'image' | 'video' | '3d' */
    kind: text('kind').notNull(),
    /** What the community shows: the output, or its `_wm` twin when the author's plan says so. */
    mediaKey: text('media_key').notNull(),
    thumbKey: text('thumb_key'),
    mime: text('mime').notNull(),
    width: integer('width'),
    height: integer('height'),
    taskType: text('task_type').notNull(),
    seed: bigint('seed', { mode: 'number' }),
    /** The generation settings when published; null when the generation was private. */
    settings: jsonb('settings').$type<Record<string, unknown>>(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /**
     * An edit of an approved work waiting for review: the public keeps the approved title and
     * description until a moderator approves these.
     */
    pendingTitle: text('pending_title'),
    pendingDescription: text('pending_description'),
    pendingEditAt: ts('pending_edit_at'),
    allowComments: boolean('allow_comments').notNull().default(true),
    status: text('status').notNull(),
    rejectReason: text('reject_reason'),
    cmpId: bigint('cmp_id', { mode: 'number' }).references(() => campaigns.id, {
      onDelete: 'set null',
    }),
    circleIds: bigint('circle_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    remixOf: bigint('remix_of', { mode: 'number' }).references((): AnyPgColumn => works.id, {
      onDelete: 'set null',
    }),
    likeCount: integer('like_count').notNull().default(0),
    favoriteCount: integer('favorite_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    remixCount: integer('remix_count').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    /** When it was first approved; the public feeds order by it. */
    publishedAt: ts('published_at'),
    updatedAt: ts('updated_at').notNull(),
    /**
     * The instant `hot_score` is taken at: moved forward by the hourly refresh only; null means
     * at publication. Never later than a ranking instant it serves (see `rankHot`).
     */
    hotAt: ts('hot_at'),
    /**
     * The hot score at `hot_at`. The score only falls as time passes, so for any later instant
     * this is an upper bound that the ranking walks down an index (docs/decisions/0030-hot-score.md).
     * PostgreSQL recomputes it in the same row update that moves a counter.
     */
    hotScore: doublePrecision('hot_score').generatedAlwaysAs((): SQL =>
      hotScoreAt(sql`coalesce(hot_at, published_at)`),
    ),
  },
  (t) => [
    // Ascending on purpose: scanned backwards they serve `ORDER BY … DESC` (NULLS FIRST), which
    // an index declared DESC (NULLS LAST, as Drizzle writes it) would not.
    uniqueIndex('works_output_uq').on(t.taskId, t.outputIdx),
    index('works_feed_idx')
      .on(t.publishedAt, t.id)
      .where(sql`${t.status} = 'approved'`),
    index('works_kind_feed_idx')
      .on(t.kind, t.publishedAt, t.id)
      .where(sql`${t.status} = 'approved'`),
    index('works_cmp_feed_idx')
      .on(t.cmpId, t.publishedAt, t.id)
      .where(sql`${t.status} = 'approved'`),
    index('works_hot_idx')
      .on(t.hotScore, t.id)
      .where(sql`${t.status} = 'approved'`),
    index('works_kind_hot_idx')
      .on(t.kind, t.hotScore, t.id)
      .where(sql`${t.status} = 'approved'`),
    index('works_hot_at_idx')
      .on(t.hotAt)
      .where(sql`${t.status} = 'approved' and ${t.hotAt} is not null`),
    index('works_user_feed_idx').on(t.userId, t.createdAt, t.id),
    index('works_review_idx').on(t.status, t.createdAt, t.id),
    index('works_pending_edit_idx')
      .on(t.pendingEditAt, t.id)
      .where(sql`${t.pendingEditAt} is not null`),
    index('works_circles_idx').using('gin', t.circleIds),
    index('works_remix_idx')
      .on(t.remixOf, t.publishedAt, t.id)
      .where(sql`${t.remixOf} is not null`),
  ],
);

export const workLikes = pgTable(
  'work_likes',
  {
    userId: userRef(),
    workId: bigint('work_id', { mode: 'number' })
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.workId] }),
    index('work_likes_work_idx').on(t.workId),
    index('work_likes_user_time_idx').on(t.userId, t.createdAt, t.workId),
  ],
);

export const workFavorites = pgTable(
  'work_favorites',
  {
    userId: userRef(),
    workId: bigint('work_id', { mode: 'number' })
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.workId] }),
    index('work_favorites_work_idx').on(t.workId),
    index('work_favorites_user_time_idx').on(t.userId, t.createdAt, t.workId),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: userRef('follower_id'),
    followeeId: userRef('followee_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId, t.createdAt, t.followerId),
    index('follows_follower_time_idx').on(t.followerId, t.createdAt, t.followeeId),
  ],
);

/** Follower and following counts, kept with the follow toggle. */
export const communityUserStats = pgTable('community_user_stats', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  followersCount: integer('followers_count').notNull().default(0),
  followingCount: integer('following_count').notNull().default(0),
});

/** Comments and their replies; a reply always hangs under a top-level comment. */
export const comments = pgTable(
  'comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workId: bigint('work_id', { mode: 'number' })
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    userId: userRef(),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    replyToUserId: bigint('reply_to_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    text: text('text').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    authorLiked: boolean('author_liked').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('comments_top_idx')
      .on(t.workId, t.createdAt, t.id)
      .where(sql`${t.parentId} is null`),
    index('comments_replies_idx').on(t.parentId, t.createdAt, t.id),
  ],
);

/**
 * When each comment was posted, kept apart from the comments so that deleting one does not
 * give its place in the posting limit back (the redeem-failure log works the same way).
 */
export const commentPosts = pgTable(
  'comment_posts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('comment_posts_user_idx').on(t.userId, t.createdAt)],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    userId: userRef(),
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.commentId] }),
    index('comment_likes_comment_idx').on(t.commentId),
  ],
);

/** Admin-created topic groups people join and publish into. */
export const circles = pgTable('circles', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  cover: text('cover').notNull().default(''),
  memberCount: integer('member_count').notNull().default(0),
  createdAt: ts('created_at').notNull(),
});

export const circleMembers = pgTable(
  'circle_members',
  {
    circleId: bigint('circle_id', { mode: 'number' })
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: userRef(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.circleId, t.userId] }),
    index('circle_members_user_idx').on(t.userId),
  ],
);

/**
 * Campaigns: the status follows the dates (entry → in_progress → past); `judging` says whether
 * users vote or judges rank.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    cover: text('cover').notNull().default(''),
    rules: text('rules').notNull().default(''),
    /** 'votes' | 'judges' */
    judging: text('judging').notNull(),
    /** 'image' | 'video' | '3d' | 'any' */
    kind: text('kind').notNull(),
    entryStartsAt: ts('entry_starts_at').notNull(),
    entryEndsAt: ts('entry_ends_at').notNull(),
    votingEndsAt: ts('voting_ends_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('campaigns_start_idx').on(t.entryStartsAt, t.id)],
);

export const campaignEntries = pgTable(
  'campaign_entries',
  {
    cmpId: bigint('cmp_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    workId: bigint('work_id', { mode: 'number' })
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    votes: integer('votes').notNull().default(0),
    /** The judges' place (judging 'judges'), set by an admin. */
    judgeRank: integer('judge_rank'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cmpId, t.workId] }),
    uniqueIndex('campaign_entries_work_uq').on(t.workId),
    index('campaign_entries_votes_idx').on(t.cmpId, t.votes, t.workId),
    index('campaign_entries_new_idx').on(t.cmpId, t.createdAt, t.workId),
  ],
);

export const campaignVotes = pgTable(
  'campaign_votes',
  {
    cmpId: bigint('cmp_id', { mode: 'number' }).notNull(),
    workId: bigint('work_id', { mode: 'number' }).notNull(),
    userId: userRef(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cmpId, t.workId, t.userId] })],
);

/** The campaign count each user last saw (spec §3 campaign counts: total and last seen). */
export const campaignSeen = pgTable('campaign_seen', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeen: integer('last_seen').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const reports = pgTable(
  'reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reporterId: userRef('reporter_id'),
    workId: bigint('work_id', { mode: 'number' }).references(() => works.id, {
      onDelete: 'cascade',
    }),
    commentId: bigint('comment_id', { mode: 'number' }).references(() => comments.id, {
      onDelete: 'set null',
    }),
    /** The reported comment's text when it was reported (it may be deleted meanwhile). */
    commentText: text('comment_text'),
    commentAuthorId: bigint('comment_author_id', { mode: 'number' }),
    reasons: text('reasons').array().notNull(),
    description: text('description').notNull().default(''),
    /** 'open' | 'resolved' */
    status: text('status').notNull().default('open'),
    action: text('action'),
    resolvedBy: bigint('resolved_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [index('reports_queue_idx').on(t.status, t.createdAt, t.id)],
);

export type NotificationParams = Record<string, string | number>;

/**
 * One row per recipient (fan-out on write). `dedupeKey` keeps repeated like/unlike toggles and
 * re-follows from notifying twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    /** 'interactive' | 'official' | 'system' | 'notice' */
    notifyType: text('notify_type').notNull(),
    subType: text('sub_type').notNull(),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    workId: bigint('work_id', { mode: 'number' }).references(() => works.id, {
      onDelete: 'set null',
    }),
    commentId: bigint('comment_id', { mode: 'number' }),
    params: jsonb('params').$type<NotificationParams>().notNull(),
    link: text('link').notNull().default(''),
    dedupeKey: text('dedupe_key'),
    /**
     * The e-mail notice setting whose digest this notice waits for (decision 0018); null once
     * mailed, or when it is not mailed at all.
     */
    mailPending: text('mail_pending'),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_mail_pending_idx')
      .on(t.userId, t.mailPending)
      .where(sql`${t.mailPending} is not null`),
    index('notifications_unread_idx')
      .on(t.userId, t.notifyType)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_dedupe_uq')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);

export type WorkRow = typeof works.$inferSelect;
export type NewWorkRow = typeof works.$inferInsert;
export type CommentRow = typeof comments.$inferSelect;
export type CircleRow = typeof circles.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * When each user was last e-mailed for each e-mail notice setting (decision 0018): within
 * NOTICE_MAIL_WINDOW_MS of it, further notices of that kind wait for one digest.
 */
export const noticeMailWindows = pgTable(
  'notice_mail_windows',
  {
    userId: userRef(),
    setting: text('setting').notNull(),
    lastSentAt: ts('last_sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.setting] })],
);
