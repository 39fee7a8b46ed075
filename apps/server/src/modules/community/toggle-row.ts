import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from '../../db/database';

/** What a toggle did: whether a row was added or removed, and the counter afterwards. */
export type Toggled = { changed: boolean; count: number };

/**
 * The step every toggle (like, favorite, follow, circle membership, vote) shares: insert the
 * row … on conflict do nothing, or delete it, both returning, and say whether a row really
 * came or went. Counters move only when it did, so repeated and concurrent toggles stay exact.
 */
export async function toggleRow<T extends PgTable>(
  tx: Transaction,
  table: T,
  on: boolean,
  row: T['$inferInsert'],
  match: SQL | undefined,
): Promise<boolean> {
  const rows = on
    ? await tx.insert(table).values(row).onConflictDoNothing().returning()
    : await tx.delete(table).where(match).returning();
  return rows.length === 1;
}
