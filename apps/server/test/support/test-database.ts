import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';

/** A fresh, migrated database of its own for one test file (or one test). */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  // Set by the global setup: the embedded PostgreSQL it started, or the caller's server.
  const url = process.env.TEST_DATABASE_URL!;
  const name = `lumen_t_${randomBytes(6).toString('hex')}`;
  await withAdmin(url, (admin) =>
    retryWhileTemplateBusy(() =>
      admin.query(`create database ${name} template ${inject('postgresTemplate')}`),
    ),
  );
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 20 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdmin(url, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** PostgreSQL refuses to copy a template while another copy of it is being made. */
async function retryWhileTemplateBusy<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const busy = (err as { code?: string }).code === '55006';
      if (!busy || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
}
