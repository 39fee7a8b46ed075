import type {
  AdminReport,
  CreateReportBody,
  CursorPage,
  ReportReason,
} from '@lumen/contracts/community';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { UserRow } from '../auth/auth.schema';
import type { CommentsRepository } from './comments.repository';
import type { CommunityPeople } from './community.ports';
import { decodeCursor, pageOf } from './cursor';
import type { FeedRepository } from './feed.repository';
import type { ReportsRepository } from './reports.repository';
import type { WorkCards } from './work-cards';
import type { WorksService } from './works.service';

/**
 * Reports (spec §3, §5): at least one known reason; stored for the moderators' queue. The
 * reported work stays visible until a moderator acts.
 */
export function createReportsService(deps: {
  reports: ReportsRepository;
  comments: CommentsRepository;
  works: WorksService;
  feed: FeedRepository;
  cards: WorkCards;
  people: CommunityPeople;
  clock: Clock;
}) {
  const { reports, clock } = deps;

  return {
    async create(user: UserRow, body: CreateReportBody): Promise<{ report_id: string }> {
      let workId: number | null = null;
      let comment: { id: number; text: string; userId: number } | null = null;
      if (body.comment_id) {
        const found = await deps.comments.findComment(Number(body.comment_id));
        if (!found) throw notFound();
        await deps.works.getVisible(found.workId, user);
        comment = found;
        workId = found.workId;
      } else if (body.work_id) {
        workId = (await deps.works.getVisible(Number(body.work_id), user)).id;
      }
      const row = await reports.insert({
        reporterId: user.id,
        workId,
        commentId: comment?.id ?? null,
        commentText: comment?.text ?? null,
        commentAuthorId: comment?.userId ?? null,
        reasons: [...new Set(body.reasons)],
        description: body.description,
        createdAt: clock.now(),
      });
      return { report_id: String(row.id) };
    },

    async list(
      status: 'open' | 'resolved',
      cursor: string | undefined,
      limit: number,
    ): Promise<CursorPage<AdminReport>> {
      const after = decodeCursor(cursor, ['s', 'n']) as [string, number] | null;
      const page = pageOf(await reports.list(status, after, limit), limit, (r) => r.key);
      const workIds = [...new Set(page.rows.flatMap((r) => (r.workId ? [r.workId] : [])))];
      const works = new Map(
        (
          await deps.cards.toWorks(
            await deps.feed.listCards(
              null,
              { ids: workIds },
              { by: 'created' },
              null,
              workIds.length,
            ),
          )
        ).map((w) => [Number(w.work_id), w]),
      );
      const people = await deps.cards.authorsOf(
        page.rows.flatMap((r) => [r.reporterId, ...(r.commentAuthorId ? [r.commentAuthorId] : [])]),
      );
      const person = (id: number) => ({
        user_id: id,
        nickname: people.get(id)?.nickname ?? '',
        avatar: people.get(id)?.avatar ?? '',
      });
      return {
        data: page.rows.map((r) => ({
          report_id: String(r.id),
          target: r.commentText !== null ? 'comment' : 'work',
          work: (r.workId && works.get(r.workId)) || null,
          comment:
            r.commentText !== null && r.commentAuthorId !== null
              ? {
                  comment_id: String(r.commentId ?? ''),
                  text: r.commentText,
                  author: person(r.commentAuthorId),
                }
              : null,
          reasons: r.reasons as ReportReason[],
          description: r.description,
          reporter: person(r.reporterId),
          status: r.status as 'open' | 'resolved',
          action: (r.action as AdminReport['action']) ?? null,
          created_at: r.createdAt.toISOString(),
          resolved_at: r.resolvedAt?.toISOString() ?? null,
        })),
        next_cursor: page.nextCursor,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
