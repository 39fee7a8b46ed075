import fs from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

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

/**
 * Takes an exclusive lock on the data directory. PGlite has no lock of its own, and two
 * processes on one data dir silently lose writes, so a second server must refuse to start.
 * The lock file's mtime is refreshed while we run; one left by a killed process goes stale
 * after `staleMs` and is then taken over.
 */
export async function lockDataDir(
  dataDir: string,
  { staleMs = 20_000 }: { staleMs?: number } = {},
): Promise<() => Promise<void>> {
  await fs.mkdir(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'server.lock'),
      stale: staleMs,
      update: Math.floor(staleMs / 4),
      retries: 0,
      realpath: false,
      onCompromised: (err) => {
        // Someone else took the directory over: writing on would corrupt it.
        console.error(`Lost the lock on ${dataDir}: ${err.message}. Stopping.`);
        process.exit(1);
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw err;
  }
}
