import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  killStartedServers,
  mainFile,
  startServer,
  waitForHealth,
  type StartedServer,
} from './support/server-process';

const workerFile = path.resolve(import.meta.dirname, '../../worker/src/main.ts');
/** The processes whose command line matches, as `ps` lists them (pid, parent pid, command). */
function listProcesses(match: (command: string) => boolean) {
  return execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && match(m[3]!))
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), command: m[3]! }));
}

/** The API process a server started, and the embedded workers that API runs. */
function apiAndWorkersOf(server: StartedServer) {
  const api = listProcesses((command) => command.includes(mainFile)).find(
    (p) => p.ppid === server.child.pid,
  );
  const workers = api
    ? listProcesses((command) => command.includes(workerFile)).filter((p) => p.ppid === api.pid)
    : [];
  return { api, workers };
}

/** Whether a process is still running. */
function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The embedded PostgreSQL servers running on this data dir. */
const postgresOn = (dataDir: string) =>
  listProcesses((command) => command.includes(`postgres -D ${path.join(dataDir, 'db')} `));

afterAll(killStartedServers);

describe('the server process', () => {
  it('refuses a second server on the same data dir while the first keeps serving', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-proc-'));
    const port = await freePort();
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port, first);
    // A real PostgreSQL server holds the data, reachable on a socket in DATA_DIR only.
    expect(postgresOn(dataDir)).toHaveLength(1);
    expect(postgresOn(dataDir)[0]!.command).toContain('listen_addresses= ');
    const health = await (await fetch(`http://127.0.0.1:${port}/healthz`)).json();
    expect(health).toMatchObject({ database: 'up', database_version: 'PostgreSQL 18.4' });
    // Its worker is a process of its own, below the API's priority.
    const { api, workers } = apiAndWorkersOf(first);
    expect(workers).toHaveLength(1);
    expect(os.getPriority(workers[0]!.pid)).toBeGreaterThan(os.getPriority(api!.pid));

    const secondPort = await freePort();
    const second = startServer({ PORT: String(secondPort), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another running server/);

    const res = await fetch(`http://127.0.0.1:${port}/prod-api/content/algo_config/list`);
    expect(((await res.json()) as { code: number }).code).toBe(0);

    // A clean stop releases the lock, so the next start works and finds the data again.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(postgresOn(dataDir)).toEqual([]);
    expect(isRunning(workers[0]!.pid)).toBe(false);
    const third = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port, third);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(postgresOn(dataDir)).toEqual([]);
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 300_000);

  it('stops PostgreSQL when the API process dies, and starts again after', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-proc-'));
    const port = await freePort();
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port, first);
    const { api, workers } = apiAndWorkersOf(first);
    expect(api).toBeDefined();
    // A worker that dies is started again.
    process.kill(workers[0]!.pid, 'SIGKILL');
    const dead = workers[0]!.pid;
    await expect
      .poll(() => apiAndWorkersOf(first).workers.filter((w) => w.pid !== dead).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const [restarted] = apiAndWorkersOf(first).workers;
    process.kill(api!.pid, 'SIGKILL');
    expect(await first.exited).toBe(1);
    expect(postgresOn(dataDir)).toEqual([]);
    // The worker goes with the API that ran it.
    await expect.poll(() => isRunning(restarted!.pid), { timeout: 20_000 }).toBe(false);

    const second = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port, second);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(postgresOn(dataDir)).toEqual([]);
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 300_000);

  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    it(`finishes a task that was running when the server got ${signal}, once it is back`, async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-proc-'));
      const port = await freePort();
      const env = { PORT: String(port), DATA_DIR: dataDir, NSFW_CHECK: 'off' };
      const base = `http://127.0.0.1:${port}`;
      const call = async (p: string, ticket?: string, body?: object) =>
        (await (
          await fetch(`${base}${p}`, {
            method: body ? 'POST' : 'GET',
            headers: {
              'content-type': 'application/json',
              ...(ticket ? { authorization: `Bearer ${ticket}` } : {}),
            },
            ...(body ? { body: JSON.stringify(body) } : {}),
          })
        ).json()) as { code: number; result: Record<string, unknown> & Record<'ticket', string> };
      const first = startServer(env);
      await waitForHealth(port, first);
      const { ticket } = (
        await call('/prod-api/user/register', undefined, {
          username: `restart${signal.slice(3).toLowerCase()}`,
          password: 'Restart1234',
          confirm_password: 'Restart1234',
          agree_terms: true,
        })
      ).result;
      // The Plus trial pays for a 10 s 1080p video, long enough to be caught running.
      expect((await call('/prod-api/trade/v1/trial/claim', ticket, {})).code).toBe(0);
      const credits = async () =>
        (await call('/prod-api/trade/v1/account', ticket)).result.credits as number;
      const before = await credits();
      const submitted = await call('/api/gw/v3/video/video_diffusion/async', ticket, {
        prompt: 'waves on a rocky shore',
        params: { duration: 10, resolution: '1080p' },
      });
      expect(submitted.code).toBe(0);
      const status = async () =>
        (
          await call(
            `/api/gw/v3/video/video/async/results?task_id=${String(submitted.result.task_id)}`,
            ticket,
          )
        ).result.status;
      await expect.poll(status, { timeout: 30_000, interval: 100 }).toBe('generating');

      first.child.kill(signal);
      await first.exited;
      const second = startServer(env);
      await waitForHealth(port, second);
      if (signal === 'SIGKILL') expect(second.output()).toMatch(/stopped without shutting down/);
      // Well within the 60 s lease: the task was taken back at once, not left to expire.
      await expect
        .poll(status, { timeout: 45_000, interval: 250 })
        .toBe('done')
        .catch((err: unknown) => {
          throw new Error(`${String(err)}; the server printed: ${second.output().slice(-3000)}`);
        });
      // Captured once, whatever happened in between.
      expect(await credits()).toBe(before - Number(submitted.result.cost));
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      // Even after a kill -9 of the first server, no PostgreSQL is left running.
      expect(postgresOn(dataDir)).toEqual([]);
      await fs.rm(dataDir, { recursive: true, force: true });
    }, 300_000);
  }

  it('exits with a list of what is wrong in the configuration', async () => {
    const bad = startServer({ PORT: 'eighty', DATABASE_URL: 'mysql://nope' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('Invalid configuration');
    expect(bad.output()).toContain('PORT');
    expect(bad.output()).toContain('DATABASE_URL');
  });
});
