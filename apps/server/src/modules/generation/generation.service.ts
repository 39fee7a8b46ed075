import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { limitsFor } from '@lumen/contracts/plans';
import {
  taskStatusCodes,
  type GatewaySubmit,
  type TaskResult,
  type TaskState,
} from '@lumen/contracts/tasks';
import { taskTypeDefinitions, type TaskType } from '@lumen/contracts/task-types';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../lib/event-bus';
import type { CreditsService } from '../credits/credits.service';
import type { LedgerService } from '../credits/ledger.service';
import type { GenerationMedia } from './generation.ports';
import type { GenerationRepository } from './generation.repository';
import type { TaskOutputRow, TaskRow } from './generation.schema';
import { IMAGE_INPUT_MAX_BYTES, normaliseSubmission, reduceRatio } from './task-input';

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
};

const imageRules = {
  maxBytes: IMAGE_INPUT_MAX_BYTES,
  minSide: 300,
  minRatio: 1 / 2.5,
  maxRatio: 2.5,
};
/** Spec §5 per tool: 3D input under 4K; upscaling takes small pictures up to 1024 px. */
const rulesByTaskType: Partial<Record<TaskType, typeof imageRules & { maxSide?: number }>> = {
  image_to_3d: { ...imageRules, maxSide: 4096 },
  upscale: { ...imageRules, minSide: 64, maxSide: 1024 },
};

export function createGenerationService(deps: GenerationDeps) {
  const { repository, clock } = deps;

  async function toResult(task: TaskRow, outputs: TaskOutputRow[]): Promise<TaskResult> {
    const status = task.status as TaskState;
    const code = taskStatusCodes[status];
    const mediaField = task.media === 'video' ? 'video' : task.media === '3d' ? 'model' : 'image';
    const visible = status === 'done' ? outputs : [];
    const subs = visible.length
      ? await Promise.all(
          visible.map(async (o) => ({
            task_status: code,
            [mediaField]: o.key,
            url: await deps.media.urlFor(o.key),
            thumb_url: o.thumbKey ? await deps.media.urlFor(o.thumbKey) : null,
            width: o.width,
            height: o.height,
            mime: o.mime,
            seed: o.seed,
          })),
        )
      : Array.from({ length: task.settings.count }, () => ({
          task_status: code,
          url: null,
          thumb_url: null,
          width: null,
          height: null,
          mime: null,
          seed: null,
        }));
    return {
      task_id: task.id,
      task_type: task.taskType,
      status,
      task_status: code,
      progress: task.progress,
      queue_position: await repository.queuePosition(task, clock.now()),
      cost: task.status === 'done' ? task.captured : task.cost,
      engine: task.engine === 'local' ? 'local-preview' : task.engine,
      error: task.errorMessage,
      created_at: task.createdAt.toISOString(),
      prompt: task.isPrivate ? '' : task.settings.prompt,
      sub_task_results: subs,
    };
  }

  return {
    /** Validates, gates, holds the cost and queues the task — one transaction (spec §5, §6). */
    async submit(userId: number, taskType: TaskType, body: GatewaySubmit, lang = 'en') {
      const settings = normaliseSubmission(taskType, body);
      if (body.magic_prompt && settings.prompt) {
        settings.prompt = await deps.enhancePrompt(settings.prompt, settings.style, lang);
      }
      const blocked = settings.prompt ? await deps.checkPrompt(settings.prompt) : null;
      if (blocked) {
        throw new AppError(ErrorCode.invalidParams, 'errors.contentViolates', {}, [
          { field: 'prompt', message: blocked },
        ]);
      }
      const checked: { key: string; width: number; height: number }[] = [];
      for (const key of body.images) {
        checked.push(
          await deps.media.checkImageInput(userId, key, rulesByTaskType[taskType] ?? imageRules),
        );
      }
      const [first, last] = checked;
      if (taskType === 'video_diffusion_keyframes' && first && last) {
        const [a, b] = [first, last];
        const ratio = a.width / a.height / (b.width / b.height);
        if (ratio < 0.8 || ratio > 1.25)
          throw new AppError(ErrorCode.invalidParams, 'errors.keyframeRatio');
      }
      if (checked[0] && (taskType === 'img2img' || taskType === 'video_diffusion_img2vid')) {
        settings.ratio = reduceRatio(checked[0].width, checked[0].height);
      }
      const media = taskTypeDefinitions[taskType].media;
      const isPrivate = body.params.private ?? false;
      const decision = await deps.credits.authorize(userId, {
        task_type: taskType,
        count: settings.count,
        effect: Boolean(body.params.effect),
        credits_required: false,
        private: isPrivate,
        duration: media === 'video' ? settings.durationS : undefined,
        model: settings.model,
        features: [],
      });
      const limits = limitsFor(decision.grade);
      const requestId = body.request_id ?? randomUUID();
      const engine = await deps.engineFor(taskType);

      const task = await deps.ledger.transact(userId, async (unit) => {
        const existing = await repository.findByRequest(unit.tx, userId, requestId);
        if (existing) return existing;
        const active = await repository.countActive(unit.tx, userId, media);
        const allowed = media === 'video' ? limits.activeVideoTasks : limits.activeImageTasks;
        if (active >= allowed) throw new AppError(ErrorCode.tooManyTasks, 'errors.tooManyTasks');
        const id = randomUUID();
        const hold =
          decision.cost > 0
            ? await unit.hold({
                amount: decision.cost,
                event: taskType,
                service: taskType,
                idempotencyKey: `task:${id}`,
              })
            : null;
        const now = clock.now();
        return repository.insertTask(unit.tx, {
          id,
          userId,
          taskType,
          media,
          engine,
          status: 'queued',
          settings,
          inputs: { images: checked.map((c) => c.key), videos: body.videos, audios: body.audios },
          isPrivate,
          // Relaxed jobs run in the lowest lane whatever the grade.
          lane: decision.mode === 'relaxed' ? 0 : limits.lane,
          maxRunning: limits.concurrentTasks,
          cost: decision.cost,
          holdId: hold?.holdId ?? null,
          requestId,
          createdAt: now,
          updatedAt: now,
        });
      });
      const position = await repository.queuePosition(task, clock.now());
      deps.events.publish(userId, {
        type: 'task',
        data: { task_id: task.id, status: task.status, progress: 0, queue_position: position },
      });
      return {
        task_id: task.id,
        cost: task.cost,
        queue_position: position,
        estimated_wait_min: decision.waitMin,
      };
    },

    async result(userId: number, taskId: string): Promise<TaskResult> {
      const task = await repository.findTask(repository.db, taskId);
      if (!task || task.userId !== userId)
        throw new AppError(ErrorCode.notFound, 'errors.notFound');
      return toResult(task, await repository.listOutputs([task.id]));
    },

    async list(userId: number, media: string | null, page: number, pageSize: number) {
      const { rows, total } = await repository.listTasks(
        userId,
        media,
        (page - 1) * pageSize,
        pageSize,
      );
      const outputs = await repository.listOutputs(rows.map((r) => r.id));
      const data = await Promise.all(
        rows.map((r) =>
          toResult(
            r,
            outputs.filter((o) => o.taskId === r.id),
          ),
        ),
      );
      return { data, total, page, page_size: pageSize };
    },

    /** Cancels a queued or generating task and refunds it at once. */
    async cancel(userId: number, taskId: string): Promise<TaskResult> {
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
      deps.events.publish(userId, {
        type: 'task',
        data: { task_id: taskId, status: 'cancelled', progress: cancelled.progress },
      });
      return toResult(cancelled, []);
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
