import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const tempDataDir = async () =>
  path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-lock-')), 'data');

/** A server stand-in: another process that takes the lock and keeps it until killed. */
async function holdInChild(dir: string, staleMs: number) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import(${JSON.stringify(path.resolve(__dirname, 'data-dir-lock.ts'))});
       await lockDataDir(${JSON.stringify(dir)}, { staleMs: ${staleMs} });
       console.log('locked');
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return child;
}

describe('lockDataDir', () => {
  it('refuses a second holder until the first releases', async () => {
    const dir = await tempDataDir();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another running server/);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('refuses at once while the holding process runs', async () => {
    const dir = await tempDataDir();
    const child = await holdInChild(dir, 2_000);
    try {
      const started = Date.now();
      await expect(lockDataDir(dir, { staleMs: 2_000 })).rejects.toBeInstanceOf(DataDirLockedError);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over the lock of a killed server once it goes stale', async () => {
    const dir = await tempDataDir();
    const child = await holdInChild(dir, 2_000);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const waited: number[] = [];
    const release = await lockDataDir(dir, {
      staleMs: 2_000,
      onWait: (owner) => waited.push(owner.pid),
    });
    expect(waited).toEqual([child.pid]);
    const owner = JSON.parse(await fs.readFile(path.join(dir, 'server.lock.owner'), 'utf8'));
    expect(owner).toEqual({ pid: process.pid, host: os.hostname() });
    // Still exclusive once taken over.
    await expect(lockDataDir(dir, { staleMs: 2_000 })).rejects.toBeInstanceOf(DataDirLockedError);
    await release();
    await expect(fs.stat(path.join(dir, 'server.lock.owner'))).rejects.toThrow();
  }, 20_000);
});
