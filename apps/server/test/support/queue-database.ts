import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database';
import { ManualClock } from '../../src/lib/clock';
import { createCreditsRepository } from '../../src/modules/credits/credits.repository';
import { createLedgerService } from '../../src/modules/credits/ledger.service';
import { createGenerationRepository } from '../../src/modules/generation/generation.repository';
import { createTestDatabase } from './test-database';

/** What the queue's statement-level tests work with: the repositories on one manual clock. */
export interface QueueDatabase {
  clock: ManualClock;
  database: DatabaseHandle;
  repository: ReturnType<typeof createGenerationRepository>;
  credits: ReturnType<typeof createCreditsRepository>;
  ledger: ReturnType<typeof createLedgerService>;
}

/**
 * A test database for the file, opened before its tests and closed after them, with the
 * generation repository and the ledger on a manual clock that starts at `start`. The fields
 * are filled once the file's `beforeAll` has run.
 */
export function useQueueDatabase(start: Date): QueueDatabase {
  const q = { clock: new ManualClock(start) } as QueueDatabase;
  beforeAll(async () => {
    q.database = await createTestDatabase();
    q.repository = createGenerationRepository(q.database.db, q.clock);
    q.credits = createCreditsRepository(q.database.db, q.clock);
    q.ledger = createLedgerService({ repository: q.credits, clock: q.clock });
  });
  afterAll(() => q.database.close());
  return q;
}

/**
 * Waits until `n` statements whose text contains `marker` wait on a lock: a test holds a lock
 * in one transaction and lets another statement queue behind it before it commits.
 */
export async function untilWaiting(q: QueueDatabase, marker: string, n: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = (await q.database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like ${`%${marker}%`}`,
    )) as unknown as { rows: { n: number }[] };
    if ((rows[0]?.n ?? 0) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no statement with ${marker} came to wait on a lock`);
}
