import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Config } from './config/env';

/** How much lower than the API the worker runs (a `nice` value: 19 is the lowest priority). */
export const WORKER_NICENESS = 10;
/** Restart delays after the worker dies: doubling from the first, up to the last. */
const RESTART_FIRST_MS = 500;
const RESTART_MAX_MS = 30_000;
/** A worker that ran this long before dying is restarted after the first delay again. */
const HEALTHY_AFTER_MS = 60_000;
/** How long a stopping worker may take to hand its tasks back before it is killed. */
const STOP_GRACE_MS = 12_000;

const workerEntry = fileURLToPath(new URL('../../worker/src/main.ts', import.meta.url));

type Log = {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
};

/** A token for the embedded worker alone, new at each start and never written anywhere. */
export function createEmbeddedWorkerToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The embedded worker's settings: the local engine, and every other engine once it is
 * configured (the server's environment or Admin → Engines), which it learns from the server.
 */
export function embeddedWorkerEnv(config: Config, serverUrl: string, token: string) {
  return {
    WORKER_SERVER_URL: serverUrl,
    WORKER_TOKEN: token,
    WORKER_CONCURRENCY: String(config.worker.concurrency),
    WORKER_REMOTE_CONCURRENCY: String(config.worker.remoteConcurrency),
    WORKER_ENGINES: 'local',
    WORKER_CONFIGURED_ENGINES: 'all',
  };
}

/**
 * The worker that `npm start` runs beside its API: `apps/worker` as a child process at a lower
 * priority, pulling tasks over the same HTTP worker API as workers on other machines. Its
 * engines (models, ffmpeg, rendering) never run on the API's event loop or ahead of it on the
 * CPU. Restarted when it dies; it stops by itself when the API process is gone (IPC channel).
 */
export function startEmbeddedWorker(opts: {
  env: Record<string, string>;
  log: Log;
  /**
   * Called when a worker died on its own, with the prefix of its worker id (unique to that
   * run of it), so that its tasks can go back to the queue at once.
   */
  onDied?: (workerIdPrefix: string) => void;
}) {
  let child: ChildProcess | undefined;
  let launches = 0;
  let stopping = false;
  let delay = RESTART_FIRST_MS;
  let restartTimer: NodeJS.Timeout | undefined;

  function launch() {
    const startedAt = Date.now();
    // Its id is `embedded-<server pid>-<launch>-<worker pid>`: a prefix no other worker shares.
    const name = `embedded-${process.pid}-${++launches}`;
    // This process's own IPC channel (to the process that runs PostgreSQL) is not the worker's.
    const {
      WORKER_TOKEN: _token,
      NODE_CHANNEL_FD: _channel,
      NODE_CHANNEL_SERIALIZATION_MODE: _mode,
      ...inherited
    } = process.env;
    const worker = spawn(process.execPath, [...process.execArgv, workerEntry], {
      env: { ...inherited, ...opts.env, WORKER_NAME: name },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = worker;
    if (worker.pid !== undefined) {
      try {
        os.setPriority(worker.pid, WORKER_NICENESS);
      } catch (err) {
        // Lowering a child's priority needs no privilege; this only fails if it already exited.
        opts.log.warn({ err }, 'could not lower the embedded worker’s priority');
      }
    }
    worker.on('exit', (code, signal) => {
      if (child === worker) child = undefined;
      if (stopping) return;
      opts.onDied?.(`${name}-`);
      if (Date.now() - startedAt >= HEALTHY_AFTER_MS) delay = RESTART_FIRST_MS;
      opts.log.warn(
        { code, signal, restartInMs: delay },
        'the embedded worker stopped; starting it again',
      );
      restartTimer = setTimeout(launch, delay);
      restartTimer.unref();
      delay = Math.min(delay * 2, RESTART_MAX_MS);
    });
    opts.log.info({ pid: worker.pid }, 'embedded worker started');
  }

  launch();
  return {
    get pid() {
      return child?.pid;
    },
    /** Stops the worker, which hands its running tasks back first; kills it if it hangs. */
    async stop(): Promise<void> {
      stopping = true;
      clearTimeout(restartTimer);
      const worker = child;
      if (!worker || worker.exitCode !== null || worker.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.kill('SIGTERM');
      const timer = setTimeout(() => worker.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The URL this machine reaches the listening server at (a wildcard address means loopback). */
export function loopbackUrlOf(address: string | { address: string; port: number } | null): string {
  if (!address || typeof address === 'string')
    throw new Error('the server is not listening on TCP');
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
