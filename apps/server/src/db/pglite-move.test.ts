import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/support/factories';
import { openDatabase } from './database';
import { isPostgresCluster, startEmbeddedPostgres } from './embedded-postgres';
import { hasPgliteData, keptPgliteFolders, moveFromPglite } from './pglite-move';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

// The move runs its own PostgreSQL server, apart from the one the rest of the suite uses.
describe('moving a PGlite install to PostgreSQL', () => {
  it('brings every row over, keeps the PGlite folder, and starts on PostgreSQL after', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-move-'));
    dirs.push(dataDir);
    // What the previous version left in DATA_DIR/db: a migrated PGlite database with users.
    const old = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    await old.migrate();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createUser(old.db, { nickname: `Mover ${i}` }));
    await old.close();
    expect(hasPgliteData(dataDir)).toBe(true);

    const messages: string[] = [];
    const moved = await moveFromPglite({ dataDir, log: (m) => messages.push(m) });
    try {
      expect(moved.rows).toBeGreaterThanOrEqual(3);
      const users = await query<{ id: string; nickname: string }>(
        moved.server.url,
        'select id, nickname from users order by id',
      );
      expect(users).toEqual(made.map((u) => ({ id: String(u.id), nickname: u.nickname })));
      // The migrations journal came along, so the server does not migrate from scratch.
      const journal = await query<{ n: number }>(
        moved.server.url,
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(journal[0]!.n).toBeGreaterThan(0);
      // Sequences came along too: a new user does not collide with a moved one.
      const next = await openDatabase({ kind: 'postgres', url: moved.server.url });
      await next.migrate();
      const added = await createUser(next.db);
      expect(Number(added.id)).toBeGreaterThan(Number(made[2]!.id));
      await next.close();
    } finally {
      await moved.server.stop();
    }

    expect(isPostgresCluster(path.join(dataDir, 'db'))).toBe(true);
    expect(hasPgliteData(dataDir)).toBe(false);
    await expect(fs.stat(path.join(moved.keptAt, 'PG_VERSION'))).resolves.toBeTruthy();
    expect(messages.join('\n')).toContain(moved.keptAt);
    // Each later start reminds the operator of the kept folder.
    expect(keptPgliteFolders(dataDir)).toEqual([moved.keptAt]);

    // The next start finds PostgreSQL's cluster and the moved rows in it.
    const again = await startEmbeddedPostgres({ dataDir, log: () => {} });
    try {
      const rows = await query<{ n: number }>(again.url, 'select count(*)::int as n from users');
      expect(rows[0]!.n).toBe(4);
    } finally {
      await again.stop();
    }
  }, 120_000);
});
