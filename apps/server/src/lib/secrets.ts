import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret kept in the data directory, made on first use: signed URLs of the embedded setup
 * survive restarts without any configuration. Production sets the secret explicitly.
 */
export function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', `${name}.key`);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString('base64url');
    // 'wx' keeps the first writer's secret if two processes race to create it.
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    } catch {
      return fs.readFileSync(file, 'utf8').trim();
    }
    return secret;
  }
}
