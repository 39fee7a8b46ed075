import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  it('refuses a second holder until the first releases', async () => {
    const dir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-lock-')), 'data');
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another running server/);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });
});
