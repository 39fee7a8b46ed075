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
  /** What it offers, as its last claim on this node said; null when this node saw no claim. */
  offers: { engines: string[]; taskTypes: string[] | null } | null;
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
      const write = async (batch: WorkerSighting[], withOffers: boolean) => {
        if (batch.length === 0) return;
        await db
          .insert(workers)
          .values(
            batch.map((s) => ({
              id: s.id,
              name: s.name,
              engines: s.offers?.engines ?? [],
              taskTypes: s.offers?.taskTypes ?? null,
              tasksDone: s.doneSince,
              firstSeenAt: s.seenAt,
              lastSeenAt: s.seenAt,
            })),
          )
          .onConflictDoUpdate({
            target: workers.id,
            set: {
              // A node that only saw completions leaves what the worker offers as it was.
              ...(withOffers
                ? { engines: sql`excluded.engines`, taskTypes: sql`excluded.task_types` }
                : {}),
              tasksDone: sql`${workers.tasksDone} + excluded.tasks_done`,
              lastSeenAt: sql`greatest(${workers.lastSeenAt}, excluded.last_seen_at)`,
            },
          });
      };
      await write(
        sightings.filter((s) => s.offers !== null),
        true,
      );
      await write(
        sightings.filter((s) => s.offers === null),
        false,
      );
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
