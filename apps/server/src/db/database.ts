import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { getTableColumns } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** The Drizzle handle every repository receives, whichever driver sits below it. */
export type Database = PgDatabase<PgQueryResultHKT>;

/** A transaction handle; repositories that join another module's unit of work accept one. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Either the database or a transaction in progress. */
export type Executor = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseKind;
  /** Applies the drizzle-kit migrations; safe to call from several nodes at once. */
  migrate(): Promise<void>;
  /** Answers with the server's name and version, e.g. `PostgreSQL 18.4`; throws when it is down. */
  ping(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A statement whose text never changes, run as a named prepared statement where the driver
 * keeps them (node-postgres prepares it once per connection, then sends only its name and
 * values). The hot fixed shapes of the queue use it: building their text through the query
 * builder, and PostgreSQL parsing and planning it, would otherwise be paid on every call. It
 * runs outside any transaction, as one statement; answers the rows as the driver gives them.
 */
export function createPreparedStatement<Row = Record<string, unknown>>(
  db: Database,
  name: string,
  text: string,
): (values: unknown[]) => Promise<Row[]> {
  // The driver's own client: a pg Pool on PostgreSQL, a PGlite instance on PGlite.
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return async (values) =>
      (await client.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
  }
  if (client instanceof PGlite) {
    return async (values) => (await client.query<Row>(text, values)).rows;
  }
  throw new Error('prepared statements need the database handle made by openDatabase');
}

/**
 * Turns rows of `table` as the driver gives them (a function answering `setof` the table, a
 * prepared statement) into the rows Drizzle's own queries answer, with each column's mapping
 * (dates, numbers from bigint, parsed JSON).
 */
export function createRowMapper<T extends PgTable>(table: T) {
  const columns = Object.entries(getTableColumns(table));
  return (raw: Record<string, unknown>): T['$inferSelect'] => {
    const row: Record<string, unknown> = {};
    for (const [field, column] of columns) {
      const value = raw[column.name];
      row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** Serialises migrations when several API nodes start against one PostgreSQL at once. */
const MIGRATION_LOCK_ID = 7_304_118_221;

export type OpenDatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** `18.4`, or a packager's `15.14 (Debian 15.14-0+deb12u1)`, as `PostgreSQL 18.4`. */
function describeVersion(serverVersion: string): string {
  return `PostgreSQL ${serverVersion.split(' ')[0]}`;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize ?? 10)
    : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined) {
  const client = await PGlite.create({
    // History search's trigram index needs it, as on PostgreSQL.
    extensions: { pg_trgm },
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite({ client }) as unknown as Database;
  const handle: DatabaseHandle & { client: PGlite } = {
    db,
    kind: 'pglite',
    client,
    // PGlite is one connection in one process, so no lock is needed around migrations.
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    ping: async () => {
      const result = await client.query<{ server_version: string }>('show server_version');
      return describeVersion(result.rows[0]!.server_version);
    },
    close: () => client.close(),
  };
  return handle;
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  const db = drizzlePg({ client: pool }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      const result = await pool.query<{ server_version: string }>('show server_version');
      return describeVersion(result.rows[0]!.server_version);
    },
    close: () => pool.end(),
  };
}
