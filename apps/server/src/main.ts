import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config/env';
import { openDatabase } from './db/database';
import { runWithEmbeddedPostgres } from './embedded-supervisor';
import { startOfNextBusinessDay } from './lib/business-day';
import {
  createEmbeddedWorkerToken,
  embeddedWorkerEnv,
  loopbackUrlOf,
  startEmbeddedWorker,
} from './embedded-worker';

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

  if (!config.databaseUrl) await runWithEmbeddedPostgres(config);
  const databaseUrl = config.databaseUrl!;
  const embedded = config.embeddedDatabase;

  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  await database.migrate();

  const embeddedWorkerToken = config.worker.embedded ? createEmbeddedWorkerToken() : undefined;
  const app = await buildApp({
    config: embeddedWorkerToken
      ? {
          ...config,
          worker: { ...config.worker, tokens: [...config.worker.tokens, embeddedWorkerToken] },
        }
      : config,
    database,
  });

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

  // `npm start` runs a worker beside the server (decision 2), as a child process.
  if (embedded) {
    // This API alone uses the embedded database (its data dir is locked), so the embedded workers
    // of an earlier run are gone: their tasks carry on now, not when their leases run out.
    const recovered = await app.services.queue.recoverAbandoned('embedded-');
    if (recovered > 0) app.log.info({ recovered }, 'took back the tasks of the last run');
  }
  let worker: ReturnType<typeof startEmbeddedWorker> | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    for (const timer of timers) clearInterval(timer);
    clearTimeout(rewardTimer);
    await worker?.stop();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  if (embedded) {
    // The parent that owns the embedded PostgreSQL was killed outright: the server as a whole
    // is gone, so this API goes at once rather than keep the port while the next start waits.
    // Its running tasks are taken back by that next start.
    const orphaned = () => {
      console.error('The process that ran the embedded PostgreSQL is gone; stopping.');
      process.exit(1);
    };
    process.on('disconnect', orphaned);
    if (!process.connected) orphaned();
  }

  try {
    await app.listen({ port: config.port, host: config.host });
    // The first upload after a start would otherwise wait seconds for the NSFW model.
    void app.services
      .preloadModels()
      .catch((err: unknown) => app.log.warn({ err }, 'could not load the moderation model'));
    if (embeddedWorkerToken) {
      worker = startEmbeddedWorker({
        env: embeddedWorkerEnv(config, loopbackUrlOf(app.server.address()), embeddedWorkerToken),
        log: app.log,
        onDied: (prefix) =>
          void app.services.queue
            .recoverAbandoned(prefix)
            .then((n) => n > 0 && app.log.info({ recovered: n }, 'took back the worker’s tasks'))
            .catch((err: unknown) => app.log.error({ err }, 'could not take back tasks')),
      });
    }
  } catch (err) {
    app.log.error(err);
    await database.close();
    process.exit(1);
  }
}

await main();
