import { spawn } from 'node:child_process';
import type { Config } from './config/env';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres';
import { hasPgliteData, keptPgliteFolders, moveFromPglite } from './db/pglite-move';

/**
 * Without DATABASE_URL this process owns the embedded PostgreSQL server and runs the API as
 * its child. PostgreSQL starts first and stops last: after the API has finished on SIGTERM or
 * SIGINT, and also when the API crashes or is killed, since this parent outlives it. Nothing is
 * restarted: a crashed API stops the whole server with the API's exit code.
 */
export async function runWithEmbeddedPostgres(config: Config): Promise<never> {
  const log = (message: string) => console.error(message);
  let releaseLock: () => Promise<void>;
  try {
    releaseLock = await lockDataDir(config.dataDir, {
      onWait: ({ pid }) =>
        log(
          `The server that used ${config.dataDir} (process ${pid}) stopped without ` +
            'shutting down; taking its data directory over within 20 s.',
        ),
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      log(err.message);
      process.exit(1);
    }
    throw err;
  }

  let server: EmbeddedPostgres;
  const moving = hasPgliteData(config.dataDir);
  try {
    server = moving
      ? (await moveFromPglite({ dataDir: config.dataDir, log })).server
      : await startEmbeddedPostgres({ dataDir: config.dataDir, log });
  } catch (err) {
    log(err instanceof Error ? err.message : String(err));
    await releaseLock();
    process.exit(1);
  }

  for (const kept of moving ? [] : keptPgliteFolders(config.dataDir)) {
    log(
      `The PGlite data moved to PostgreSQL earlier is still kept in ${kept} (and ${kept}.sql); ` +
        'remove both once the server has run well on PostgreSQL.',
    );
  }

  const api = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, DATABASE_URL: server.url, EMBEDDED_DATABASE: 'on' },
    // The IPC channel tells the API when this process is gone, even by kill -9.
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (api.exitCode === null && api.signalCode === null) api.kill(signal);
    });
  }
  let serverFailed = false;
  void server.exited.then(() => {
    if (api.exitCode === null && api.signalCode === null) {
      serverFailed = true;
      log('PostgreSQL stopped unexpectedly; stopping the server.');
      api.kill('SIGTERM');
    }
  });

  const code = await new Promise<number>((resolve) =>
    api.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
  );
  await server.stop();
  await releaseLock();
  process.exit(serverFailed ? code || 1 : code);
}
