import { desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  engineConnections,
  workers,
  type EngineConnectionRow,
  type WorkerRow,
} from './engines.schema';

export type WorkerSighting = {
  id: string;
  name: string;
  engines: string[];
  taskTypes: string[] | null;
  /** Tasks completed since the last write. */
  doneSince: number;
  seenAt: Date;
};

export function createEnginesRepository(db: Database) {
  return {
    async listConnections(): Promise<EngineConnectionRow[]> {
      return db.select().from(engineConnections);
    },
    async upsertConnection(engine: string, sealed: string, userId: number, now: Date) {
      await db
        .insert(engineConnections)
        .values({ engine, sealed, updatedAt: now, updatedBy: userId })
        .onConflictDoUpdate({
          target: engineConnections.engine,
          set: { sealed, updatedAt: now, updatedBy: userId },
        });
    },
    async deleteConnection(engine: string): Promise<void> {
      await db.delete(engineConnections).where(eq(engineConnections.engine, engine));
    },
    /** Writes what nodes saw of workers; done counts add up across nodes. */
    async upsertWorkers(sightings: WorkerSighting[]): Promise<void> {
      if (sightings.length === 0) return;
      await db
        .insert(workers)
        .values(
          sightings.map((s) => ({
            id: s.id,
            name: s.name,
            engines: s.engines,
            taskTypes: s.taskTypes,
            tasksDone: s.doneSince,
            firstSeenAt: s.seenAt,
            lastSeenAt: s.seenAt,
          })),
        )
        .onConflictDoUpdate({
          target: workers.id,
          set: {
            engines: sql`excluded.engines`,
            taskTypes: sql`excluded.task_types`,
            tasksDone: sql`${workers.tasksDone} + excluded.tasks_done`,
            lastSeenAt: sql`greatest(${workers.lastSeenAt}, excluded.last_seen_at)`,
          },
        });
    },
    async listWorkersSince(since: Date): Promise<WorkerRow[]> {
      return db
        .select()
        .from(workers)
        .where(gte(workers.lastSeenAt, since))
        .orderBy(desc(workers.lastSeenAt))
        .limit(500);
    },
    /** Forgets workers not seen for a long time, so the table stays small. */
    async deleteWorkersBefore(before: Date): Promise<void> {
      await db.delete(workers).where(sql`${workers.lastSeenAt} < ${before}`);
    },
  };
}

export type EnginesRepository = ReturnType<typeof createEnginesRepository>;
