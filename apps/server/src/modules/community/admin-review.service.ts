import type { WorkStatus } from '@lumen/contracts/community';
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
import { workNotFound } from './works.service';

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
  campaigns: CampaignsRepository;
  comments: CommentsRepository;
  reports: ReportsRepository;
  people: CommunityPeople;
  notifications: NotificationsService;
  clock: Clock;
}) {
  const { works, clock } = deps;

  async function move(workId: number, action: Review, reason?: string): Promise<WorkRow> {
    const now = clock.now();
    const { from, to } = reviewMoves[action];
    const current = await works.findWork(works.db, workId);
    const campaign = current?.cmpId ? await deps.campaigns.find(current.cmpId) : undefined;
    const campaignOpen = Boolean(campaign && campaignStatusAt(campaign, now) === 'entry');
    const updated = await works.transaction(async (tx) => {
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
      return works.updateWork(tx, workId, {
        status: to,
        rejectReason: to === 'rejected' ? (reason ?? '') : null,
        publishedAt: is ? (work.publishedAt ?? now) : work.publishedAt,
        cmpId,
        updatedAt: now,
      });
    });
    const subType = notices[to];
    if (subType) {
      await deps.notifications.notify([
        {
          userId: updated.userId,
          notifyType: 'system',
          subType,
          workId,
          params: { title: updated.title, reason: reason ?? '' },
          link: `/w/${workId}`,
        },
      ]);
    }
    return updated;
  }

  const result = (w: WorkRow) => ({ work_id: String(w.id), status: w.status as WorkStatus });

  return {
    claim: async (workId: number) => result(await move(workId, 'review')),
    approve: async (workId: number) => result(await move(workId, 'approve')),
    reject: async (workId: number, reason: string) => result(await move(workId, 'reject', reason)),
    hide: async (workId: number) => result(await move(workId, 'hide')),

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
