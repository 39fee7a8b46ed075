import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { tasks } from './generation.schema';

export type TaskTypeStats = {
  taskType: string;
  runs: number;
  failed: number;
  medianS: number | null;
  p95S: number | null;
};

export type LaneDepth = { lane: number; queued: number; oldestCreatedAt: Date };

/** Figures about the queue and its recent runs for the admin Engines page. */
export function createTaskStatsRepository(db: Database) {
  return {
    /**
     * Runs that ended (done or failed) since `since`, per task type, with the median and 95th
     * percentile of how long the done ones took. One range over `tasks_finished_idx`.
     */
    async statsSince(since: Date): Promise<TaskTypeStats[]> {
      const seconds = sql`extract(epoch from (${tasks.finishedAt} - ${tasks.startedAt}))`;
      const done = sql`${tasks.status} = 'done' and ${tasks.startedAt} is not null`;
      const rows = await db
        .select({
          taskType: tasks.taskType,
          runs: sql<number>`count(*)::int`,
          failed: sql<number>`(count(*) filter (where ${tasks.status} = 'failed'))::int`,
          medianS: sql<
            number | null
          >`(percentile_cont(0.5) within group (order by ${seconds}) filter (where ${done}))::float8`,
          p95S: sql<
            number | null
          >`(percentile_cont(0.95) within group (order by ${seconds}) filter (where ${done}))::float8`,
        })
        .from(tasks)
        .where(and(sql`${tasks.finishedAt} >= ${since}`, inArray(tasks.status, ['done', 'failed'])))
        .groupBy(tasks.taskType);
      return rows;
    },
    /** Queued tasks per lane and the oldest one's age (the partial `tasks_queue_idx`). */
    async queueDepth(): Promise<LaneDepth[]> {
      const rows = await db
        .select({
          lane: tasks.lane,
          queued: sql<number>`count(*)::int`,
          oldest: sql<string>`min(${tasks.createdAt})`,
        })
        .from(tasks)
        .where(eq(tasks.status, 'queued'))
        .groupBy(tasks.lane)
        .orderBy(sql`${tasks.lane} desc`);
      return rows.map((r) => ({
        lane: r.lane,
        queued: r.queued,
        oldestCreatedAt: new Date(r.oldest),
      }));
    },
    /** Tasks these workers are running now (their lease owner). */
    async runningBy(
      workerIds: string[],
    ): Promise<{ id: string; taskType: string; owner: string }[]> {
      if (workerIds.length === 0) return [];
      const rows = await db
        .select({ id: tasks.id, taskType: tasks.taskType, owner: tasks.leaseOwner })
        .from(tasks)
        .where(and(eq(tasks.status, 'generating'), inArray(tasks.leaseOwner, workerIds)));
      return rows.map((r) => ({ id: r.id, taskType: r.taskType, owner: r.owner ?? '' }));
    },
  };
}

export type TaskStatsRepository = ReturnType<typeof createTaskStatsRepository>;
