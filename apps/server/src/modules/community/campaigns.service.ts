import type {
  AdminCampaignStatus,
  Campaign,
  CampaignEntry,
  CampaignStatus,
  CreateCampaignBody,
  CursorPage,
  UpdateCampaignBody,
} from '@lumen/contracts/community';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { AppError, invalidParams, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { UserRow } from '../auth/auth.schema';
import { campaignStatusAt } from './campaign-status';
import {
  statusCondition,
  type CampaignListRow,
  type CampaignsRepository,
} from './campaigns.repository';
import type { CoverUrl } from './circles.service';
import type { CampaignRow } from './community.schema';
import { decodeCursor, pageOf } from './cursor';
import type { FeedRepository } from './feed.repository';
import type { NotificationsService } from './notifications.service';
import type { WorkCards } from './work-cards';
import type { WorksRepository } from './works.repository';
import { workNotFound } from './works.service';

/** Entries shown as results of a campaign judged by votes. */
export const CAMPAIGN_RESULTS_SHOWN = 10;

/**
 * Campaigns (spec §1, §3, §7): the status follows the dates; entries are own approved works;
 * one vote per user per entry while in progress (judging 'votes'); judges rank otherwise;
 * results once past. The campaign dot compares the visible count with the last one seen.
 */
export function createCampaignsService(deps: {
  campaigns: CampaignsRepository;
  works: WorksRepository;
  feed: FeedRepository;
  cards: WorkCards;
  notifications: NotificationsService;
  coverUrl: CoverUrl;
  clock: Clock;
}) {
  const { campaigns, clock } = deps;

  async function results(row: CampaignRow, viewerId: number | null) {
    const ranked = await campaigns.rankedEntries(
      row.id,
      row.judging === 'judges' ? 'judges' : 'votes',
      row.judging === 'judges' ? 100 : CAMPAIGN_RESULTS_SHOWN,
    );
    const cardRows = await deps.feed.listCards(
      viewerId,
      { ids: ranked.map((r) => r.workId) },
      { by: 'created' },
      null,
      ranked.length,
    );
    const works = new Map((await deps.cards.toWorks(cardRows)).map((w) => [Number(w.work_id), w]));
    return ranked.flatMap((r, i) => {
      const work = works.get(r.workId);
      return work ? [{ rank: r.judgeRank ?? i + 1, work, votes: r.votes }] : [];
    });
  }

  async function present(row: CampaignListRow, viewerId: number | null): Promise<Campaign> {
    const status = campaignStatusAt(row, clock.now());
    return {
      cmp_id: String(row.id),
      title: row.title,
      description: row.description,
      cover_url: await deps.coverUrl(row.cover),
      rules: row.rules,
      judging: row.judging as Campaign['judging'],
      status: status === 'upcoming' ? 'entry' : status,
      entry_starts_at: row.entryStartsAt.toISOString(),
      entry_ends_at: row.entryEndsAt.toISOString(),
      voting_ends_at: row.votingEndsAt.toISOString(),
      entry_count: row.entryCount,
      kind: row.kind as Campaign['kind'],
      results: status === 'past' ? await results(row, viewerId) : null,
    };
  }

  /** A campaign people may see (its entry period has started), or 1004. */
  async function getVisible(cmpId: number): Promise<CampaignListRow> {
    const row = await campaigns.find(cmpId);
    if (!row || campaignStatusAt(row, clock.now()) === 'upcoming') throw notFound();
    return row;
  }

  function datesOf(b: {
    entry_starts_at?: string | undefined;
    entry_ends_at?: string | undefined;
    voting_ends_at?: string | undefined;
  }) {
    return {
      ...(b.entry_starts_at ? { entryStartsAt: new Date(b.entry_starts_at) } : {}),
      ...(b.entry_ends_at ? { entryEndsAt: new Date(b.entry_ends_at) } : {}),
      ...(b.voting_ends_at ? { votingEndsAt: new Date(b.voting_ends_at) } : {}),
    };
  }

  return {
    async get(viewerId: number | null, cmpId: number) {
      return present(await getVisible(cmpId), viewerId);
    },

    /** `GET /prod-api/content/campaign/list`: every visible campaign, newest first. */
    async list(viewerId: number | null) {
      const { rows } = await campaigns.page(statusCondition('visible', clock.now()), 0, 200);
      return { list: await Promise.all(rows.map((r) => present(r, viewerId))) };
    },

    /** `GET /prod-api/content/campaign?status=&page=&page_size=` with `total_count`. */
    async page(
      viewerId: number | null,
      q: { status?: CampaignStatus | undefined; page: number; page_size: number },
    ) {
      const { rows, total } = await campaigns.page(
        statusCondition(q.status ?? 'visible', clock.now()),
        (q.page - 1) * q.page_size,
        q.page_size,
      );
      return {
        list: await Promise.all(rows.map((r) => present(r, viewerId))),
        total_count: total,
      };
    },

    /** Admin list: like `page`, plus campaigns that have not opened yet ('upcoming', 'all'). */
    async adminPage(q: { status: AdminCampaignStatus; page: number; page_size: number }) {
      const { rows, total } = await campaigns.page(
        statusCondition(q.status, clock.now()),
        (q.page - 1) * q.page_size,
        q.page_size,
      );
      return {
        list: await Promise.all(rows.map((r) => present(r, null))),
        total_count: total,
      };
    },

    async entries(
      viewerId: number | null,
      cmpId: number,
      sort: 'new' | 'votes',
      cursor: string | undefined,
      limit: number,
    ): Promise<CursorPage<CampaignEntry>> {
      await getVisible(cmpId);
      const after = decodeCursor(cursor, sort === 'votes' ? ['n', 'n'] : ['s', 'n']);
      const rows = await deps.feed.listCards(
        viewerId,
        { status: 'approved' },
        sort === 'votes' ? { by: 'entryVotes', cmpId } : { by: 'entryNew', cmpId },
        after,
        limit,
      );
      const page = pageOf(rows, limit, (r) => r.key);
      const works = await deps.cards.toWorks(page.rows);
      return {
        data: page.rows.map((r, i) => ({ work: works[i]!, votes: r.votes, voted: r.voted })),
        next_cursor: page.nextCursor,
      };
    },

    /** Enters the user's own approved work while the campaign takes entries. */
    async enter(user: UserRow, cmpId: number, workId: number) {
      const campaign = await getVisible(cmpId);
      if (campaignStatusAt(campaign, clock.now()) !== 'entry') {
        throw new AppError(ErrorCode.conflict, 'community.campaignNotOpen');
      }
      const work = await deps.works.findWork(deps.works.db, workId);
      if (!work || work.userId !== user.id) throw workNotFound();
      if (work.status !== 'approved') {
        throw new AppError(ErrorCode.forbidden, 'community.entryNotApproved');
      }
      if (campaign.kind !== 'any' && campaign.kind !== work.kind) {
        throw new AppError(ErrorCode.invalidParams, 'community.campaignKind', {
          kind: campaign.kind,
        });
      }
      if (!(await campaigns.enter(cmpId, workId, clock.now()))) {
        throw new AppError(ErrorCode.conflict, 'community.alreadyEntered');
      }
      const after = await campaigns.find(cmpId);
      return {
        cmp_id: String(cmpId),
        work_id: String(workId),
        entry_count: after?.entryCount ?? 0,
      };
    },

    /** One vote per user per entry, only while voting runs on a campaign judged by votes. */
    async vote(user: UserRow, cmpId: number, workId: number, on: boolean) {
      const campaign = await getVisible(cmpId);
      if (
        campaign.judging !== 'votes' ||
        campaignStatusAt(campaign, clock.now()) !== 'in_progress'
      ) {
        throw new AppError(ErrorCode.conflict, 'community.campaignNotVoting');
      }
      const entry = await campaigns.findEntry(cmpId, workId);
      const work = entry ? await deps.works.findWork(deps.works.db, workId) : undefined;
      if (!entry || work?.status !== 'approved') throw workNotFound();
      const { count } = await campaigns.toggleVote(cmpId, workId, user.id, on, clock.now());
      return { voted: on, votes: count };
    },

    async dot(userId: number) {
      const [total, lastSeen] = await Promise.all([
        campaigns.countVisible(clock.now()),
        campaigns.lastSeen(userId),
      ]);
      return { total, last_seen: lastSeen, dot: total > lastSeen };
    },

    async markSeen(userId: number) {
      const total = await campaigns.countVisible(clock.now());
      await campaigns.setLastSeen(userId, total, clock.now());
      return { total, last_seen: total, dot: false };
    },

    async create(body: CreateCampaignBody) {
      const row = await campaigns.insert({
        title: body.title,
        description: body.description,
        cover: body.cover,
        rules: body.rules,
        judging: body.judging,
        kind: body.kind,
        entryStartsAt: new Date(body.entry_starts_at),
        entryEndsAt: new Date(body.entry_ends_at),
        votingEndsAt: new Date(body.voting_ends_at),
        createdAt: clock.now(),
      });
      return present({ ...row, entryCount: 0 }, null);
    },

    async update(cmpId: number, patch: UpdateCampaignBody) {
      const current = await campaigns.find(cmpId);
      if (!current) throw notFound();
      const dates = { ...current, ...datesOf(patch) };
      if (!(dates.entryStartsAt < dates.entryEndsAt && dates.entryEndsAt <= dates.votingEndsAt)) {
        throw invalidParams([
          {
            field: 'entry_starts_at',
            message: 'entry_starts_at < entry_ends_at <= voting_ends_at',
          },
        ]);
      }
      const { entry_starts_at: _a, entry_ends_at: _b, voting_ends_at: _c, ...rest } = patch;
      await campaigns.update(cmpId, { ...rest, ...datesOf(patch) });
      const row = await campaigns.find(cmpId);
      return present(row!, null);
    },

    /**
     * The judges' ranking (judging 'judges'), once entries are closed; entrants hear of their
     * place when the campaign is past.
     */
    async setResults(cmpId: number, ranking: string[]) {
      const campaign = await campaigns.find(cmpId);
      if (!campaign) throw notFound();
      if (campaign.judging !== 'judges') {
        throw new AppError(ErrorCode.conflict, 'community.judgedByVotes');
      }
      if (
        campaignStatusAt(campaign, clock.now()) === 'entry' ||
        campaignStatusAt(campaign, clock.now()) === 'upcoming'
      ) {
        throw new AppError(ErrorCode.conflict, 'community.campaignStillOpen');
      }
      const ids = [...new Set(ranking.map(Number))];
      for (const id of ids) {
        if (!(await campaigns.findEntry(cmpId, id))) {
          throw invalidParams([{ field: 'ranking', message: `work ${id} is not an entry` }]);
        }
      }
      await campaigns.setJudgeRanks(cmpId, ids);
      const works = await deps.works.listByIds(ids);
      await deps.notifications.notify(
        ids.flatMap((id, i) => {
          const work = works.find((w) => w.id === id);
          return work
            ? [
                {
                  userId: work.userId,
                  notifyType: 'system' as const,
                  subType: 'campaign_result' as const,
                  workId: id,
                  params: { campaign: campaign.title, title: work.title, rank: i + 1 },
                  link: `/campaigns/${cmpId}`,
                  dedupeKey: `campaign_result:${cmpId}:${id}`,
                },
              ]
            : [];
        }),
      );
      return present((await campaigns.find(cmpId))!, null);
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
