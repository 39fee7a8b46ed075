import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { systemClock, type Clock } from '../../lib/clock';
import { contentTypeOfKey, isValidKey, isValidPrefix, type ObjectStore } from './object-store';

/** The query of a presigned local URL, as the file routes received it. */
export type SignedRequest = {
  method: 'GET' | 'PUT';
  key: string;
  exp: string;
  sig: string;
  /** PUT: the content type the uploader must send. */
  contentType?: string;
  /** PUT: the most bytes the upload may carry. */
  max?: string;
  /** GET: the attachment name, when the URL is a download. */
  downloadName?: string;
};

export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`upload over ${maxBytes} bytes`);
    this.name = 'UploadTooLargeError';
  }
}

export type LocalObjectStore = ObjectStore & {
  /** Checks a presigned URL's signature (constant time) and expiry before any file is touched. */
  verifySignature(request: SignedRequest): boolean;
  /** Streams a presigned upload into place atomically, refusing more than `maxBytes`. */
  writeStream(key: string, source: Readable, maxBytes: number): Promise<number>;
  /** Opens an object for streaming, whole or one byte range. */
  openRead(key: string): Promise<
    | {
        size: number;
        contentType: string;
        stream(range?: { start: number; end: number }): Readable;
      }
    | undefined
  >;
};

export type LocalObjectStoreOptions = {
  /** Signs presigned URLs (MEDIA_SIGNING_SECRET); a random one only lasts this process. */
  secret?: string | Buffer;
  /** Prefix of presigned URLs, e.g. the public URL; empty gives same-origin paths. */
  baseUrl?: string;
  clock?: Clock;
};

/** The embedded default: objects are files under `root`, written atomically. */
export function createLocalObjectStore(
  root: string,
  options: LocalObjectStoreOptions = {},
): LocalObjectStore {
  const secret = options.secret ?? randomBytes(32);
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const clock = options.clock ?? systemClock;

  const fileOf = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid object key: ${key}`);
    return path.join(root, ...key.split('/'));
  };
  const tempBeside = (file: string) => `${file}.${randomUUID()}.tmp`;

  function sign(fields: Omit<SignedRequest, 'sig'>): string {
    const payload = JSON.stringify([
      fields.method,
      fields.key,
      fields.exp,
      fields.contentType ?? '',
      fields.max ?? '',
      fields.downloadName ?? '',
    ]);
    return createHmac('sha256', secret).update(payload).digest('base64url');
  }
  const expiryFrom = (expiresS: number) =>
    String(Math.floor(clock.now().getTime() / 1000) + Math.max(1, Math.floor(expiresS)));

  /**
   * Folders this store made or found, so that a put into one (a task's output beside its
   * thumbnail, the next upload of a user) skips the `mkdir` it needed once. A folder removed
   * since (a deleted prefix, another process) is made again when the write finds it missing.
   * Two puts into a new folder at once share the one `mkdir`.
   */
  const folders = new Map<string, Promise<void>>();
  const FOLDERS_MAX = 4096;
  function folderMade(dir: string): Promise<void> {
    let made = folders.get(dir);
    if (!made) {
      made = fs.mkdir(dir, { recursive: true }).then(() => undefined);
      made.catch(() => folders.delete(dir));
      if (folders.size >= FOLDERS_MAX) folders.clear();
      folders.set(dir, made);
    }
    return made;
  }
  const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

  /** Writes `bytes` beside `file` and moves them into place, so readers never see half a file. */
  async function writeAtomically(file: string, bytes: Buffer) {
    const dir = path.dirname(file);
    await folderMade(dir);
    const temp = tempBeside(file);
    try {
      await fs.writeFile(temp, bytes);
    } catch (err) {
      if (!isMissing(err)) throw err;
      folders.delete(dir);
      await folderMade(dir);
      await fs.writeFile(temp, bytes);
    }
    await fs.rename(temp, file);
  }

  async function statOf(key: string) {
    if (!isValidKey(key)) return undefined;
    try {
      const stat = await fs.stat(fileOf(key));
      return stat.isFile() ? stat : undefined;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  return {
    async put(key, bytes) {
      await writeAtomically(fileOf(key), bytes);
    },
    async get(key) {
      if (!(await statOf(key))) return undefined;
      return { bytes: await fs.readFile(fileOf(key)), contentType: contentTypeOfKey(key) };
    },
    async getRange(key, start, end) {
      const stat = await statOf(key);
      if (!stat) return undefined;
      const length = Math.max(0, Math.min(end, stat.size - 1) - start + 1);
      const handle = await fs.open(fileOf(key), 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, start);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async head(key) {
      const stat = await statOf(key);
      return stat ? { size: stat.size, contentType: contentTypeOfKey(key) } : undefined;
    },
    // An object is a file: one unlink removes it. `fs.rm` would look the path up twice
    // first, and most deletes here are of objects that are not there (a twin never made, an
    // attempt that staged nothing), where each look-up fails with an error built for nothing.
    async delete(key) {
      try {
        await fs.unlink(fileOf(key));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },
    async deletePrefix(prefix) {
      if (!isValidPrefix(prefix)) throw new Error(`invalid object prefix: ${prefix}`);
      const dir = path.join(root, ...prefix.split('/').filter(Boolean));
      for (const known of folders.keys()) {
        if (known === dir || known.startsWith(`${dir}${path.sep}`)) folders.delete(known);
      }
      try {
        // Without `force`, a folder that is not there fails at the first look-up, once.
        await fs.rm(dir, { recursive: true });
      } catch (err) {
        if (!isMissing(err)) throw err;
        // Something inside went while it was being removed: the rest goes now.
        if ((err as NodeJS.ErrnoException).path !== dir) {
          await fs.rm(dir, { recursive: true, force: true });
        }
      }
    },
    async presignPut(key, contentType, maxBytes, expiresS) {
      fileOf(key);
      const fields = {
        method: 'PUT' as const,
        key,
        exp: expiryFrom(expiresS),
        contentType: contentType.toLowerCase(),
        max: String(maxBytes),
      };
      const query = new URLSearchParams({ exp: fields.exp, max: fields.max, sig: sign(fields) });
      return `${baseUrl}/files/upload/${key}?${query}`;
    },
    async presignGet(key, expiresS, downloadName) {
      fileOf(key);
      const fields = { method: 'GET' as const, key, exp: expiryFrom(expiresS), downloadName };
      const query = new URLSearchParams({ exp: fields.exp });
      if (downloadName) query.set('dn', downloadName);
      query.set('sig', sign(fields));
      return `${baseUrl}/files/${key}?${query}`;
    },

    verifySignature(request) {
      if (!isValidKey(request.key) || !/^\d{1,12}$/.test(request.exp)) return false;
      if (Number(request.exp) * 1000 < clock.now().getTime()) return false;
      const expected = Buffer.from(sign(request), 'base64url');
      const given = Buffer.from(request.sig, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    async writeStream(key, source, maxBytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = tempBeside(file);
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > maxBytes) callback(new UploadTooLargeError(maxBytes));
          else callback(null, chunk);
        },
      });
      try {
        await pipeline(source, limit, createWriteStream(temp));
        await fs.rename(temp, file);
        return size;
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
    },
    async openRead(key) {
      const stat = await statOf(key);
      if (!stat) return undefined;
      const file = fileOf(key);
      return {
        size: stat.size,
        contentType: contentTypeOfKey(key),
        stream: (range) => createReadStream(file, range),
      };
    },
  };
}
