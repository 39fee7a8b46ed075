/**
 * Where media lives (architecture decision 5): a local folder by default, an S3-compatible
 * bucket in production. Keys are slash-separated paths such as `avatars/12/ab34.png`.
 */
export interface ObjectStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | undefined>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)+$/;

/** Keys are ours, but they also arrive in URLs: refuse anything that could leave the store. */
export function isValidKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}
