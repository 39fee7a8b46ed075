import type { WorkerApi } from '@lumen/worker/worker-api';
import type { TaskType } from '@lumen/contracts/task-types';
import type { GenerationMedia } from './generation.ports';
import type { QueueService } from './queue.service';

/** The worker API for the worker that runs inside the server process (no HTTP in between). */
export function createEmbeddedWorkerApi(deps: {
  queue: QueueService;
  media: GenerationMedia;
}): WorkerApi {
  const { queue } = deps;
  return {
    async claim(caps, options) {
      const task = await queue.claim(caps, options);
      if (!task) return null;
      return {
        id: task.id,
        taskType: task.taskType as TaskType,
        engine: task.engine,
        settings: task.settings,
        inputs: task.inputs,
      };
    },
    heartbeat: (taskId, workerId, progress) => queue.heartbeat(taskId, workerId, progress),
    preview: async (taskId, workerId, image) => {
      await queue.preview(taskId, workerId, image.bytes);
    },
    readInput: (key) => deps.media.readInput(key),
    complete: (taskId, workerId, outputs) => queue.complete(taskId, workerId, outputs),
    fail: (taskId, workerId, message, reason) => queue.fail(taskId, workerId, message, reason),
    release: (taskId, workerId) => queue.release(taskId, workerId),
  };
}
