import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';

/** An unguessable bearer token (256 bits), URL-safe. */
export function createToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens and codes are stored only as hashes, so a database leak does not leak sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A numeric code of `length` digits, uniformly random. */
export function createNumericCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/** The AES-256 key a secret token opens its sealed data with; a different use than its hash. */
function keyOf(token: string): Buffer {
  return createHash('sha256').update(`seal:${token}`).digest();
}

/**
 * Encrypts `text` so that only a holder of `token` can read it back (AES-256-GCM). The
 * database keeps only the token's hash, so a leaked row opens nothing.
 */
export function sealWithToken(token: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(token), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Reads what `sealWithToken` sealed with the same token; undefined for anything else. */
export function openWithToken(token: string, sealed: string): string | undefined {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(token), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
