/**
 * Where media lives (architecture decision 5): a local folder by default, an S3-compatible
 * bucket in production. Keys are slash-separated paths such as `avatars/12/ab34.png`.
 */
export interface ObjectStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | undefined>;
  /**
   * Bytes `start` to `end` (inclusive, as in an HTTP Range), fewer when the object is shorter;
   * enough to sniff a 100 MB video's signature without reading all of it.
   */
  getRange(key: string, start: number, end: number): Promise<Buffer | undefined>;
  head(key: string): Promise<{ size: number; contentType: string } | undefined>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix`, a folder ending in `/`. */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A URL the client PUTs the bytes to, with `content-type: contentType`, until `expiresS`
   * seconds from now. `maxBytes` is enforced where the store can (the local store refuses a
   * larger body; an S3 presigned PUT cannot carry a size range, so callers re-check the size
   * with `head` once the upload is done).
   */
  presignPut(key: string, contentType: string, maxBytes: number, expiresS: number): Promise<string>;
  /** A URL that reads the object for `expiresS` seconds; a download name makes it an attachment. */
  presignGet(key: string, expiresS: number, downloadName?: string): Promise<string>;
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)+$/;

/** Keys are ours, but they also arrive in URLs: refuse anything that could leave the store. */
export function isValidKey(key: string): boolean {
  return (
    key.length <= 512 &&
    KEY.test(key) &&
    !key.split('/').some((part) => part === '..' || part === '.')
  );
}

/** A folder prefix (`staging/<task>/`): a valid key once something is put after it. */
export function isValidPrefix(prefix: string): boolean {
  return prefix.endsWith('/') && isValidKey(`${prefix}x`);
}

const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  glb: 'model/gltf-binary',
};

/** Content type by file extension (spec §3), for stores that keep no metadata of their own. */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return contentTypes[ext] ?? 'application/octet-stream';
}

/** `attachment` with a plain ASCII fallback name and the exact name in RFC 5987 form. */
export function attachmentDisposition(downloadName: string): string {
  const ascii = downloadName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(downloadName)}`;
}
