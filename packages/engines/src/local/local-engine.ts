import type { TaskType } from '@lumen/contracts/task-types';
import type { Engine, EngineIO } from '../engine';
import { EngineCancelledError, throwIfAborted, type ProgressReporter } from './cancellation';
import { editHandlers } from './edit-handlers';
import { localPreviewHandlers, type LocalTaskContext, type LocalTaskHandler } from './local-tasks';
import { studioHandlers } from './studio-handlers';

export { EngineCancelledError } from './cancellation';
export type { LocalTaskContext, LocalTaskHandler } from './local-tasks';

/**
 * What the server attaches to every output of the local engine's generative kinds: they are
 * previews drawn from the prompt, not model generations, and the product must say so.
 */
export const LOCAL_PREVIEW_ENGINE_LABEL = 'local-preview';

export type LocalEngineOptions = {
  /** ffmpeg binary; defaults to the one @ffmpeg-installer ships. */
  ffmpegPath?: string;
  /** Where video temp folders go; defaults to the OS temp dir. */
  tempDir?: string;
  /** More task types (background removal, upscaling…) served by the same engine. */
  handlers?: Partial<Record<TaskType, LocalTaskHandler>>;
};

/**
 * Task types the local engine renders as previews (the ML tools add theirs via `handlers`):
 * the generative kinds, and the editing tools that need a GPU model to paint new content.
 */
export const localPreviewTaskTypes = [
  ...(Object.keys(localPreviewHandlers) as TaskType[]),
  'inpaint',
  'outpaint',
  'product_on_model',
] satisfies TaskType[];

/** Maps fractions to whole percents, reports each once, and turns "stop" into an error. */
function createReporter(io: EngineIO): ProgressReporter {
  let last = -1;
  return async (fraction) => {
    throwIfAborted(io.signal);
    const percent = Math.min(100, Math.max(0, Math.floor(fraction * 100)));
    if (percent === last) return;
    last = percent;
    const keepGoing = await io.progress(percent);
    if (!keepGoing) throw new EngineCancelledError();
    throwIfAborted(io.signal);
  };
}

export function createLocalEngine(options: LocalEngineOptions = {}): Engine {
  const handlers: Partial<Record<TaskType, LocalTaskHandler>> = {
    ...localPreviewHandlers,
    ...editHandlers,
    ...studioHandlers,
    ...options.handlers,
  };
  return {
    name: 'local',
    supports: (taskType) => handlers[taskType] !== undefined,
    async run(task, io) {
      const handler = handlers[task.taskType];
      if (!handler) throw new Error(`The local engine does not serve ${task.taskType} tasks`);
      const ctx: LocalTaskContext = {
        io,
        report: createReporter(io),
        readImage: async (index) => {
          const key = task.inputs.images[index];
          if (key === undefined) {
            throw new Error(
              `${task.taskType} needs input image ${index + 1}, the task has ${task.inputs.images.length}`,
            );
          }
          return io.readInput(key);
        },
        readMask: async () => {
          const key = task.inputs.masks?.[0];
          if (key === undefined) throw new Error(`${task.taskType} needs a mask`);
          return io.readInput(key);
        },
        video: { ffmpegPath: options.ffmpegPath, tempDir: options.tempDir },
      };
      await ctx.report(0);
      const outputs = await handler(task, ctx);
      await ctx.report(1);
      return outputs;
    },
  };
}
