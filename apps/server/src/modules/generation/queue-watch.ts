import type { EventBus } from '../../lib/event-bus';
import type { GenerationRepository } from './generation.repository';
import type { QueueLoadTracker } from './queue-load';
import { estimateWaitMinutes } from './queue-load';

/** How often waiting users hear where their tasks stand. */
export const QUEUE_WATCH_INTERVAL_MS = 3000;

/**
 * Keeps the queue position and wait of every waiting task live on its owner's open streams
 * (spec §4, the studio's queue line): each tick ranks the queued tasks of the users with a
 * stream open on this node, in one query, and sends a `queue` event for each task whose place
 * or wait changed. Every node does this for its own streams, so nothing crosses between nodes.
 * The event carries no status: a task claimed meanwhile is not sent back to "queued" by it.
 */
export function createQueueWatch(deps: {
  repository: Pick<GenerationRepository, 'queuedOf'>;
  events: EventBus;
  load: Pick<QueueLoadTracker, 'load'>;
}) {
  /** What each waiting task was last told, as "position:minutes". */
  const told = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;

  async function runTick(): Promise<void> {
    const userIds = deps.events.listening();
    if (userIds.length === 0) {
      told.clear();
      return;
    }
    const [queued, load] = await Promise.all([deps.repository.queuedOf(userIds), deps.load.load()]);
    const waiting = new Set<string>();
    for (const task of queued) {
      waiting.add(task.id);
      const minutes = estimateWaitMinutes(task.position, task.lane, load);
      const state = `${task.position}:${minutes}`;
      if (told.get(task.id) === state) continue;
      told.set(task.id, state);
      deps.events.publishHere(task.userId, {
        type: 'queue',
        data: { task_id: task.id, queue_position: task.position, estimated_wait_min: minutes },
      });
    }
    for (const id of told.keys()) if (!waiting.has(id)) told.delete(id);
  }

  /** One round; a round still running is joined rather than doubled. */
  function tick(): Promise<void> {
    ticking ??= runTick().finally(() => {
      ticking = null;
    });
    return ticking;
  }

  return {
    tick,
    start(onError: (err: unknown) => void, intervalMs = QUEUE_WATCH_INTERVAL_MS): void {
      timer = setInterval(() => {
        tick().catch(onError);
      }, intervalMs);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
    },
  };
}

export type QueueWatch = ReturnType<typeof createQueueWatch>;
