import { hostname } from 'node:os';
import { loadWorkerConfig } from './config';
import { createEngines } from './create-engines';
import { createHttpWorkerApi } from './http-worker-api';
import { createWorkerRunner } from './runner';

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
  const { engines, skipped } = createEngines(
    {
      enabled: config.WORKER_ENGINES,
      comfyuiUrl: config.COMFYUI_URL,
      openai:
        config.OPENAI_BASE_URL && config.OPENAI_API_KEY
          ? {
              baseUrl: config.OPENAI_BASE_URL,
              apiKey: config.OPENAI_API_KEY,
              imageModel: config.OPENAI_IMAGE_MODEL,
              chatModel: config.OPENAI_CHAT_MODEL,
            }
          : undefined,
    },
    workerId,
  );
  for (const reason of skipped) logger.warn({ reason }, 'engine left out');
  if (engines.length === 0) {
    console.error('No engine is available to this worker.');
    process.exit(1);
  }
  const runner = createWorkerRunner({
    api: createHttpWorkerApi({ serverUrl: config.WORKER_SERVER_URL, token: config.WORKER_TOKEN }),
    engines,
    workerId,
    concurrency: config.WORKER_CONCURRENCY,
    idleMs: 2000,
    taskTypes: config.WORKER_TASK_TYPES ?? null,
    logger,
  });
  runner.start();
  logger.info({ engines: engines.map((e) => e.name) }, 'worker started');
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
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
