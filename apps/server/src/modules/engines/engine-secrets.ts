import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts: AES-256-GCM with a fresh 12-byte IV each time. */
const VERSION = 'v1';

export type Sealer = {
  seal(plain: string): string;
  /** The plain text, or undefined when the text was sealed with another key or was altered. */
  open(sealed: string): string | undefined;
};

export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('the engine secrets key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, data, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined || rest.length > 0) return;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([
          decipher.update(Buffer.from(data, 'base64url')),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
