import type { AdminWorkEdit, CursorPage, WorkStatus } from '@lumen/contracts/community';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { UserRow } from '../auth/auth.schema';
import { campaignStatusAt } from './campaign-status';
import type { CampaignsRepository } from './campaigns.repository';
import type { CommentsRepository } from './comments.repository';
import type { CommunityPeople } from './community.ports';
import type { WorkRow } from './community.schema';
import type { NewNotice, NotificationsService } from './notifications.service';
import type { ReportsRepository } from './reports.repository';
import type { WorksRepository } from './works.repository';
import { decodeCursor, pageOf } from './cursor';
import type { FeedRepository } from './feed.repository';
import type { WorkCards } from './work-cards';
import { pendingEditAsText, workNotFound } from './works.service';

type Review = 'approve' | 'reject' | 'hide' | 'review';

/** Which states each moderator action may start from, and where it leads. */
const reviewMoves: Record<Review, { from: WorkStatus[]; to: WorkStatus }> = {
  review: { from: ['submitted'], to: 'reviewing' },
  approve: { from: ['submitted', 'reviewing', 'rejected', 'hidden'], to: 'approved' },
  reject: { from: ['submitted', 'reviewing', 'approved'], to: 'rejected' },
  hide: { from: ['submitted', 'reviewing', 'approved', 'rejected'], to: 'hidden' },
};

const notices: Partial<Record<WorkStatus, NewNotice['subType']>> = {
  approved: 'work_approved',
  rejected: 'work_rejected',
  hidden: 'work_hidden',
};

/**
 * The moderators' side (admin-only routes): the review queue, reports, bans. Leaving or
 * entering `approved` moves the source's remix count in the same transaction; approval enters
 * the campaign chosen at publishing while it still takes entries.
 */
export function createAdminReviewService(deps: {
  works: WorksRepository;
  feed: FeedRepository;
  cards: WorkCards;
  campaigns: CampaignsRepository;
  comments: CommentsRepository;
  reports: ReportsRepository;
  people: CommunityPeople;
  notifications: NotificationsService;
  /** A work's status or approved text changed: shared feed pages are out of date. */
  onFeedChanged?: () => void;
  clock: Clock;
}) {
  const { works, clock } = deps;

  async function move(workId: number, action: Review, reason?: string): Promise<WorkRow> {
    const now = clock.now();
    const { from, to } = reviewMoves[action];
    const current = await works.findWork(works.db, workId);
    const campaign = current?.cmpId ? await deps.campaigns.find(current.cmpId) : undefined;
    const campaignOpen = Boolean(campaign && campaignStatusAt(campaign, now) === 'entry');
    const { updated, notified } = await works.transaction(async (tx) => {
      const work = await works.lockWork(tx, workId);
      if (!work) throw workNotFound();
      if (!from.includes(work.status as WorkStatus)) {
        throw new AppError(ErrorCode.conflict, 'community.reviewState', { status: work.status });
      }
      const was = work.status === 'approved';
      const is = to === 'approved';
      let cmpId = work.cmpId;
      if (is && cmpId !== null && !(await deps.campaigns.findEntry(cmpId, work.id, tx))) {
        const entered = campaignOpen && (await deps.campaigns.insertEntry(tx, cmpId, work.id, now));
        if (!entered) cmpId = null;
      }
      if (work.remixOf !== null && was !== is) {
        await works.addRemixCount(tx, work.remixOf, is ? 1 : -1);
      }
      const updated = await works.updateWork(tx, workId, {
        status: to,
        rejectReason: to === 'rejected' ? (reason ?? '') : null,
        publishedAt: is ? (work.publishedAt ?? now) : work.publishedAt,
        cmpId,
        // Out of the public eye, an edit in review is simply the work's text (the owner saw
        // it as such); so whatever is approved next is what the moderator sees in the queue.
        ...(is ? {} : pendingEditAsText(work)),
        updatedAt: now,
      });
      const subType = notices[to];
      const notified = subType
        ? await deps.notifications.record(
            [
              {
                userId: updated.userId,
                notifyType: 'system',
                subType,
                workId,
                params: { title: updated.title, reason: reason ?? '' },
                link: `/w/${workId}`,
              },
            ],
            tx,
          )
        : [];
      return { updated, notified };
    });
    deps.onFeedChanged?.();
    await deps.notifications.deliver(notified);
    return updated;
  }

  /**
   * Applies or discards an approved work's edit in review, and tells its owner, in one
   * transaction. `editedAt` names the version the moderator saw: a newer one is refused.
   */
  async function decideEdit(
    workId: number,
    editedAt: string,
    decision: { approve: true } | { approve: false; reason: string },
  ): Promise<WorkRow> {
    const now = clock.now();
    const { updated, notified } = await works.transaction(async (tx) => {
      const work = await works.lockWork(tx, workId);
      if (!work) throw workNotFound();
      if (work.status !== 'approved' || work.pendingEditAt === null) {
        throw new AppError(ErrorCode.conflict, 'community.noPendingEdit');
      }
      if (work.pendingEditAt.getTime() !== new Date(editedAt).getTime()) {
        throw new AppError(ErrorCode.conflict, 'community.editChanged');
      }
      const updated = await works.updateWork(tx, workId, {
        ...(decision.approve
          ? {
              title: work.pendingTitle ?? work.title,
              description: work.pendingDescription ?? work.description,
            }
          : {}),
        pendingTitle: null,
        pendingDescription: null,
        pendingEditAt: null,
        updatedAt: now,
      });
      const notified = await deps.notifications.record(
        [
          {
            userId: updated.userId,
            notifyType: 'system',
            subType: decision.approve ? 'edit_approved' : 'edit_rejected',
            workId,
            params: { title: updated.title, reason: decision.approve ? '' : decision.reason },
            link: `/w/${workId}`,
          },
        ],
        tx,
      );
      return { updated, notified };
    });
    deps.onFeedChanged?.();
    await deps.notifications.deliver(notified);
    return updated;
  }

  const result = (w: WorkRow) => ({ work_id: String(w.id), status: w.status as WorkStatus });

  return {
    claim: async (workId: number) => result(await move(workId, 'review')),
    approve: async (workId: number) => result(await move(workId, 'approve')),
    reject: async (workId: number, reason: string) => result(await move(workId, 'reject', reason)),
    hide: async (workId: number) => result(await move(workId, 'hide')),
    approveEdit: async (workId: number, editedAt: string) =>
      result(await decideEdit(workId, editedAt, { approve: true })),
    rejectEdit: async (workId: number, editedAt: string, reason: string) =>
      result(await decideEdit(workId, editedAt, { approve: false, reason })),

    /** Approved works' edits waiting for review, longest waiting first. */
    async listEdits(cursor: string | undefined, limit: number): Promise<CursorPage<AdminWorkEdit>> {
      const after = decodeCursor(cursor, ['s', 'n']) as [string, number] | null;
      const page = pageOf(await works.listPendingEdits(after, limit), limit, (r) => r.key);
      const ids = page.rows.map((r) => r.id);
      // Cards as the public sees them (no viewer): the approved text beside the new one.
      const cards = new Map(
        (
          await deps.cards.toWorks(
            await deps.feed.listCards(null, { ids }, { by: 'created' }, null, ids.length),
          )
        ).map((w) => [w.work_id, w]),
      );
      return {
        data: page.rows.flatMap((r) => {
          const work = cards.get(String(r.id));
          return work && r.pendingEditAt
            ? [
                {
                  work,
                  title: r.pendingTitle ?? r.title,
                  description: r.pendingDescription ?? r.description,
                  edited_at: r.pendingEditAt.toISOString(),
                },
              ]
            : [];
        }),
        next_cursor: page.nextCursor,
      };
    },

    async ban(userId: number) {
      const user = await deps.people.ban(userId);
      return { user_id: user.id, status: user.status };
    },

    /**
     * Resolves a report: dismiss; hide the work (for a comment report: remove the comment);
     * or ban the author of what was reported (and hide or remove it). The reporter is told.
     */
    async resolveReport(
      admin: UserRow,
      reportId: number,
      action: 'dismiss' | 'hide_work' | 'ban_user',
    ) {
      const report = await deps.reports.find(reportId);
      if (!report) throw notFound();
      if (report.status !== 'open') {
        throw new AppError(ErrorCode.conflict, 'community.reportResolved');
      }
      if (action !== 'dismiss') {
        if (report.commentId !== null) {
          await deps.comments.deleteComment(report.commentId);
        } else if (report.workId !== null) {
          const work = await works.findWork(works.db, report.workId);
          if (work && work.status !== 'hidden') await move(work.id, 'hide');
        }
        if (action === 'ban_user') {
          const authorId =
            report.commentAuthorId ??
            (report.workId !== null
              ? (await works.findWork(works.db, report.workId))?.userId
              : undefined);
          if (authorId !== undefined && authorId !== null) await deps.people.ban(authorId);
        }
      }
      const resolved = await deps.reports.resolve(reportId, {
        action,
        resolvedBy: admin.id,
        resolvedAt: clock.now(),
      });
      if (!resolved) throw new AppError(ErrorCode.conflict, 'community.reportResolved');
      await deps.notifications.notify([
        {
          userId: report.reporterId,
          notifyType: 'system',
          subType: 'report_resolved',
          ...(report.workId !== null ? { workId: report.workId } : {}),
          params: {},
        },
      ]);
      return { report_id: String(reportId), status: 'resolved' as const, action };
    },
  };
}

export type AdminReviewService = ReturnType<typeof createAdminReviewService>;
