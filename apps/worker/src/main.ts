import { hostname } from 'node:os';
import { connectionsFromEnv, loadWorkerConfig } from './config';
import { createEngineSet, enginesWhenConfigured, mergeConnections } from './create-engines';
import { createHttpWorkerApi } from './http-worker-api';
import { createWorkerRunner } from './runner';

/** How often a worker asks the server whether an admin changed an engine's connection. */
const SETTINGS_POLL_MS = 10_000;

/** A standalone worker: pulls tasks from the API over HTTPS and runs them on its engines. */
async function main() {
  let config;
  try {
    config = loadWorkerConfig();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
  const workerId = `${config.WORKER_NAME ?? hostname()}-${process.pid}`;
  const log = (level: string) => (details: Record<string, unknown>, message: string) =>
    process.stdout.write(
      `${JSON.stringify({ level, time: Date.now(), workerId, message, ...details })}\n`,
    );
  const logger = { info: log('info'), warn: log('warn'), error: log('error') };
  const api = createHttpWorkerApi({
    serverUrl: config.WORKER_SERVER_URL,
    token: config.WORKER_TOKEN,
  });
  const own = connectionsFromEnv(config);
  const engineSet = createEngineSet(workerId);
  const choose = (server: Parameters<typeof mergeConnections>[1]) => ({
    offered: config.WORKER_ENGINES,
    whenConfigured: enginesWhenConfigured(
      config.WORKER_CONFIGURED_ENGINES,
      config.WORKER_REMOTE_CONCURRENCY,
    ),
    connections: mergeConnections(own, server),
  });

  /** The server's engine settings, or none when it keeps none or cannot be asked right now. */
  async function serverSettings() {
    try {
      return (await api.engineSettings()) ?? undefined;
    } catch (err) {
      logger.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'engine settings unavailable',
      );
      return undefined;
    }
  }

  let settings = await serverSettings();
  let { engines, skipped } = engineSet.build(choose(settings?.connections));
  for (const reason of skipped) logger.warn({ reason }, 'engine left out');
  if (engines.length === 0) {
    console.error('No engine is available to this worker.');
    process.exit(1);
  }
  const runner = createWorkerRunner({
    api,
    engines,
    workerId,
    concurrency: config.WORKER_CONCURRENCY,
    remoteConcurrency: config.WORKER_REMOTE_CONCURRENCY,
    idleMs: 2000,
    taskTypes: config.WORKER_TASK_TYPES ?? null,
    logger,
  });
  runner.start();
  logger.info({ engines: runner.engines }, 'worker started');

  // Connections changed on the admin Engines page apply here without a restart.
  const poll = setInterval(() => {
    void serverSettings().then((next) => {
      if (!next || next.version === settings?.version) return;
      settings = next;
      ({ engines, skipped } = engineSet.build(choose(next.connections)));
      runner.setEngines(engines);
      logger.info({ engines: runner.engines, skipped }, 'engine settings changed');
    });
  }, SETTINGS_POLL_MS);

  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    clearInterval(poll);
    logger.info({}, 'stopping');
    void runner.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // Started by `npm start` as its embedded worker: when the server that started it is gone
  // (even killed outright), the IPC channel closes and this worker stops with it.
  if (process.send) {
    process.on('disconnect', shutdown);
    // Gone before this worker was ready to hear it.
    if (!process.connected) shutdown();
  }
}

await main();
