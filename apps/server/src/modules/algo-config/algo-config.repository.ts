import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { algoConfig, type AlgoConfigRow, type NewAlgoConfigRow } from './algo-config.schema';

export function createAlgoConfigRepository(db: Database) {
  return {
    async listEnabled(algoSet: string, clientType: string): Promise<AlgoConfigRow[]> {
      return db
        .select()
        .from(algoConfig)
        .where(
          and(
            eq(algoConfig.algoSet, algoSet),
            eq(algoConfig.enabled, true),
            inArray(algoConfig.clientType, [clientType, 'all']),
          ),
        )
        .orderBy(asc(algoConfig.sort), asc(algoConfig.id));
    },
    async findEngine(taskType: string): Promise<string | undefined> {
      const [row] = await db
        .select({ engine: algoConfig.engine })
        .from(algoConfig)
        .where(and(eq(algoConfig.algoSet, 'engine_set'), eq(algoConfig.key, taskType)));
      return row?.engine ?? undefined;
    },
    async findRoute(
      taskType: string,
    ): Promise<{ engine: string | null; params: Record<string, unknown> } | undefined> {
      const [row] = await db
        .select({ engine: algoConfig.engine, params: algoConfig.params })
        .from(algoConfig)
        .where(and(eq(algoConfig.algoSet, 'engine_set'), eq(algoConfig.key, taskType)));
      return row;
    },
    async listRoutes(): Promise<AlgoConfigRow[]> {
      return db
        .select()
        .from(algoConfig)
        .where(eq(algoConfig.algoSet, 'engine_set'))
        .orderBy(asc(algoConfig.sort), asc(algoConfig.id));
    },
    async setRoute(
      taskType: string,
      engine: string,
      params: Record<string, unknown>,
      now: Date,
    ): Promise<AlgoConfigRow | undefined> {
      const [row] = await db
        .update(algoConfig)
        .set({ engine, params, updatedAt: now })
        .where(and(eq(algoConfig.algoSet, 'engine_set'), eq(algoConfig.key, taskType)))
        .returning();
      return row;
    },
    async setEngine(
      taskType: string,
      engine: string,
      now: Date,
    ): Promise<AlgoConfigRow | undefined> {
      const [row] = await db
        .update(algoConfig)
        .set({ engine, updatedAt: now })
        .where(and(eq(algoConfig.algoSet, 'engine_set'), eq(algoConfig.key, taskType)))
        .returning();
      return row;
    },
    /** Adds rows that are missing; rows already there (maybe edited by admins) are kept. */
    async insertMissing(rows: NewAlgoConfigRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(algoConfig).values(rows).onConflictDoNothing();
    },
  };
}

export type AlgoConfigRepository = ReturnType<typeof createAlgoConfigRepository>;
