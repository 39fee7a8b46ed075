import type {
  PublishWorkBody,
  UpdateWorkBody,
  WorkDetail,
  WorkStatus,
} from '@lumen/contracts/community';
import { WORK_REMIXES_PREVIEW } from '@lumen/contracts/community';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { AppError, invalidParams, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { UserRow } from '../auth/auth.schema';
import type { CampaignsRepository } from './campaigns.repository';
import { campaignStatusAt } from './campaign-status';
import type { CirclesRepository } from './circles.repository';
import type { CommunityMedia, CommunityPeople, CommunityTasks } from './community.ports';
import type { NewWorkRow, WorkRow } from './community.schema';
import type { FeedRepository } from './feed.repository';
import type { WorksRepository } from './works.repository';
import type { WorkCards } from './work-cards';

export const workNotFound = () => notFound('community.workNotFound');

export type WorksServiceDeps = {
  works: WorksRepository;
  feed: FeedRepository;
  circles: CirclesRepository;
  campaigns: CampaignsRepository;
  cards: WorkCards;
  people: CommunityPeople;
  tasks: CommunityTasks;
  media: CommunityMedia;
  /** The blocklisted term a text contains, if any (moderation). */
  findBlockedTerm(text: string): Promise<string | null>;
  /** A work left the feeds or its card changed: shared feed pages are out of date. */
  onFeedChanged?: () => void;
  clock: Clock;
};

const noPendingEdit = { pendingTitle: null, pendingDescription: null, pendingEditAt: null };

/**
 * Where an owner's new title or description goes. A work not approved yet takes it at once
 * (it waits for review anyway). An approved work keeps showing its approved text while the
 * new one waits for a moderator: an edit is how approved text could otherwise be swapped for
 * anything. The owner edits what they see, their pending text; the same text saved again
 * keeps its place in the queue, and text back to the approved one needs no review.
 */
export function textEdit(
  work: WorkRow,
  patch: Pick<UpdateWorkBody, 'title' | 'description'>,
  now: Date,
): Partial<NewWorkRow> {
  if (patch.title === undefined && patch.description === undefined) return {};
  const title = patch.title ?? work.pendingTitle ?? work.title;
  const description = patch.description ?? work.pendingDescription ?? work.description;
  if (work.status !== 'approved') return { title, description, ...noPendingEdit };
  if (title === work.title && description === work.description) return noPendingEdit;
  if (
    work.pendingEditAt &&
    title === work.pendingTitle &&
    description === work.pendingDescription
  ) {
    return {};
  }
  // Each version gets its own time, which names it when a moderator decides on it.
  const at = Math.max(now.getTime(), (work.pendingEditAt?.getTime() ?? 0) + 1);
  return { pendingTitle: title, pendingDescription: description, pendingEditAt: new Date(at) };
}

/** The work's text becomes its edit in review, if it has one. */
export function pendingEditAsText(work: WorkRow): Partial<NewWorkRow> {
  if (work.pendingEditAt === null) return {};
  return {
    title: work.pendingTitle ?? work.title,
    description: work.pendingDescription ?? work.description,
    ...noPendingEdit,
  };
}

/** Publishing, a work's detail, its owner's edits and unpublishing (spec §4, §6). */
export function createWorksService(deps: WorksServiceDeps) {
  const { works, clock } = deps;

  async function assertCleanText(fields: Record<string, string | undefined>) {
    for (const [field, text] of Object.entries(fields)) {
      const blocked = text ? await deps.findBlockedTerm(text) : null;
      if (blocked) {
        throw new AppError(ErrorCode.invalidParams, 'errors.contentViolates', {}, [
          { field, message: blocked },
        ]);
      }
    }
  }

  /** Whether `viewer` may see this work in any state: its owner or an admin. */
  function canSeeAll(work: WorkRow, viewer: UserRow | null): boolean {
    return Boolean(viewer && (viewer.id === work.userId || deps.people.isAdmin(viewer)));
  }

  /** The work if the viewer may see it: approved works for everyone, any state for owner/admin. */
  async function getVisible(id: number, viewer: UserRow | null): Promise<WorkRow> {
    const work = await works.findWork(works.db, id);
    if (!work || (work.status !== 'approved' && !canSeeAll(work, viewer))) throw workNotFound();
    return work;
  }

  /** The source work a task remixes: named at submit, or the work whose output was its input. */
  async function remixSourceOf(
    task: { remixOf: number | null; inputs: { images: string[] } },
    inputs: Map<string, { taskId: string | null }>,
  ): Promise<number | null> {
    if (task.remixOf) {
      const source = await works.findWork(works.db, task.remixOf);
      return source ? source.id : null;
    }
    const taskIds = task.inputs.images.flatMap((k) => {
      const taskId = inputs.get(k)?.taskId;
      return taskId ? [taskId] : [];
    });
    return (await works.findApprovedByTasks(taskIds))?.id ?? null;
  }

  return {
    getVisible,
    canSeeAll,

    /** Refuses what may not be published; else the work waits for review as `submitted`. */
    async publish(user: UserRow, body: PublishWorkBody) {
      const found = await deps.tasks.findTaskWithOutputs(body.task_id);
      if (!found) throw notFound();
      const { task, outputs } = found;
      if (task.userId !== user.id) {
        throw new AppError(ErrorCode.forbidden, 'community.notYourTask');
      }
      if (task.status === 'flagged') {
        throw new AppError(ErrorCode.forbidden, 'community.taskFlagged');
      }
      if (task.status !== 'done') throw new AppError(ErrorCode.conflict, 'community.taskNotDone');
      if (task.isPrivate) throw new AppError(ErrorCode.forbidden, 'community.privateGeneration');
      const output = outputs.find((o) => o.idx === body.output_index);
      if (!output) throw new AppError(ErrorCode.invalidParams, 'media.notFound');
      const owners = await deps.media.describeKeys([output.key, ...task.inputs.images]);
      const stored = owners.get(output.key);
      const othersInput = task.inputs.images.some((k) => owners.get(k)?.userId !== user.id);
      if (!stored || stored.userId !== user.id || stored.origin !== 'output' || othersInput) {
        throw new AppError(ErrorCode.forbidden, 'community.othersImage');
      }
      await assertCleanText({ title: body.title, description: body.description });

      const circleIds = [...new Set(body.circle_ids.map(Number))];
      const known = await deps.circles.existing(circleIds);
      if (known.length !== circleIds.length) {
        throw invalidParams([{ field: 'circle_ids', message: 'unknown circle' }]);
      }
      const now = clock.now();
      let cmpId: number | null = null;
      if (body.cmp_id) {
        const campaign = await deps.campaigns.find(Number(body.cmp_id));
        if (!campaign) throw notFound();
        if (campaignStatusAt(campaign, now) !== 'entry') {
          throw new AppError(ErrorCode.conflict, 'community.campaignNotOpen');
        }
        if (campaign.kind !== 'any' && campaign.kind !== task.media) {
          throw new AppError(ErrorCode.invalidParams, 'community.campaignKind', {
            kind: campaign.kind,
          });
        }
        cmpId = campaign.id;
      }
      const watermark = await deps.media.watermarkFor(user);
      // What the community shows must exist before the work can be seen.
      if (watermark && output.wmKey) {
        try {
          await deps.media.ensureTwin(user.id, output.key);
        } catch (err) {
          // Deleted from the library meanwhile, its files with it: nothing is left to publish.
          const kept = await works.transaction((tx) =>
            deps.tasks.holdOutput(tx, task.id, output.idx),
          );
          if (!kept) throw new AppError(ErrorCode.invalidParams, 'media.notFound');
          throw err;
        }
      }
      const settings = task.settings as unknown as Record<string, unknown>;
      const remixOf = await remixSourceOf(task, owners);
      const created = await works.transaction(async (tx) => {
        if (!(await deps.tasks.holdOutput(tx, task.id, output.idx))) {
          throw new AppError(ErrorCode.invalidParams, 'media.notFound');
        }
        return works.insertWork(tx, {
          userId: user.id,
          taskId: task.id,
          outputIdx: output.idx,
          kind: task.media,
          mediaKey: watermark && output.wmKey ? output.wmKey : output.key,
          thumbKey: output.thumbKey,
          mime: output.mime,
          width: output.width,
          height: output.height,
          taskType: task.taskType,
          seed: output.seed ?? task.settings.seed,
          settings,
          title: body.title,
          description: body.description,
          allowComments: body.allow_comments,
          status: 'submitted',
          cmpId,
          circleIds,
          remixOf,
          createdAt: now,
          updatedAt: now,
        });
      });
      if (!created) throw new AppError(ErrorCode.conflict, 'community.alreadyPublished');
      return { work_id: String(created.id), status: created.status as WorkStatus };
    },

    /** Whether a work was published from this output (its files must stay). */
    async isOutputPublished(taskId: string, idx: number): Promise<boolean> {
      return works.hasWorkOfOutput(taskId, idx);
    },

    /** A remix may start from an approved work, or from one's own work in any state. */
    async checkRemixSource(userId: number, workId: number): Promise<void> {
      const work = await works.findWork(works.db, workId);
      if (!work || (work.status !== 'approved' && work.userId !== userId)) throw workNotFound();
    },

    async detail(viewer: UserRow | null, id: number): Promise<WorkDetail> {
      const work = await getVisible(id, viewer);
      const viewerId = viewer?.id ?? null;
      const [[card], remixRows, sourceRows] = await Promise.all([
        deps.feed.listCards(viewerId, { ids: [id] }, { by: 'created' }, null, 1),
        deps.feed.listCards(
          viewerId,
          { remixOf: id, status: 'approved' },
          { by: 'published' },
          null,
          WORK_REMIXES_PREVIEW,
        ),
        work.remixOf
          ? deps.feed.listCards(
              viewerId,
              { ids: [work.remixOf], status: 'approved' },
              { by: 'created' },
              null,
              1,
            )
          : Promise.resolve([]),
      ]);
      if (!card) throw workNotFound();
      const [base, ...remixes] = await deps.cards.toWorks([
        card,
        ...remixRows.slice(0, WORK_REMIXES_PREVIEW),
      ]);
      const source = sourceRows[0];
      const [sourceCard] = source ? await deps.cards.toWorks([source]) : [];
      const settings = work.settings;
      return {
        ...base!,
        prompt: settings ? String(settings.prompt ?? '') : null,
        negative_prompt: settings ? String(settings.negativePrompt ?? '') : null,
        settings,
        task_id: work.taskId,
        task_type: work.taskType,
        seed: work.seed,
        remix_of: sourceCard
          ? {
              work_id: sourceCard.work_id,
              title: sourceCard.title,
              thumb_url: sourceCard.media.thumb_url,
              author: sourceCard.author,
            }
          : null,
        remixes,
      };
    },

    /**
     * The owner's edit. New title or description text of an approved work waits for review
     * (see `textEdit`); whether comments are open changes at once.
     */
    async update(user: UserRow, id: number, patch: UpdateWorkBody) {
      const found = await works.findWork(works.db, id);
      if (!found || found.userId !== user.id) throw workNotFound();
      await assertCleanText({ title: patch.title, description: patch.description });
      const now = clock.now();
      await works.transaction(async (tx) => {
        // Locked, so an edit and a moderator's decision on the one before it take turns.
        const work = await works.lockWork(tx, id);
        if (!work) throw workNotFound();
        await works.updateWork(tx, id, {
          ...textEdit(work, patch, now),
          ...(patch.allow_comments !== undefined ? { allowComments: patch.allow_comments } : {}),
          updatedAt: now,
        });
      });
      deps.onFeedChanged?.();
      return this.detail(user, id);
    },

    /** Unpublishing removes the work with its likes, comments and entries (spec §4). */
    async unpublish(user: UserRow, id: number): Promise<{ work_id: string }> {
      const removed = await works.transaction(async (tx) => {
        const work = await works.lockWork(tx, id);
        if (!work || work.userId !== user.id) throw workNotFound();
        if (work.status === 'approved' && work.remixOf) {
          await works.addRemixCount(tx, work.remixOf, -1);
        }
        await works.deleteWork(tx, id);
        return work;
      });
      deps.onFeedChanged?.();
      // An output deleted from the library kept its files for this work alone.
      await deps.tasks.releaseOutput(removed.taskId, removed.outputIdx);
      return { work_id: String(id) };
    },
  };
}

export type WorksService = ReturnType<typeof createWorksService>;
