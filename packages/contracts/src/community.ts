import { z } from 'zod';
import { isoDateTimeSchema, LATEST_TIME_MS } from './time';

/**
 * The community API (spec §1 community, §3, §4 publishing and toggles, §5 comment and report
 * rules): works, feeds, likes, favorites, follows, comments, circles, campaigns, reports and
 * notifications. Ids of works, comments, circles, campaigns, reports and notifications are
 * decimal strings; user ids are numbers, as everywhere else.
 */

export const workKinds = ['image', 'video', '3d'] as const;
export type WorkKind = (typeof workKinds)[number];

/** Publishing (spec §4): submitted → under review → approved (shown) | rejected; hidden by moderators. */
export const workStatuses = ['submitted', 'reviewing', 'approved', 'rejected', 'hidden'] as const;
export type WorkStatus = (typeof workStatuses)[number];

export const feedSorts = ['new', 'hot', 'following'] as const;
export type FeedSort = (typeof feedSorts)[number];

export const WORK_TITLE_MAX = 80;
export const WORK_DESCRIPTION_MAX = 1000;
export const WORK_CIRCLES_MAX = 3;
/** Comment length cap (spec §5 says "length cap (not shown)"; see docs/decisions/0011). */
export const COMMENT_MAX_LENGTH = 500;
export const REPORT_DESCRIPTION_MAX = 500;
export const FEED_PAGE_DEFAULT = 24;
export const FEED_PAGE_MAX = 60;
/** Replies shown under each top-level comment in a comments page. */
export const COMMENT_REPLIES_PREVIEW = 3;
/** Remixes shown on a work's detail. */
export const WORK_REMIXES_PREVIEW = 12;

const idString = z.string().regex(/^[1-9]\d{0,17}$/, 'must be an id');
export const idParamSchema = z.object({ id: idString });
export const userIdParamSchema = z.object({
  user_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** Keyset pagination: an opaque `cursor` from the previous page's `next_cursor`. */
export const cursorQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE_DEFAULT),
});
export type CursorQuery = z.infer<typeof cursorQuerySchema>;

export function cursorPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), next_cursor: z.string().nullable() });
}
export type CursorPage<T> = { data: T[]; next_cursor: string | null };

// ── Works ────────────────────────────────────────────────────────────────────────────────────

export const workAuthorSchema = z.object({
  user_id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  /** Whether the signed-in viewer follows the author (false for visitors). */
  followed: z.boolean(),
});
export type WorkAuthor = z.infer<typeof workAuthorSchema>;

export const workMediaSchema = z.object({
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  mime: z.string(),
  /** A still frame for videos and 3D models; null for images. */
  poster_url: z.string().nullable(),
});

export const workSchema = z.object({
  work_id: z.string(),
  kind: z.enum(workKinds),
  title: z.string(),
  description: z.string(),
  status: z.enum(workStatuses),
  reject_reason: z.string().nullable(),
  media: workMediaSchema,
  author: workAuthorSchema,
  like_count: z.number().int(),
  favorite_count: z.number().int(),
  comment_count: z.number().int(),
  remix_count: z.number().int(),
  liked: z.boolean(),
  favorited: z.boolean(),
  allow_comments: z.boolean(),
  cmp_id: z.string().nullable(),
  circle_ids: z.array(z.string()),
  created_at: z.string(),
  published_at: z.string().nullable(),
  /**
   * When the owner's edit of an approved work's title or description went to review. Only
   * the owner sees it (with their new text as title and description); everyone else sees the
   * approved text and null.
   */
  pending_edit_at: z.string().nullable(),
  /** The prompt the work was made from, for its card's hover; null for a private generation. */
  prompt: z.string().nullable(),
});
export type Work = z.infer<typeof workSchema>;

export const workRefSchema = z.object({
  work_id: z.string(),
  title: z.string(),
  thumb_url: z.string(),
  author: workAuthorSchema,
});

export const workDetailSchema = workSchema.extend({
  prompt: z.string().nullable(),
  negative_prompt: z.string().nullable(),
  /** The generation settings; null when the generation was private. */
  settings: z.record(z.string(), z.unknown()).nullable(),
  task_id: z.string(),
  task_type: z.string(),
  seed: z.number().int().nullable(),
  remix_of: workRefSchema.nullable(),
  remixes: z.array(workSchema),
});
export type WorkDetail = z.infer<typeof workDetailSchema>;

export const publishWorkBodySchema = z.object({
  task_id: z.uuid(),
  output_index: z.number().int().min(0).max(15).default(0),
  title: z.string().trim().min(1).max(WORK_TITLE_MAX),
  description: z.string().trim().max(WORK_DESCRIPTION_MAX).default(''),
  cmp_id: idString.nullish(),
  circle_ids: z.array(idString).max(WORK_CIRCLES_MAX).default([]),
  allow_comments: z.boolean().default(true),
});
export type PublishWorkBody = z.infer<typeof publishWorkBodySchema>;

export const publishWorkResultSchema = z.object({
  work_id: z.string(),
  status: z.enum(workStatuses),
});

export const updateWorkBodySchema = z
  .object({
    title: z.string().trim().min(1).max(WORK_TITLE_MAX),
    description: z.string().trim().max(WORK_DESCRIPTION_MAX),
    allow_comments: z.boolean(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change');
export type UpdateWorkBody = z.infer<typeof updateWorkBodySchema>;

export const exploreQuerySchema = cursorQuerySchema.extend({
  sort: z.enum(feedSorts).default('new'),
  kind: z.enum(workKinds).optional(),
  circle_id: idString.optional(),
  cmp_id: idString.optional(),
});
export type ExploreQuery = z.infer<typeof exploreQuerySchema>;

export const myWorksQuerySchema = cursorQuerySchema.extend({
  status: z.enum(workStatuses).optional(),
});

export const workPageSchema = cursorPageSchema(workSchema);
export type WorkPage = z.infer<typeof workPageSchema>;

export const likeResultSchema = z.object({ liked: z.boolean(), like_count: z.number().int() });
export const favoriteResultSchema = z.object({
  favorited: z.boolean(),
  favorite_count: z.number().int(),
});

// ── People ───────────────────────────────────────────────────────────────────────────────────

export const communityUserSchema = z.object({
  user_id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  bio: z.string(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
  works_count: z.number().int(),
  likes_received: z.number().int(),
  followed: z.boolean(),
  follows_me: z.boolean(),
});
export type CommunityUser = z.infer<typeof communityUserSchema>;

export const personSchema = z.object({
  user_id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  followed: z.boolean(),
  follows_me: z.boolean(),
});
export type Person = z.infer<typeof personSchema>;
export const personPageSchema = cursorPageSchema(personSchema);

export const followResultSchema = z.object({
  followed: z.boolean(),
  followers_count: z.number().int(),
});

// ── Comments ─────────────────────────────────────────────────────────────────────────────────

export const commentAuthorSchema = z.object({
  user_id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
});

const commentFields = {
  comment_id: z.string(),
  work_id: z.string(),
  /** The top-level comment a reply belongs to; replies to replies are kept under the same one. */
  parent_id: z.string().nullable(),
  /** Whom a reply answers (the parent's or the replied reply's author); null for top level. */
  reply_to: commentAuthorSchema.nullable(),
  text: z.string(),
  author: commentAuthorSchema,
  like_count: z.number().int(),
  liked: z.boolean(),
  /** The work's author liked this comment (spec §3 "author-liked mark"). */
  author_liked: z.boolean(),
  reply_count: z.number().int(),
  created_at: z.string(),
  /** The viewer may delete it: the comment's author or the work's owner. */
  can_delete: z.boolean(),
};
export const replySchema = z.object({ ...commentFields, replies: z.array(z.never()) });
export const commentSchema = z.object({ ...commentFields, replies: z.array(replySchema) });
export type Reply = z.infer<typeof replySchema>;
export type Comment = z.infer<typeof commentSchema>;
export const commentPageSchema = cursorPageSchema(commentSchema);

/**
 * Length and blocklist are checked by the server so that the spec's messages come back (empty,
 * too long: 1001; review failed: code 10); the schema only bounds the payload.
 */
export const createCommentBodySchema = z.object({
  text: z.string().max(COMMENT_MAX_LENGTH * 4),
  parent_id: idString.nullish(),
});
export type CreateCommentBody = z.infer<typeof createCommentBodySchema>;

// ── Circles ──────────────────────────────────────────────────────────────────────────────────

/** A stored object's key (`uploads/12/a.png`): the shape the media store accepts. */
const MEDIA_KEY = /^[a-z0-9][a-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)+$/;

/** Whether a cover names a picture: none (''), a web address or path, or a stored object's key. */
export function isCoverReference(cover: string): boolean {
  return cover === '' || /^(https?:)?\/\S*$/.test(cover) || MEDIA_KEY.test(cover);
}

/** A circle's or campaign's cover: a media key or a web address, answered as `cover_url`. */
const coverSchema = z
  .string()
  .trim()
  .max(500)
  .refine(isCoverReference, 'must be a media key or a web address');

export const circleSchema = z.object({
  circle_id: z.string(),
  name: z.string(),
  description: z.string(),
  cover_url: z.string(),
  member_count: z.number().int(),
  work_count: z.number().int(),
  joined: z.boolean(),
});
export type Circle = z.infer<typeof circleSchema>;
export const circleListSchema = z.object({ list: z.array(circleSchema) });
export const joinResultSchema = z.object({ joined: z.boolean(), member_count: z.number().int() });

export const createCircleBodySchema = z.object({
  name: z.string().trim().min(1).max(40),
  description: z.string().trim().max(500).default(''),
  /** An object key in the media store, or an absolute URL. */
  cover: coverSchema.default(''),
});
export const updateCircleBodySchema = z
  .object({
    name: z.string().trim().min(1).max(40),
    description: z.string().trim().max(500),
    cover: coverSchema,
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change');

// ── Campaigns ────────────────────────────────────────────────────────────────────────────────

/** entry = accepting entries; in_progress = voting or judging; past = finished with results. */
export const campaignStatuses = ['entry', 'in_progress', 'past'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];
export const campaignJudgings = ['votes', 'judges'] as const;
export const campaignKinds = ['image', 'video', '3d', 'any'] as const;

export const campaignResultSchema = z.object({
  rank: z.number().int(),
  work: workSchema,
  votes: z.number().int(),
});

export const campaignSchema = z.object({
  cmp_id: z.string(),
  title: z.string(),
  description: z.string(),
  cover_url: z.string(),
  rules: z.string(),
  judging: z.enum(campaignJudgings),
  status: z.enum(campaignStatuses),
  entry_starts_at: z.string(),
  entry_ends_at: z.string(),
  voting_ends_at: z.string(),
  entry_count: z.number().int(),
  kind: z.enum(campaignKinds),
  /** Ranked entries once the campaign is past (votes, or the judges' ranking); else null. */
  results: z.array(campaignResultSchema).nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.object({ list: z.array(campaignSchema) });
export const campaignPageQuerySchema = z.object({
  status: z.enum(campaignStatuses).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});
/** Admins also see campaigns whose entry period has not started ('upcoming'), or all at once. */
export const adminCampaignStatuses = ['upcoming', ...campaignStatuses, 'all'] as const;
export type AdminCampaignStatus = (typeof adminCampaignStatuses)[number];
export const adminCampaignPageQuerySchema = campaignPageQuerySchema.extend({
  status: z.enum(adminCampaignStatuses).default('all'),
});
export const campaignPageSchema = z.object({
  list: z.array(campaignSchema),
  total_count: z.number().int(),
});
export const cmpIdParamSchema = z.object({ cmp_id: idString });
export const campaignEntryParamsSchema = z.object({ cmp_id: idString, work_id: idString });

export const campaignEntriesQuerySchema = cursorQuerySchema.extend({
  sort: z.enum(['new', 'votes']).default('new'),
});
export const campaignEntrySchema = z.object({
  work: workSchema,
  votes: z.number().int(),
  /** The viewer voted for this entry. */
  voted: z.boolean(),
});
export type CampaignEntry = z.infer<typeof campaignEntrySchema>;
export const campaignEntryPageSchema = cursorPageSchema(campaignEntrySchema);

export const enterCampaignBodySchema = z.object({ work_id: idString });
export const enterCampaignResultSchema = z.object({
  cmp_id: z.string(),
  work_id: z.string(),
  entry_count: z.number().int(),
});
export const voteResultSchema = z.object({ voted: z.boolean(), votes: z.number().int() });

/** Campaign dot (spec §3 campaign counts, §4): shown when total exceeds last seen. */
export const campaignDotSchema = z.object({
  total: z.number().int(),
  last_seen: z.number().int(),
  dot: z.boolean(),
});

const isoDateTime = isoDateTimeSchema;
const campaignFields = {
  title: z.string().trim().min(1).max(100),
  description: z.string().trim().max(2000).default(''),
  cover: coverSchema.default(''),
  rules: z.string().trim().max(5000).default(''),
  judging: z.enum(campaignJudgings).default('votes'),
  kind: z.enum(campaignKinds).default('any'),
  entry_starts_at: isoDateTime,
  entry_ends_at: isoDateTime,
  voting_ends_at: isoDateTime,
};
function datesInOrder(b: {
  entry_starts_at?: string;
  entry_ends_at?: string;
  voting_ends_at?: string;
}): boolean {
  const at = [b.entry_starts_at, b.entry_ends_at, b.voting_ends_at];
  if (at.some((d) => d === undefined)) return true;
  const [a, e, v] = at.map((d) => Date.parse(d as string)) as [number, number, number];
  return a < e && e <= v;
}
export const createCampaignBodySchema = z
  .object(campaignFields)
  .refine(datesInOrder, 'entry_starts_at < entry_ends_at <= voting_ends_at');
export type CreateCampaignBody = z.infer<typeof createCampaignBodySchema>;
export const updateCampaignBodySchema = z
  .object({
    title: campaignFields.title,
    description: z.string().trim().max(2000),
    cover: coverSchema,
    rules: z.string().trim().max(5000),
    judging: z.enum(campaignJudgings),
    kind: z.enum(campaignKinds),
    entry_starts_at: isoDateTime,
    entry_ends_at: isoDateTime,
    voting_ends_at: isoDateTime,
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change');
export type UpdateCampaignBody = z.infer<typeof updateCampaignBodySchema>;
export const campaignResultsBodySchema = z.object({
  ranking: z.array(idString).min(1).max(100),
});

// ── Reports ──────────────────────────────────────────────────────────────────────────────────

/** Report reasons (spec §3). */
export const reportReasons = [
  'pornographic',
  'political',
  'superstition',
  'violent',
  'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];

export const createReportBodySchema = z
  .object({
    work_id: idString.optional(),
    comment_id: idString.optional(),
    reasons: z.array(z.enum(reportReasons)).min(1).max(reportReasons.length),
    description: z.string().trim().max(REPORT_DESCRIPTION_MAX).default(''),
  })
  .refine((b) => (b.work_id ? 1 : 0) + (b.comment_id ? 1 : 0) === 1, {
    message: 'give exactly one of work_id and comment_id',
    path: ['work_id'],
  });
export type CreateReportBody = z.infer<typeof createReportBodySchema>;
export const createReportResultSchema = z.object({ report_id: z.string() });

// ── Notifications ────────────────────────────────────────────────────────────────────────────

/** Notification tabs (spec §2): interactive, official, system, notice. */
export const notifyTypes = ['interactive', 'official', 'system', 'notice'] as const;
export type NotifyType = (typeof notifyTypes)[number];
export const notifySubTypes = [
  'like',
  'comment',
  'reply',
  'follow',
  'comment_like',
  'work_approved',
  'work_rejected',
  'work_hidden',
  'edit_approved',
  'edit_rejected',
  'campaign_result',
  'report_resolved',
  'broadcast',
] as const;
export type NotifySubType = (typeof notifySubTypes)[number];

export const unreadCountsSchema = z.object({
  interactive: z.number().int(),
  official: z.number().int(),
  system: z.number().int(),
  notice: z.number().int(),
  total: z.number().int(),
});

/** `GET /prod-api/user/notice/polling?timestamp=<ms>` (spec §4 notice poll, §7). */
export const noticePollingQuerySchema = z.object({
  timestamp: z.coerce.number().int().min(0).max(LATEST_TIME_MS).optional(),
});
export const noticePollingResultSchema = z.object({
  unread: unreadCountsSchema,
  /** Newest notification's time (ms), or null. */
  latest_at: z.number().int().nullable(),
  /** Something arrived after the `timestamp` sent. */
  has_new: z.boolean(),
  /** Server time (ms): send it as `timestamp` on the next poll. */
  timestamp: z.number().int(),
  /** The spec's `result.notices.other`: unread notifications that are not interactive. */
  notices: z.object({ other: z.number().int() }),
});

const allValue = z.union([z.literal(-1), z.literal('-1')]);
/**
 * `POST /capi/notify/queryNotifyList` (spec §7: pageNo 0, pageSize 10, status 0, notifyType -1).
 * Pages count from 1; `pageNo` 0 (what the spec's first call sends) is the first page too, so
 * clients of either convention get page one. -1 means "all" for `status` and `notifyType`.
 */
export const queryNotifyListBodySchema = z.object({
  pageNo: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  status: z.union([z.literal(0), z.literal(1), allValue]).optional(),
  notifyType: z.union([z.enum(notifyTypes), allValue]).optional(),
});
export type QueryNotifyListBody = z.infer<typeof queryNotifyListBodySchema>;

export const notificationItemSchema = z.object({
  id: z.string(),
  notifyType: z.enum(notifyTypes),
  subType: z.enum(notifySubTypes),
  title: z.string(),
  content: z.string(),
  /** 0 = unread (spec §3). */
  readStatus: z.union([z.literal(0), z.literal(1)]),
  actor: commentAuthorSchema.nullable(),
  work: z.object({ work_id: z.string(), thumb_url: z.string() }).nullable(),
  /** Where the item leads in the web app (a path), or ''. */
  link: z.string(),
  createTime: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const queryNotifyListResultSchema = z.object({
  total: z.number().int(),
  resultList: z.array(notificationItemSchema),
});

export const markReadBodySchema = z.object({
  ids: z.array(idString).max(200).optional(),
  notifyType: z.enum(notifyTypes).optional(),
  all: z.boolean().optional(),
});
export const markReadResultSchema = z.object({ updated: z.number().int() });

/** Admin broadcast: an official message or a notice to every active user. */
export const broadcastBodySchema = z.object({
  notifyType: z.enum(['official', 'notice']).default('official'),
  title: z.string().trim().min(1).max(120),
  content: z.string().trim().min(1).max(2000),
  link: z.string().trim().max(500).default(''),
});
export const broadcastResultSchema = z.object({ sent: z.number().int() });

// ── Admin review ─────────────────────────────────────────────────────────────────────────────

export const adminWorksQuerySchema = cursorQuerySchema.extend({
  status: z.enum(workStatuses).default('submitted'),
});
export const rejectWorkBodySchema = z.object({ reason: z.string().trim().min(1).max(500) });
export const reviewResultSchema = z.object({
  work_id: z.string(),
  status: z.enum(workStatuses),
});

/** An approved work's edit waiting for review: the work as the public sees it, the new text. */
export const adminWorkEditSchema = z.object({
  work: workSchema,
  title: z.string(),
  description: z.string(),
  /** Names the version decided on: a decision on an older one is refused. */
  edited_at: z.string(),
});
export type AdminWorkEdit = z.infer<typeof adminWorkEditSchema>;
export const adminWorkEditPageSchema = cursorPageSchema(adminWorkEditSchema);
export const approveEditBodySchema = z.object({ edited_at: isoDateTimeSchema });
export const rejectEditBodySchema = rejectWorkBodySchema.extend(approveEditBodySchema.shape);

export const reportStatuses = ['open', 'resolved'] as const;
export const reportActions = ['dismiss', 'hide_work', 'ban_user'] as const;
export const adminReportsQuerySchema = cursorQuerySchema.extend({
  status: z.enum(reportStatuses).default('open'),
});
export const adminReportSchema = z.object({
  report_id: z.string(),
  target: z.enum(['work', 'comment']),
  work: workSchema.nullable(),
  comment: z
    .object({ comment_id: z.string(), text: z.string(), author: commentAuthorSchema })
    .nullable(),
  reasons: z.array(z.enum(reportReasons)),
  description: z.string(),
  reporter: commentAuthorSchema,
  status: z.enum(reportStatuses),
  action: z.enum(reportActions).nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportPageSchema = cursorPageSchema(adminReportSchema);
export const resolveReportBodySchema = z.object({ action: z.enum(reportActions) });
export const resolveReportResultSchema = z.object({
  report_id: z.string(),
  status: z.enum(reportStatuses),
  action: z.enum(reportActions),
});
export const banUserBodySchema = z.object({ reason: z.string().trim().min(1).max(500) });
export const banUserResultSchema = z.object({ user_id: z.number().int(), status: z.string() });
