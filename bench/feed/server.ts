/**
 * The API server the feed benchmark loads, in a process of its own so the load generator does
 * not share its event loop. Prints `listening <port>` once ready.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config/env';
import { openDatabase } from '../../apps/server/src/db/database';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must point at a PostgreSQL server');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-feed-bench-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  DATABASE_URL: url,
  EMBEDDED_WORKER: 'off',
  NSFW_CHECK: 'off',
});
const database = await openDatabase({ kind: 'postgres', url, poolSize: 20 });
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as AddressInfo).port}`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => fs.rm(dataDir, { recursive: true, force: true }))
    .finally(() => process.exit(0));
});
