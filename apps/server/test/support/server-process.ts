import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** The server's entry, as `npm start` runs it. */
export const mainFile = path.resolve(import.meta.dirname, '../../src/main.ts');
const started: ChildProcess[] = [];

/** A TCP port free on loopback right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server process (on the embedded PostgreSQL unless `env` names a database),
 * listening on loopback; its output is kept for failure messages.
 */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export type StartedServer = ReturnType<typeof startServer>;

/**
 * Waits for /healthz. A machine busy with the rest of the suite may take a while to start a
 * server on a fresh data dir; one that exits instead fails at once, saying what it printed.
 */
export async function waitForHealth(port: number, server: StartedServer, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server on ${port} exited (${server.child.exitCode}): ${server.output()}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not become healthy: ${server.output().slice(-2000)}`);
}

/** Kills whatever a test file started and left running (for its `afterAll`). */
export function killStartedServers(): void {
  for (const child of started) child.kill('SIGKILL');
}
