import { randomUUID } from 'node:crypto';
import type { Transaction } from '../../db/database';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { estimatedWaitMinutes, limitsFor } from '@lumen/contracts/plans';
import { readMagicPrompt } from '@lumen/contracts/vivago';
import {
  PROMPT_MAX_LENGTH,
  placeholderSubResults,
  taskStatusCodes,
  type GatewaySubmit,
  type TaskInputMedia,
  type TaskResult,
  type TaskState,
} from '@lumen/contracts/tasks';
import { taskTypeDefinitions, type TaskType } from '@lumen/contracts/task-types';
import { isToolId } from '@lumen/contracts/tools';
import {
  LOCAL_PREVIEW_ENGINE_LABEL,
  localPreviewTaskTypes,
} from '@lumen/engines/local/local-engine';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n/translate';
import type { Language } from '@lumen/contracts/i18n';
import type { Clock } from '../../lib/clock';
import { createCoalescer, type Outcome } from '../../lib/coalesce';
import type { EventBus } from '../../lib/event-bus';
import type { CreditsService } from '../credits/credits.service';
import type { LedgerService } from '../credits/ledger.service';
import type { GenerationMedia } from './generation.ports';
import type { GenerationRepository } from './generation.repository';
import type { NewTaskRow, TaskOutputRow, TaskRow } from './generation.schema';
import { checkTaskFiles, countPortraitFaces, portraitRefusal } from './task-files';
import { applyImageToolParams, enhanceBillEvents } from './image-tool-params';
import { applyVideoToolParams } from './video-tool-params';
import { characterImagesOf } from './character-params';
import { applyShopToolParams } from './shop-tool-params';
import type { ShopTemplate } from '@lumen/contracts/ecommerce';
import { normaliseSubmission, reduceRatio, requestOf, takesInputShape } from './task-input';

export type GenerationDeps = {
  repository: GenerationRepository;
  credits: CreditsService;
  ledger: LedgerService;
  media: GenerationMedia;
  events: EventBus;
  clock: Clock;
  /** The engine `algo_config` routes a task type to. */
  engineFor(taskType: TaskType): Promise<string>;
  /** The blocklisted term a prompt contains, if any. */
  checkPrompt(text: string): Promise<string | null>;
  /** The magic prompt toggle: a richer prompt for a short idea. */
  enhancePrompt(prompt: string, style: string, lang: string): Promise<string>;
  /** Checks that a work may be remixed by this user (community); throws when it may not. */
  checkRemixSource?(userId: number, workId: number): Promise<void>;
  /** How many faces a picture shows, for the portrait tools (spec §5). */
  countFaces(image: Buffer): Promise<number>;
  /** An enabled effect template by key; without one, effects are refused as unknown. */
  effectOf?(key: string): Promise<{ key: string; prompt: string; images: 1 | 2 } | undefined>;
  /**
   * The pictures a character tool runs with (the references, then the reference sheet), of
   * the user's own ready character; throws the refusal otherwise.
   */
  characterReferences?(userId: number, characterId: number): Promise<string[]>;
  /** An e-commerce template (a starter or the user's own) by id, for product shots. */
  shopTemplateOf?(userId: number, id: string): Promise<ShopTemplate | undefined>;
  /** Minutes until a task at this place in the queue starts (see estimateWaitMinutes). */
  queueWait?(position: number, lane: number): Promise<number>;
  /** Whether a community work was published from this output: its files must then stay. */
  isOutputPublished?(taskId: string, idx: number): Promise<boolean>;
};

/** A checked and quoted submission waiting for its batch (see insertSubmissions). */
type Submission = {
  userId: number;
  requestId: string;
  media: string;
  /** Queued or generating tasks of this media the user's grade allows. */
  allowed: number;
  /** What the run holds when paid; `row` is the paid run. */
  cost: number;
  /**
   * When the balance is short under the lock: run relaxed (credit-free, lowest lane) or
   * refuse with the user's 2007 message.
   */
  whenShort: { relax: true } | { relax: false; refusal: AppError };
  row: Omit<NewTaskRow, 'id' | 'holdId' | 'createdAt' | 'updatedAt'>;
};

/**
 * The bill's event for a run: the task type, or for an enhance the choice made (the bill
 * says "Enhance 4×", not just "Generation"), as a message key the bills list translates.
 */
function billEventOf(row: Submission['row']): string {
  const upscale = row.settings.upscale;
  return row.taskType === 'upscale' && upscale
    ? enhanceBillEvents[`${upscale.scale}`]
    : row.taskType;
}

/** A queued (or replayed) submission's task and its place in the queue as submitted. */
type Queued = { task: TaskRow; position: number };

export function createGenerationService(deps: GenerationDeps) {
  const { repository, clock } = deps;

  /**
   * Queues a batch of submissions in one statement (queue_submit, decision 0061) under their
   * users' credit locks: a request id seen before answers its task (idempotency), a user at the
   * active-task limit is refused, each hold is taken from the user's balance and its task
   * inserted. A hold that falls short makes a subscriber's run relaxed and refuses anyone
   * else's (2007): decided there, under the lock, because the balance read when the run was
   * quoted may have gone to the user's other runs since. A refusal refuses its own submission
   * only. On the PostgreSQL relay the tasks' events leave with the statement's commit; the
   * in-process bus gets them here.
   */
  async function insertSubmissions(items: Submission[]): Promise<Outcome<Queued>[]> {
    const answers = await repository.submitTasks(
      items.map((item) => ({
        ...item.row,
        id: randomUUID(),
        holdId: randomUUID(),
        remixOf: item.row.remixOf ?? null,
        isPrivate: item.row.isPrivate ?? false,
        allowed: item.allowed,
        relax: item.whenShort.relax,
        event: billEventOf(item.row),
      })),
      clock.now(),
      deps.events.channel,
    );
    return items.map((item, i): Outcome<Queued> => {
      const answer = answers[i];
      if (!answer) return { ok: false, error: new Error('a submission was not answered') };
      switch (answer.outcome) {
        case 'too_many':
          return { ok: false, error: new AppError(ErrorCode.tooManyTasks, 'errors.tooManyTasks') };
        case 'no_credits':
          return {
            ok: false,
            error: item.whenShort.relax
              ? new AppError(ErrorCode.noCredits, 'errors.noCredits')
              : item.whenShort.refusal,
          };
        default:
          if (deps.events.channel === null) {
            deps.events.publish(answer.task.userId, {
              type: 'task',
              data: {
                task_id: answer.task.id,
                status: answer.task.status,
                progress: answer.task.progress,
              },
            });
          }
          return { ok: true, value: { task: answer.task, position: answer.position } };
      }
    });
  }

  const submissions = createCoalescer<Submission, Queued>({
    maxBatch: 100,
    concurrency: 2,
    // A batch that fails as a whole runs again one submission at a time.
    retryAlone: true,
    run: insertSubmissions,
  });

  /**
   * Marks an output of the user's task deleted and lets its files go unless a community work
   * shows them; false when it was not there to delete (already deleted, or no such output).
   */
  async function removeOutput(userId: number, taskId: string, idx: number): Promise<boolean> {
    const row = await repository.deleteOutput(repository.db, taskId, idx, clock.now());
    if (!row) return false;
    const published = (await deps.isOutputPublished?.(taskId, idx)) ?? false;
    await deps.media.discardOutput(userId, row.key, { keepFiles: published });
    return true;
  }

  async function toResult(
    task: TaskRow,
    outputs: TaskOutputRow[],
    lang: Language,
  ): Promise<TaskResult> {
    const status = task.status as TaskState;
    // Tasks that ended before reasons were recorded failed for an unknown reason.
    const failure =
      status === 'failed' || status === 'flagged'
        ? (task.failure ?? (status === 'flagged' ? 'flagged' : 'failed'))
        : null;
    const code = taskStatusCodes[status];
    const position = await repository.queuePosition(task);
    const mediaField = task.media === 'video' ? 'video' : task.media === '3d' ? 'model' : 'image';
    const visible = status === 'done' ? outputs : [];
    // A finished task shows what is left of it; placeholders are for tasks still on their way.
    const subs =
      visible.length || status === 'done'
        ? await Promise.all(
            visible.map(async (o) => ({
              sub_task_id: `${task.id}-${o.idx}`,
              task_completion: 1,
              algo_version: task.settings.model,
              index: o.idx,
              task_status: code,
              [mediaField]: o.key,
              url: await deps.media.urlFor(o.key),
              thumb_url: o.thumbKey ? await deps.media.urlFor(o.thumbKey) : null,
              width: o.width,
              height: o.height,
              mime: o.mime,
              seed: o.seed,
              ...(o.facts ? { facts: o.facts } : {}),
              ...(o.description ? { description: o.description } : {}),
            })),
          )
        : placeholderSubResults(task.settings.count, code, {
            taskId: task.id,
            completion: Math.min(1, Math.max(0, task.progress / 100)),
            model: task.settings.model,
          });
    const inputs = await inputsOf(task);
    const editedFrom = editedFromOf(task, inputs);
    return {
      task_id: task.id,
      task_type: task.taskType,
      status,
      task_status: code,
      progress: task.progress,
      queue_position: position,
      estimated_wait_min: deps.queueWait ? await deps.queueWait(position, task.lane) : 0,
      cost: task.status === 'done' ? task.captured : task.cost,
      // The local engine's generative kinds are drawn previews; its tools run real models.
      engine:
        task.engine === 'local' && localPreviewTaskTypes.includes(task.taskType as TaskType)
          ? LOCAL_PREVIEW_ENGINE_LABEL
          : task.engine,
      error: failure && translate(lang, `tasks.failure.${failure}`),
      error_reason: failure,
      created_at: task.createdAt.toISOString(),
      // Results are only ever answered to the task's owner, who sees a private run's prompt
      // too: private keeps it from everyone else (it cannot be published).
      prompt: task.settings.prompt,
      sub_task_results: subs,
      request: requestOf(task),
      inputs,
      ...(editedFrom ? { edited_from: editedFrom } : {}),
    };
  }

  /** An output's index from its key (`…/{task}/{index}.{ext}`, see the output store). */
  function outputIndexOf(key: string): number | null {
    const match = /\/(\d+)\.[a-z0-9]+$/.exec(key);
    return match ? Number(match[1]) : null;
  }

  /** An editing tool's "before": its first picture, with the output index it had. */
  function editedFromOf(task: TaskRow, inputs: TaskInputMedia[]) {
    const tool = isToolId(task.taskType) ? taskTypeDefinitions[task.taskType] : undefined;
    if (!tool || (tool.ui.category !== 'edit' && tool.ui.category !== 'enhance')) return undefined;
    const first = inputs.find((input) => input.key === task.inputs.images[0]);
    if (!first) return undefined;
    const index = first.task_id === null ? null : outputIndexOf(first.key);
    return { ...first, index };
  }

  /** The task's inputs still stored, in the request's order, with URLs to show them. */
  async function inputsOf(task: TaskRow): Promise<TaskInputMedia[]> {
    const keys = [...task.inputs.images, ...task.inputs.videos, ...task.inputs.audios];
    if (keys.length === 0) return [];
    return (await deps.media.describeInputs(keys)).map((input) => ({
      kind: input.kind,
      key: input.key,
      task_id: input.taskId,
      url: input.url,
      thumb_url: input.thumbUrl,
      width: input.width,
      height: input.height,
    }));
  }

  return {
    /** Validates, gates, holds the cost and queues the task — one transaction (spec §5, §6). */
    async submit(
      userId: number,
      taskType: TaskType,
      body: GatewaySubmit,
      lang = 'en',
      /**
       * `costFree`: an admin's sample run from the Engines page. It is quoted at nothing and
       * holds nothing (like a run with payments off), so no credits are made or spent, and
       * it goes through the queue like any other task in the admin's own lane.
       */
      options: { costFree?: boolean } = {},
    ) {
      const settings = normaliseSubmission(taskType, body);
      const magic = readMagicPrompt(body.magic_prompt);
      if (magic.prompt !== undefined) {
        // vivago's clients send the enhanced prompt itself: it is the prompt to run.
        if (magic.prompt.length > PROMPT_MAX_LENGTH)
          throw new AppError(ErrorCode.invalidParams, 'errors.promptTooLong');
        settings.prompt = magic.prompt;
      } else if (magic.enhance && settings.prompt) {
        settings.prompt = await deps.enhancePrompt(settings.prompt, settings.style, lang);
      }
      const blocked = settings.prompt ? await deps.checkPrompt(settings.prompt) : null;
      if (blocked) {
        throw new AppError(ErrorCode.invalidParams, 'errors.contentViolates', {}, [
          { field: 'prompt', message: blocked },
        ]);
      }
      const remixOf = body.remix_of ? Number(body.remix_of) : null;
      if (remixOf !== null) await deps.checkRemixSource?.(userId, remixOf);
      const fileDeps = {
        ...deps,
        taskTypeOf: async (taskId: string) =>
          (await repository.findTask(repository.db, taskId))?.taskType,
      };
      const files = await checkTaskFiles(fileDeps, userId, taskType, body);
      const checked = files.images;
      await applyShopToolParams(deps, userId, taskType, body, settings);
      const tool = await applyImageToolParams(deps, userId, taskType, body, checked[0], settings);
      // A logo's words are drawn into the picture, so they pass the prompt's blocklist too.
      const { logo } = settings;
      const logoWords = logo ? [logo.brand, logo.slogan, logo.industry].join(' ').trim() : '';
      const blockedLogo = logoWords ? await deps.checkPrompt(logoWords) : null;
      if (blockedLogo) {
        throw new AppError(ErrorCode.invalidParams, 'errors.contentViolates', {}, [
          { field: 'params.brand', message: blockedLogo },
        ]);
      }
      const video = await applyVideoToolParams(
        { ...fileDeps, effectOf: async (key) => deps.effectOf?.(key) },
        userId,
        taskType,
        body,
        files,
        settings,
      );
      const character = await characterImagesOf(deps, userId, taskType, body, settings);
      const masks = [...files.masks, ...video.masks];
      if (checked[0] && takesInputShape.has(taskType)) {
        settings.ratio = reduceRatio(checked[0].width, checked[0].height);
      }
      const media = taskTypeDefinitions[taskType].media;
      const isPrivate = body.params.private ?? false;
      const [decision, engine] = await Promise.all([
        options.costFree
          ? deps.credits.gradeOf(userId).then((grade) => ({
              grade,
              cost: 0,
              whenShort: { relax: true } as const,
            }))
          : deps.credits.authorize(userId, {
              task_type: taskType,
              count: settings.count,
              effect: Boolean(body.params.effect),
              credits_required: false,
              private: isPrivate,
              duration: media === 'video' ? settings.durationS : undefined,
              model: settings.model,
              features: [...(settings.soundEffect ? ['sound_effect'] : []), ...tool.features],
            }),
        deps.engineFor(taskType),
      ]);
      const limits = limitsFor(decision.grade);
      const requestId = body.request_id ?? randomUUID();
      const { task, position } = await submissions.run({
        userId,
        requestId,
        media,
        allowed: media === 'video' ? limits.activeVideoTasks : limits.activeImageTasks,
        cost: decision.cost,
        whenShort: decision.whenShort,
        row: {
          userId,
          taskType,
          media,
          engine,
          status: 'queued',
          settings,
          inputs: {
            images: [...checked.map((c) => c.key), ...tool.extraImages, ...character],
            videos: files.videos.map((v) => v.key),
            audios: files.audios,
            ...(masks.length > 0 ? { masks } : {}),
          },
          isPrivate,
          remixOf,
          // The paid run; it goes relaxed under the credit lock if the balance is short then.
          lane: limits.lane,
          maxRunning: limits.concurrentTasks,
          cost: decision.cost,
          requestId,
        },
      });
      return {
        task_id: task.id,
        cost: task.cost,
        queue_position: position,
        estimated_wait_min: deps.queueWait
          ? await deps.queueWait(position, task.lane)
          : estimatedWaitMinutes(task.lane === 0 ? 0 : decision.grade),
      };
    },

    async result(userId: number, taskId: string, lang: Language = 'en'): Promise<TaskResult> {
      const task = await repository.findTask(repository.db, taskId);
      if (!task || task.userId !== userId)
        throw new AppError(ErrorCode.notFound, 'errors.notFound');
      return toResult(task, await repository.listOutputs([task.id]), lang);
    },

    /**
     * Spec §5's portrait check before a lip sync is submitted: the faces on one of the user's
     * pictures or clips and, when they are not one clear face, the refusal a submission would
     * get.
     */
    async checkPortrait(
      userId: number,
      key: string,
      lang: Language = 'en',
    ): Promise<{ faces: number; portrait: boolean; message: string | null }> {
      const { faces, of } = await countPortraitFaces(deps, userId, key);
      const refusal = portraitRefusal(faces, of);
      return {
        faces,
        portrait: refusal === null,
        message: refusal ? translate(lang, refusal.messageKey, refusal.params) : null,
      };
    },

    /** A task and its outputs, for the community module (publishing, remix lineage). */
    async findTaskWithOutputs(taskId: string) {
      const task = await repository.findTask(repository.db, taskId);
      return task ? { task, outputs: await repository.listOutputs([task.id]) } : undefined;
    },

    /** Which of these media keys are results deleted from the library (the folders skip them). */
    deletedKeys: (keys: string[]) => repository.deletedKeys(keys),

    /** Which of these uploads some task of their owner takes as input (the upload sweep). */
    inputKeysInUse: (candidates: { userId: number; key: string }[]) =>
      repository.inputKeysInUse(candidates),

    /** See GenerationRepository.holdOutput. */
    holdOutput: (tx: Transaction, taskId: string, idx: number) =>
      repository.holdOutput(tx, taskId, idx),

    async list(
      userId: number,
      media: string | null,
      page: number,
      pageSize: number,
      search?: string,
      lang: Language = 'en',
    ) {
      const { rows, total } = await repository.listTasks(
        userId,
        media,
        (page - 1) * pageSize,
        pageSize,
        search,
      );
      const outputs = await repository.listOutputs(rows.map((r) => r.id));
      const data = await Promise.all(
        rows.map((r) =>
          toResult(
            r,
            outputs.filter((o) => o.taskId === r.id),
            lang,
          ),
        ),
      );
      return { data, total, page, page_size: pageSize };
    },

    /**
     * Deletes one output from its owner's library (decision 0020): gone from the history, the
     * results and the folders; its files are removed unless a community work shows them.
     * Credits do not move: the output was delivered.
     */
    async deleteOutput(userId: number, taskId: string, idx: number): Promise<void> {
      const task = await repository.findTask(repository.db, taskId);
      if (!task || task.userId !== userId || !(await removeOutput(userId, taskId, idx)))
        throw new AppError(ErrorCode.notFound, 'errors.notFound');
    },

    /**
     * Deletes several of the user's results at once, by media key (the library's selection).
     * Keys that are not the user's results, or are already deleted, are skipped; answers how
     * many went.
     */
    async deleteOutputsByKeys(userId: number, keys: string[]): Promise<number> {
      const found = await repository.outputsByKeys(userId, [...new Set(keys)]);
      let count = 0;
      for (const output of found) {
        if (await removeOutput(userId, output.taskId, output.idx)) count++;
      }
      return count;
    },

    /**
     * Empties a purged account's library: each output goes as a deletion from the library
     * would (its files stay while a community work shows them). Safe to run again.
     */
    async deleteLibraryOf(userId: number): Promise<number> {
      let count = 0;
      for (const output of await repository.keptOutputsOf(userId)) {
        if (await removeOutput(userId, output.taskId, output.idx)) count++;
      }
      return count;
    },

    /**
     * A work published from this output is gone: if its owner had deleted the output from the
     * library, its files go now (they were kept for the work).
     */
    async releaseOutput(taskId: string, idx: number): Promise<void> {
      const row = await repository.findDeletedOutput(taskId, idx);
      if (!row || (await deps.isOutputPublished?.(taskId, idx))) return;
      const task = await repository.findTask(repository.db, taskId);
      if (task) await deps.media.discardOutput(task.userId, row.key, { keepFiles: false });
    },

    /** Cancels a queued or generating task and refunds it at once. */
    async cancel(userId: number, taskId: string, lang: Language = 'en'): Promise<TaskResult> {
      const task = await repository.findTask(repository.db, taskId);
      if (!task || task.userId !== userId)
        throw new AppError(ErrorCode.notFound, 'errors.notFound');
      const now = clock.now();
      const cancelled = await deps.ledger.transact(userId, async (unit) => {
        const row = await repository.transition(unit.tx, taskId, ['queued', 'generating'], {
          status: 'cancelled',
          finishedAt: now,
          updatedAt: now,
          leaseOwner: null,
        });
        if (row?.holdId) await unit.release(row.holdId);
        return row;
      });
      if (!cancelled) throw new AppError(ErrorCode.conflict, 'errors.taskFinished');
      void deps.media.discardStaging(taskId).catch(() => undefined);
      deps.events.publish(userId, {
        type: 'task',
        data: { task_id: taskId, status: 'cancelled', progress: cancelled.progress },
      });
      return toResult(cancelled, [], lang);
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
