import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ObjectStore } from '../../src/adapters/storage/object-store';
import { buildApp, type App } from '../../src/app';
import { loadConfig, type Config } from '../../src/config/env';
import type { DatabaseHandle } from '../../src/db/database';
import type { Clock } from '../../src/lib/clock';
import { createTestDatabase } from './test-database';

export type TestApp = {
  app: App;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
};

/** The real app on a database of its own, for `app.inject` tests. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    /**
     * Adds routes before the app is sealed, e.g. one that throws, or a module's routes built
     * on this app's database and config.
     */
    extend?: (app: FastifyInstance, context: { database: DatabaseHandle; config: Config }) => void;
    /** Wraps the app's object store (see AppDeps.wrapStore). */
    wrapStore?: (store: ObjectStore) => ObjectStore;
    /** Receives the app's log lines (see AppDeps.logStream). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...options.env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.wrapStore ? { wrapStore: options.wrapStore } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  options.extend?.(app, { database, config });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
