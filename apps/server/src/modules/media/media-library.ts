import { ErrorCode } from '@lumen/contracts/error-codes';
import type { MediaKind } from '@lumen/contracts/media';
import type { ObjectStore } from '../../adapters/storage/object-store';
import { AppError } from '../../lib/app-error';
import type { MediaRepository } from './media.repository';

/** What the library shows of a stored object. */
export type LibraryMedia = {
  key: string;
  kind: MediaKind;
  mime: string;
  width: number | null;
  height: number | null;
  taskId: string | null;
  thumbUrl: string;
};

/** Thumbnail and cover URLs live about as long as a page stays open. */
const LIBRARY_URL_TTL_S = 3600;

/** Reading stored media: for the library (assets module) and for showing and running tasks. */
export function createMediaLibrary(deps: { repository: MediaRepository; store: ObjectStore }) {
  const { repository, store } = deps;
  return {
    /** A short-lived URL that shows a stored object (a result, a thumbnail) in the browser. */
    getViewUrl(key: string, expiresS = LIBRARY_URL_TTL_S): Promise<string> {
      return store.presignGet(key, expiresS);
    },

    /** The bytes of a stored object, for a worker running a task (inputs checked at submit). */
    async readObject(key: string): Promise<Buffer> {
      const object = await store.get(key);
      if (!object) throw new AppError(ErrorCode.notFound, 'media.notFound');
      return object.bytes;
    },

    /** The user's finished outputs among `keys` (what the library may file). */
    async listOwnedOutputs(userId: number, keys: string[]) {
      const rows = await repository.listOwnedByKeys(userId, keys);
      return rows
        .filter((row) => row.origin === 'output' && row.status === 'ready')
        .map((row) => ({ key: row.key, kind: row.kind as MediaKind }));
    },

    /** Owner, origin ('upload' | 'output') and task of stored objects, by key (community). */
    async describeOwners(keys: string[]) {
      const rows = await repository.listByKeys(keys);
      return new Map(
        rows.map((row) => [
          row.key,
          { userId: row.userId, origin: row.origin, taskId: row.taskId },
        ]),
      );
    },

    /** Library rows with thumbnail URLs, in the order of `keys`; unknown keys are left out. */
    async describeForLibrary(keys: string[]): Promise<LibraryMedia[]> {
      const rows = new Map((await repository.listByKeys(keys)).map((row) => [row.key, row]));
      const described: LibraryMedia[] = [];
      for (const key of keys) {
        const row = rows.get(key);
        if (!row) continue;
        const preview = row.thumbKey ?? (row.kind === 'image' ? row.key : null);
        described.push({
          key,
          kind: row.kind as MediaKind,
          mime: row.mime ?? 'application/octet-stream',
          width: row.width,
          height: row.height,
          taskId: row.taskId,
          thumbUrl: preview ? await store.presignGet(preview, LIBRARY_URL_TTL_S) : '',
        });
      }
      return described;
    },
  };
}
