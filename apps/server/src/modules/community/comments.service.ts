import type { Comment, CursorPage, Reply } from '@lumen/contracts/community';
import { COMMENT_MAX_LENGTH, COMMENT_REPLIES_PREVIEW } from '@lumen/contracts/community';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { UserRow } from '../auth/auth.schema';
import type { CommentListRow, CommentsRepository, PostLimit } from './comments.repository';
import type { WorkRow } from './community.schema';
import { decodeCursor, pageOf } from './cursor';
import type { NotificationsService } from './notifications.service';
import type { WorkCards } from './work-cards';
import type { WorksService } from './works.service';

/** Checks a comment's text (spec §5): trimmed, non-empty, at most 500 characters. */
export function checkCommentText(raw: string): string {
  const text = raw.trim();
  if (text.length === 0) {
    throw new AppError(ErrorCode.invalidParams, 'community.commentEmpty', {}, [
      { field: 'text', message: 'empty' },
    ]);
  }
  // Characters as people count them (code points), not UTF-16 units.
  if ([...text].length > COMMENT_MAX_LENGTH) {
    throw new AppError(ErrorCode.invalidParams, 'community.commentTooLong', {
      max: COMMENT_MAX_LENGTH,
    });
  }
  return text;
}

/**
 * Comments one user may post (replies included): a burst of 5 in any 30 s, and 60 in any hour
 * (docs/decisions/0016-comment-rate-limit.md). Deleted comments still count.
 */
export const COMMENT_POST_LIMITS: PostLimit[] = [
  { max: 5, ms: 30_000 },
  { max: 60, ms: 3_600_000 },
];

/** The wait, in the words that fit its length: seconds up to two minutes, else minutes. */
function tooManyComments(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return seconds <= 120
    ? new AppError(ErrorCode.tooManyRequests, 'community.commentTooFast', { seconds })
    : new AppError(ErrorCode.tooManyRequests, 'community.commentLimitReached', {
        minutes: Math.ceil(seconds / 60),
      });
}

const EXCERPT = 80;
const excerpt = (text: string) =>
  [...text].length > EXCERPT ? `${[...text].slice(0, EXCERPT).join('')}…` : text;

/** Comments with replies, their likes, and who may delete them (spec §3, §5, §6). */
export function createCommentsService(deps: {
  comments: CommentsRepository;
  works: WorksService;
  cards: WorkCards;
  notifications: NotificationsService;
  findBlockedTerm(text: string): Promise<string | null>;
  clock: Clock;
}) {
  const { comments, clock } = deps;

  async function present(
    rows: CommentListRow[],
    work: WorkRow,
    viewer: UserRow | null,
    replies: Map<number, CommentListRow[]>,
  ): Promise<Comment[]> {
    const ids = rows.flatMap((r) => [
      r.userId,
      ...(r.replyToUserId ? [r.replyToUserId] : []),
      ...(replies.get(r.id) ?? []).flatMap((x) => [x.userId, x.replyToUserId ?? x.userId]),
    ]);
    const users = await deps.cards.authorsOf(ids);
    const person = (id: number) => {
      const u = users.get(id);
      return { user_id: id, nickname: u?.nickname ?? '', avatar: u?.avatar ?? '' };
    };
    const one = (r: CommentListRow): Reply => ({
      comment_id: String(r.id),
      work_id: String(r.workId),
      parent_id: r.parentId === null ? null : String(r.parentId),
      reply_to: r.replyToUserId === null ? null : person(r.replyToUserId),
      text: r.text,
      author: person(r.userId),
      like_count: r.likeCount,
      liked: r.liked,
      author_liked: r.authorLiked,
      reply_count: r.replyCount,
      created_at: r.createdAt.toISOString(),
      can_delete: Boolean(viewer && (viewer.id === r.userId || viewer.id === work.userId)),
      replies: [],
    });
    return rows.map((r) => ({ ...one(r), replies: (replies.get(r.id) ?? []).map(one) }));
  }

  async function workOfComment(commentId: number, viewer: UserRow | null) {
    const comment = await comments.findComment(commentId);
    if (!comment) throw notFound();
    const work = await deps.works.getVisible(comment.workId, viewer);
    return { comment, work };
  }

  return {
    /** Top-level comments, newest first, each with its first replies (two queries in all). */
    async list(
      viewer: UserRow | null,
      workId: number,
      cursor: string | undefined,
      limit: number,
    ): Promise<CursorPage<Comment>> {
      const work = await deps.works.getVisible(workId, viewer);
      const after = decodeCursor(cursor, ['s', 'n']) as [string, number] | null;
      const page = pageOf(
        await comments.listTop(workId, viewer?.id ?? null, after, limit),
        limit,
        (r) => r.key,
      );
      const replies = new Map<number, CommentListRow[]>();
      for (const r of await comments.listFirstReplies(
        page.rows.map((r) => r.id),
        viewer?.id ?? null,
        COMMENT_REPLIES_PREVIEW,
      )) {
        replies.set(r.parentId!, [...(replies.get(r.parentId!) ?? []), r]);
      }
      return {
        data: await present(page.rows, work, viewer, replies),
        next_cursor: page.nextCursor,
      };
    },

    async replies(
      viewer: UserRow | null,
      commentId: number,
      cursor: string | undefined,
      limit: number,
    ): Promise<CursorPage<Comment>> {
      const { work } = await workOfComment(commentId, viewer);
      const after = decodeCursor(cursor, ['s', 'n']) as [string, number] | null;
      const page = pageOf(
        await comments.listReplies(commentId, viewer?.id ?? null, after, limit),
        limit,
        (r) => r.key,
      );
      return {
        data: await present(page.rows, work, viewer, new Map()),
        next_cursor: page.nextCursor,
      };
    },

    /**
     * Adds a comment or a reply. Empty or too long: 1001; a blocklisted term: code 10, "review
     * failed, please modify" (spec §5, §8); over COMMENT_POST_LIMITS: 1029 with the wait.
     */
    async create(
      user: UserRow,
      workId: number,
      body: { text: string; parent_id?: string | null | undefined },
    ): Promise<Comment> {
      const text = checkCommentText(body.text);
      const work = await deps.works.getVisible(workId, user);
      if (work.status !== 'approved') throw notFound('community.workNotFound');
      if (!work.allowComments) throw new AppError(ErrorCode.forbidden, 'community.commentsClosed');
      if (await deps.findBlockedTerm(text)) {
        throw new AppError(ErrorCode.commentReviewFailed, 'community.commentReviewFailed');
      }
      let parentId: number | null = null;
      let replyTo: number | null = null;
      if (body.parent_id) {
        const parent = await comments.findComment(Number(body.parent_id));
        if (!parent || parent.workId !== workId) throw notFound();
        parentId = parent.parentId ?? parent.id;
        replyTo = parent.userId;
      }
      const now = clock.now();
      const params = { title: work.title, text: excerpt(text) };
      // The notice commits with the comment: a comment is never kept without it, so a retry
      // after a failure cannot post it twice. It is pushed and mailed after the commit.
      const outcome = await comments.insertComment(
        { workId, userId: user.id, parentId, replyToUserId: replyTo, text, createdAt: now },
        COMMENT_POST_LIMITS,
        (tx, created) =>
          deps.notifications.record(
            [
              {
                userId: replyTo ?? work.userId,
                notifyType: 'interactive',
                subType: replyTo === null ? 'comment' : 'reply',
                actorId: user.id,
                workId,
                commentId: created.id,
                params,
                link: `/w/${workId}?comment=${parentId ?? created.id}`,
              },
            ],
            tx,
          ),
      );
      if (!outcome.posted) throw tooManyComments(outcome.retryAt.getTime() - now.getTime());
      const created = outcome.comment;
      await deps.notifications.deliver(outcome.alongside);
      const [shown] = await present(
        [{ ...created, liked: false, key: ['', created.id] }],
        work,
        user,
        new Map(),
      );
      return shown!;
    },

    /** The comment's author or the work's owner may delete it (spec §6); replies go with it. */
    async delete(user: UserRow, commentId: number): Promise<{ deleted: number }> {
      const comment = await comments.findComment(commentId);
      if (!comment) throw notFound();
      const work = await deps.works.getVisible(comment.workId, user).catch(() => null);
      const owner = work?.userId === user.id;
      if (comment.userId !== user.id && !owner)
        throw new AppError(ErrorCode.forbidden, 'errors.forbidden');
      return { deleted: await comments.deleteComment(commentId) };
    },

    async like(user: UserRow, commentId: number, on: boolean) {
      const { comment, work } = await workOfComment(commentId, user);
      const { changed, count } = await comments.toggleLike(
        user.id,
        commentId,
        on,
        user.id === work.userId,
        clock.now(),
      );
      if (changed && on) {
        await deps.notifications.notify([
          {
            userId: comment.userId,
            notifyType: 'interactive',
            subType: 'comment_like',
            actorId: user.id,
            workId: work.id,
            commentId,
            params: { title: work.title, text: excerpt(comment.text) },
            link: `/w/${work.id}?comment=${comment.parentId ?? comment.id}`,
            dedupeKey: `comment_like:${user.id}:${commentId}`,
          },
        ]);
      }
      return { liked: on, like_count: count };
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
