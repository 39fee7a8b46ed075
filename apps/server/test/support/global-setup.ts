import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import {
  embeddedClusterDir,
  embeddedDatabaseUrl,
  startEmbeddedPostgres,
} from '../../src/db/embedded-postgres';
import { openDatabase } from '../../src/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}

/**
 * Runs the suite on PostgreSQL: the server `npm start` embeds, started here on a temp dir, or
 * the one TEST_DATABASE_URL names. Migrates a template database once; every test file starts
 * from a copy of it.
 */
export default async function setup(project: TestProject) {
  let stopServer = async () => {};
  if (!process.env.TEST_DATABASE_URL) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-test-'));
    const server = await startEmbeddedPostgres({
      dataDir,
      log: () => {},
      // Throwaway data: no need to wait for the disk; room for every worker's pools.
      settings: { fsync: 'off', synchronous_commit: 'off', max_connections: '300' },
    });
    // The test workers start after this and inherit the variable.
    process.env.TEST_DATABASE_URL = embeddedDatabaseUrl(embeddedClusterDir(dataDir), 'postgres');
    stopServer = async () => {
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    };
  }
  const url = process.env.TEST_DATABASE_URL;

  const template = `lumen_template_${process.pid}`;
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
  project.provide('postgresTemplate', template);

  return async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${template} with (force)`);
    await cleanup.end();
    await stopServer();
  };
}
