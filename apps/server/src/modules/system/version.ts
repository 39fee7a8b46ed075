import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The version the web app compares against: the configured one, or the package version plus a
 * digest of the built index.html, which changes with every build because it names hashed
 * assets. Re-read when the file changes, so a redeploy of the web build is noticed.
 */
export function createVersionReader(opts: {
  configured: string | undefined;
  packageVersion: string;
  webDistDir: string;
}): () => string {
  if (opts.configured) return () => opts.configured as string;
  const indexFile = path.join(opts.webDistDir, 'index.html');
  let cached: { mtimeMs: number; version: string } | undefined;
  return () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(indexFile);
    } catch {
      return opts.packageVersion;
    }
    if (!cached || cached.mtimeMs !== stat.mtimeMs) {
      const digest = createHash('sha256').update(fs.readFileSync(indexFile)).digest('hex');
      cached = { mtimeMs: stat.mtimeMs, version: `${opts.packageVersion}+${digest.slice(0, 10)}` };
    }
    return cached.version;
  };
}
