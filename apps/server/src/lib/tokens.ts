import { createHash, randomBytes, randomInt } from 'node:crypto';

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
