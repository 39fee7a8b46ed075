import type { CampaignStatus } from '@lumen/contracts/community';
import { and, asc, count, desc, eq, gt, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database';
import {
  campaignEntries,
  campaignSeen,
  campaignVotes,
  campaigns,
  works,
  type CampaignRow,
} from './community.schema';
import { toggleRow, type Toggled } from './toggle-row';

export type CampaignListRow = CampaignRow & { entryCount: number };

/** Which campaigns are in a status at `now` (the dates decide; nothing is stored). */
export function statusCondition(
  status: CampaignStatus | 'visible' | 'upcoming' | 'all',
  now: Date,
): SQL {
  switch (status) {
    case 'all':
      return sql`true`;
    case 'upcoming':
      return gt(campaigns.entryStartsAt, now);
    case 'visible':
      return lte(campaigns.entryStartsAt, now);
    case 'entry':
      return and(lte(campaigns.entryStartsAt, now), gt(campaigns.entryEndsAt, now))!;
    case 'in_progress':
      return and(lte(campaigns.entryEndsAt, now), gt(campaigns.votingEndsAt, now))!;
    case 'past':
      return lte(campaigns.votingEndsAt, now);
  }
}

export function createCampaignsRepository(db: Database) {
  const select = () =>
    db
      .select({
        campaign: campaigns,
        entryCount: sql<number>`(select count(*)::int from campaign_entries e join works w on w.id = e.work_id where e.cmp_id = "campaigns"."id" and w.status = 'approved')`,
      })
      .from(campaigns);
  const flatten = (rows: { campaign: CampaignRow; entryCount: number }[]) =>
    rows.map((r) => ({ ...r.campaign, entryCount: Number(r.entryCount) }));

  return {
    async insert(row: typeof campaigns.$inferInsert): Promise<CampaignRow> {
      const [created] = await db.insert(campaigns).values(row).returning();
      if (!created) throw new Error('campaign insert returned nothing');
      return created;
    },
    async update(id: number, patch: Partial<typeof campaigns.$inferInsert>) {
      const [row] = await db.update(campaigns).set(patch).where(eq(campaigns.id, id)).returning();
      return row;
    },
    async find(id: number): Promise<CampaignListRow | undefined> {
      return flatten(await select().where(eq(campaigns.id, id)))[0];
    },
    async page(
      where: SQL,
      offset: number,
      limit: number,
    ): Promise<{ rows: CampaignListRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        select()
          .where(where)
          .orderBy(desc(campaigns.entryStartsAt), desc(campaigns.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(campaigns).where(where),
      ]);
      return { rows: flatten(rows), total: total?.n ?? 0 };
    },
    async countVisible(now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(campaigns)
        .where(statusCondition('visible', now));
      return row?.n ?? 0;
    },

    async findEntry(cmpId: number, workId: number, ex: Executor = db) {
      const [row] = await ex
        .select()
        .from(campaignEntries)
        .where(and(eq(campaignEntries.cmpId, cmpId), eq(campaignEntries.workId, workId)));
      return row;
    },
    /** False when the work is already entered (here or in another campaign). */
    async insertEntry(ex: Executor, cmpId: number, workId: number, now: Date): Promise<boolean> {
      const rows = await ex
        .insert(campaignEntries)
        .values({ cmpId, workId, createdAt: now })
        .onConflictDoNothing()
        .returning({ workId: campaignEntries.workId });
      if (rows.length === 1) await ex.update(works).set({ cmpId }).where(eq(works.id, workId));
      return rows.length === 1;
    },
    enter(cmpId: number, workId: number, now: Date): Promise<boolean> {
      return db.transaction((tx) => this.insertEntry(tx, cmpId, workId, now));
    },

    /** One vote per user per entry; the entry's count moves only when a vote came or went. */
    async toggleVote(
      cmpId: number,
      workId: number,
      userId: number,
      on: boolean,
      now: Date,
    ): Promise<Toggled> {
      return db.transaction(async (tx) => {
        const mine = and(
          eq(campaignVotes.cmpId, cmpId),
          eq(campaignVotes.workId, workId),
          eq(campaignVotes.userId, userId),
        );
        const changed = await toggleRow(
          tx,
          campaignVotes,
          on,
          { cmpId, workId, userId, createdAt: now },
          mine,
        );
        const entry = and(eq(campaignEntries.cmpId, cmpId), eq(campaignEntries.workId, workId));
        const [row] = changed
          ? await tx
              .update(campaignEntries)
              .set({ votes: sql`greatest(${campaignEntries.votes} + ${on ? 1 : -1}, 0)` })
              .where(entry)
              .returning({ count: campaignEntries.votes })
          : await tx.select({ count: campaignEntries.votes }).from(campaignEntries).where(entry);
        return { changed, count: row?.count ?? 0 };
      });
    },

    /** The judges' ranking: places 1…n in the given order; other entries lose their place. */
    async setJudgeRanks(cmpId: number, ranking: number[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(campaignEntries)
          .set({ judgeRank: null })
          .where(eq(campaignEntries.cmpId, cmpId));
        for (const [i, workId] of ranking.entries()) {
          await tx
            .update(campaignEntries)
            .set({ judgeRank: i + 1 })
            .where(and(eq(campaignEntries.cmpId, cmpId), eq(campaignEntries.workId, workId)));
        }
      });
    },

    /** Ranked entries of approved works: by votes, or by the judges' places. */
    async rankedEntries(cmpId: number, by: 'votes' | 'judges', limit: number) {
      const base = db
        .select({
          workId: campaignEntries.workId,
          votes: campaignEntries.votes,
          judgeRank: campaignEntries.judgeRank,
        })
        .from(campaignEntries)
        .innerJoin(works, eq(works.id, campaignEntries.workId))
        .$dynamic();
      const approved = and(eq(campaignEntries.cmpId, cmpId), eq(works.status, 'approved'));
      return by === 'votes'
        ? base
            .where(approved)
            .orderBy(desc(campaignEntries.votes), asc(campaignEntries.createdAt))
            .limit(limit)
        : base
            .where(and(approved, isNotNull(campaignEntries.judgeRank)))
            .orderBy(asc(campaignEntries.judgeRank))
            .limit(limit);
    },

    async lastSeen(userId: number): Promise<number> {
      const [row] = await db.select().from(campaignSeen).where(eq(campaignSeen.userId, userId));
      return row?.lastSeen ?? 0;
    },
    async setLastSeen(userId: number, lastSeen: number, now: Date): Promise<void> {
      await db
        .insert(campaignSeen)
        .values({ userId, lastSeen, updatedAt: now })
        .onConflictDoUpdate({ target: campaignSeen.userId, set: { lastSeen, updatedAt: now } });
    },
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
