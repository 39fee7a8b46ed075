import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config/env';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { openDatabase } from './db/database';
import { startOfNextBusinessDay } from './lib/business-day';
import { createEngines } from '@lumen/worker/create-engines';
import { createWorkerRunner } from '@lumen/worker/runner';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  const embedded = !config.databaseUrl;
  let releaseLock: (() => Promise<void>) | undefined;
  if (embedded) {
    try {
      releaseLock = await lockDataDir(config.dataDir, {
        onWait: ({ pid }) =>
          console.error(
            `The server that used ${config.dataDir} (process ${pid}) stopped without ` +
              'shutting down; taking its data directory over within 20 s.',
          ),
      });
    } catch (err) {
      if (err instanceof DataDirLockedError) fail(err.message);
      throw err;
    }
  }

  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
  await database.migrate();

  const app = await buildApp({ config, database });

  // Scheduled upkeep; each run is idempotent, so several nodes may run it.
  const runPurge = () =>
    app.services.account
      .purgeDueAccounts()
      .then((n) => n > 0 && app.log.info({ purged: n }, 'purged deleted accounts'))
      .catch((err: unknown) => app.log.error({ err }, 'account purge failed'));
  const runUploadSweep = () =>
    app.services.media
      .sweepUploads(new Date())
      .then((n) => n > 0 && app.log.info({ removed: n }, 'removed unused uploads'))
      .catch((err: unknown) => app.log.error({ err }, 'upload sweep failed'));
  const runExpiry = () =>
    app.services.ledger
      .expireAll()
      .catch((err: unknown) => app.log.error({ err }, 'credit expiry sweep failed'));
  const runReaper = () =>
    app.services.queue
      .reapExpiredLeases()
      .catch((err: unknown) => app.log.error({ err }, 'lease reaper failed'));
  const runPeriodEnds = () => {
    const now = new Date();
    return Promise.all([
      app.services.subscriptions.runPeriodEnds(now),
      app.services.payments.expireCheckouts(now),
    ]).catch((err: unknown) => app.log.error({ err }, 'subscription period job failed'));
  };
  const runInviteRewards = () =>
    app.services.invites
      .issueInviteRewards(new Date())
      .then((n) => n > 0 && app.log.info({ issued: n }, 'issued invitation rewards'))
      .catch((err: unknown) => app.log.error({ err }, 'invitation reward issue failed'));
  const runNoticeDigests = () =>
    app.services.community.notifications
      .sendDigests()
      .catch((err: unknown) => app.log.error({ err }, 'notice digest job failed'));
  const runHotRefresh = () =>
    app.services.community.feed
      .refreshHotBounds()
      .catch((err: unknown) => app.log.error({ err }, 'hot bound refresh failed'));
  const timers = [
    setInterval(runHotRefresh, 3600_000),
    setInterval(runPurge, 3600_000),
    setInterval(runUploadSweep, 3600_000),
    setInterval(runExpiry, 10 * 60_000),
    setInterval(runReaper, 15_000),
    setInterval(runPeriodEnds, 5 * 60_000),
    setInterval(runNoticeDigests, 60_000),
  ];
  for (const timer of timers) timer.unref();
  app.services.queueWatch.start((err) => app.log.error({ err }, 'queue watch failed'));
  // Invitation rewards are issued daily at 00:00 GMT-8 (spec §4).
  let rewardTimer: NodeJS.Timeout | undefined;
  const scheduleInviteRewards = () => {
    const now = new Date();
    rewardTimer = setTimeout(
      () => void runInviteRewards().finally(scheduleInviteRewards),
      startOfNextBusinessDay(now).getTime() - now.getTime(),
    );
    rewardTimer.unref();
  };
  scheduleInviteRewards();
  app.addHook('onReady', async () => {
    void runPurge();
    void runHotRefresh();
    void runUploadSweep();
    void runExpiry();
    void runPeriodEnds();
    void runInviteRewards();
  });

  // PGlite is one process, so `npm start` runs its worker inside the server (decision 2).
  const workerId = `embedded-${process.pid}`;
  if (embedded) {
    // This process alone uses the database (the data dir is locked), so the embedded workers
    // of an earlier run are gone: their tasks carry on now, not when their leases run out.
    const recovered = await app.services.queue.recoverAbandoned('embedded-');
    if (recovered > 0) app.log.info({ recovered }, 'took back the tasks of the last run');
  }
  const { engines, skipped } = createEngines(
    {
      enabled: ['local', 'comfyui', 'openai'],
      comfyuiUrl: config.engines.comfyuiUrl,
      openai: config.engines.openai,
    },
    workerId,
  );
  const runner = config.worker.embedded
    ? createWorkerRunner({
        api: app.services.workerApi,
        engines,
        workerId,
        concurrency: config.worker.concurrency,
        idleMs: 500,
        logger: {
          info: (d, m) => app.log.info(d, m),
          warn: (d, m) => app.log.warn(d, m),
          error: (d, m) => app.log.error(d, m),
        },
      })
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    for (const timer of timers) clearInterval(timer);
    clearTimeout(rewardTimer);
    await runner?.stop();
    try {
      await app.close();
      await database.close();
      await releaseLock?.();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
    // The first upload after a start would otherwise wait seconds for the NSFW model.
    void app.services
      .preloadModels()
      .catch((err: unknown) => app.log.warn({ err }, 'could not load the moderation model'));
    if (runner) {
      for (const reason of skipped)
        app.log.info({ reason }, 'engine not available to the embedded worker');
      runner.start();
      app.log.info({ engines: engines.map((e) => e.name) }, 'embedded worker started');
    }
  } catch (err) {
    app.log.error(err);
    await database.close();
    await releaseLock?.();
    process.exit(1);
  }
}

await main();
