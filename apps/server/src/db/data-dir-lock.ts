import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { z } from 'zod';
import { isProcessRunning } from '../lib/process-running';

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The data directory ${dataDir} is in use by another running server. ` +
        'The embedded database allows one process only: stop the other server, ' +
        'or give this one its own DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

const ownerSchema = z.object({ pid: z.number().int().positive(), host: z.string() });
type Owner = z.infer<typeof ownerSchema>;

/** Lock files this process holds. */
const held = new Set<string>();

async function readOwner(file: string): Promise<Owner | undefined> {
  try {
    const parsed = ownerSchema.safeParse(JSON.parse(await fs.readFile(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes an exclusive lock on the data directory. PGlite has no lock of its own, and two
 * processes on one data dir silently lose writes, so a second server must refuse to start.
 * The lock file's mtime is refreshed while we run, and goes stale `staleMs` after its holder
 * stops. When the holder named in `server.lock.owner` is a process of this machine that no
 * longer runs (a crash, a kill, a power cut), the lock is waited for until it goes stale and
 * then taken over; a holder that runs, or one on another machine, is refused at once.
 */
export async function lockDataDir(
  dataDir: string,
  {
    staleMs = 20_000,
    onWait,
  }: {
    staleMs?: number;
    /** Told once when the lock of a stopped server is being waited for. */
    onWait?: (owner: Owner) => void;
  } = {},
): Promise<() => Promise<void>> {
  await fs.mkdir(dataDir, { recursive: true });
  const lockfilePath = path.join(dataDir, 'server.lock');
  const ownerFile = `${lockfilePath}.owner`;
  const take = (retries: number) =>
    lockfile.lock(dataDir, {
      lockfilePath,
      stale: staleMs,
      update: Math.floor(staleMs / 4),
      retries: { retries, minTimeout: 250, maxTimeout: 1000, factor: 1.5 },
      realpath: false,
      onCompromised: (err) => {
        // Someone else took the directory over: writing on would corrupt it.
        console.error(`Lost the lock on ${dataDir}: ${err.message}. Stopping.`);
        process.exit(1);
      },
    });
  let release: () => Promise<void>;
  try {
    release = await take(0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    const owner = await readOwner(ownerFile);
    // Our own id, when we do not hold the lock, is a previous holder's: in a container each
    // start may get the same one.
    const stopped =
      !held.has(lockfilePath) &&
      owner !== undefined &&
      owner.host === os.hostname() &&
      (owner.pid === process.pid || !isProcessRunning(owner.pid));
    if (!stopped) throw new DataDirLockedError(dataDir);
    onWait?.(owner);
    try {
      // Retries at most every second, for a little longer than the lock takes to go stale.
      release = await take(Math.ceil(staleMs / 1000) + 5);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED')
        throw new DataDirLockedError(dataDir);
      throw again;
    }
  }
  held.add(lockfilePath);
  await fs.writeFile(ownerFile, JSON.stringify({ pid: process.pid, host: os.hostname() }));
  return async () => {
    await fs.rm(ownerFile, { force: true });
    held.delete(lockfilePath);
    await release();
  };
}
