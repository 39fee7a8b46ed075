import { hostname } from 'node:os';
import { connectionsFromEnv, loadWorkerConfig } from './config';
import { enginesWhenConfigured } from './create-engines';
import { createEngineSettingsWatch } from './engine-settings-watch';
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
  // Until the runner runs there is nothing to hand back: a stop before then exits at once.
  let stopRunning: () => void = () => process.exit(0);
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    stopRunning();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // Started by `npm start` as its embedded worker: when the server that started it is gone
  // (even killed outright), the IPC channel closes and this worker stops with it, also while
  // it is still starting (asking the server for its engine settings).
  if (process.send) {
    process.on('disconnect', shutdown);
    if (!process.connected) shutdown();
  }
  const log = (level: string) => (details: Record<string, unknown>, message: string) =>
    process.stdout.write(
      `${JSON.stringify({ level, time: Date.now(), workerId, message, ...details })}\n`,
    );
  const logger = { info: log('info'), warn: log('warn'), error: log('error') };
  const api = createHttpWorkerApi({
    serverUrl: config.WORKER_SERVER_URL,
    token: config.WORKER_TOKEN,
  });
  const watch = createEngineSettingsWatch({
    workerId,
    fetchSettings: () => api.engineSettings(),
    own: connectionsFromEnv(config),
    choice: {
      offered: config.WORKER_ENGINES,
      whenConfigured: enginesWhenConfigured(
        config.WORKER_CONFIGURED_ENGINES,
        config.WORKER_REMOTE_CONCURRENCY,
      ),
    },
    logger,
    intervalMs: SETTINGS_POLL_MS,
  });
  const { engines, skipped } = await watch.initial();
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
  watch.start((next, left) => {
    runner.setEngines(next);
    logger.info({ engines: runner.engines, skipped: left }, 'engine settings changed');
  });

  stopRunning = () => {
    watch.stop();
    logger.info({}, 'stopping');
    void runner.stop().then(() => process.exit(0));
  };
}

await main();
