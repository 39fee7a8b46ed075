import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import pg from 'pg';
import {
  embeddedClusterDir,
  hasCluster,
  isPostgresCluster,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './embedded-postgres';

/** Whether DATA_DIR/db still holds the PGlite database that earlier versions ran. */
export function hasPgliteData(dataDir: string): boolean {
  const clusterDir = embeddedClusterDir(dataDir);
  return hasCluster(clusterDir) && !isPostgresCluster(clusterDir);
}

type RowCounts = Map<string, number>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function countRows(query: (text: string) => Promise<{ rows: unknown[] }>) {
  const tables = (await query(
    `select schemaname, tablename from pg_catalog.pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
  )) as { rows: { schemaname: string; tablename: string }[] };
  const counts: RowCounts = new Map();
  for (const { schemaname, tablename } of tables.rows) {
    const result = (await query(
      `select count(*)::int as n from ${quote(schemaname)}.${quote(tablename)}`,
    )) as { rows: { n: number }[] };
    counts.set(`${schemaname}.${tablename}`, result.rows[0]!.n);
  }
  return counts;
}

function describeDifferences(before: RowCounts, after: RowCounts): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .filter((name) => before.get(name) !== after.get(name))
    .map((name) => `${name}: ${before.get(name) ?? 'missing'} → ${after.get(name) ?? 'missing'}`);
}

export interface PgliteMove {
  server: EmbeddedPostgres;
  /** Where the PGlite folder is kept until an operator removes it. */
  keptAt: string;
  tables: number;
  rows: number;
}

/**
 * Moves the PGlite database in DATA_DIR/db into a new PostgreSQL cluster in its place: dumps it
 * with PGlite's own pg_dump, restores the dump, and checks every table has as many rows as
 * before. The PGlite folder is renamed, never deleted; on any failure it is put back and the
 * new cluster removed, so the next start tries again from the same data.
 */
export async function moveFromPglite({
  dataDir,
  log = (message) => console.error(message),
  now = new Date(),
}: {
  dataDir: string;
  log?: (message: string) => void;
  now?: Date;
}): Promise<PgliteMove> {
  const clusterDir = embeddedClusterDir(dataDir);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const keptAt = path.join(dataDir, `db-pglite-${stamp}`);
  log(`Moving the database in ${clusterDir} from PGlite to PostgreSQL…`);

  const pglite = await PGlite.create({ dataDir: clusterDir, extensions: { pg_trgm } });
  let dump: string;
  let before: RowCounts;
  try {
    const file = await pgDump({
      pg: pglite,
      args: ['--no-owner', '--no-privileges', '--rows-per-insert=1000'],
    });
    dump = await file.text();
    before = await countRows((text) => pglite.query(text));
  } finally {
    await pglite.close();
  }
  fs.writeFileSync(`${keptAt}.sql`, dump);
  fs.renameSync(clusterDir, keptAt);

  let server: EmbeddedPostgres | undefined;
  try {
    server = await startEmbeddedPostgres({ dataDir, log });
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      // psql meta-commands (pg_dump 18 writes \restrict) are not SQL; the rest runs as is.
      const sql = dump
        .split('\n')
        .filter((line) => !line.startsWith('\\'))
        .join('\n');
      await client.query(`begin;\n${sql}\ncommit;`);
      const after = await countRows((text) => client.query(text));
      const differences = describeDifferences(before, after);
      if (differences.length > 0) {
        throw new Error(`row counts differ after the move: ${differences.join('; ')}`);
      }
    } finally {
      await client.end();
    }
  } catch (err) {
    await server?.stop();
    fs.rmSync(clusterDir, { recursive: true, force: true });
    fs.renameSync(keptAt, clusterDir);
    throw new Error(
      `Could not move the database from PGlite to PostgreSQL; the PGlite data is unchanged ` +
        `in ${clusterDir}. ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
  const rows = [...before.values()].reduce((sum, n) => sum + n, 0);
  log(
    `Moved ${before.size} tables (${rows} rows) to PostgreSQL; the PGlite folder is kept as ` +
      `${keptAt} (and its dump as ${keptAt}.sql): remove them once you are satisfied.`,
  );
  return { server, keptAt, tables: before.size, rows };
}

/** The PGlite folders an earlier move kept in `dataDir` (removed by hand once all is well). */
export function keptPgliteFolders(dataDir: string): string[] {
  if (!fs.existsSync(dataDir)) return [];
  return fs
    .readdirSync(dataDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('db-pglite-'))
    .map((entry) => path.join(dataDir, entry.name));
}
