import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, openDatabase } from '../../src/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates once, then every test file starts from a copy: a PGlite data-dir dump, or, when
 * TEST_DATABASE_URL points at a real PostgreSQL, a template database.
 */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-test-'));
  const client = await PGlite.create();
  await migrate(drizzle({ client }), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const templatePath = path.join(dir, 'pglite-template.tar');
  await fs.writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', templatePath);

  const url = process.env.TEST_DATABASE_URL;
  let template = '';
  if (url) {
    template = `lumen_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${template}`;
    const db = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 1 });
    await db.migrate();
    await db.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}
