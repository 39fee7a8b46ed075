import { requestOrigin } from '../../lib/request-origin';
import type { ObjectStore } from './object-store';

/**
 * The store as the API's callers see it: its presigned URLs made absolute, so a script can PUT
 * to `upload_url` and GET a result's `url` as they come. They are made absolute with the origin
 * of the request being answered where the app tracks it (PUBLIC_URL unset, see
 * `trackRequestOrigins`), and with `publicUrl` otherwise. The S3 store's URLs are absolute
 * already (its endpoint) and pass as they are. Workers keep the plain store: they resolve URLs
 * against the server address they were given.
 */
export function withPublicUrls(store: ObjectStore, publicUrl: string): ObjectStore {
  const fallback = publicUrl.replace(/\/$/, '');
  const absolute = (url: string) =>
    url.startsWith('/') ? `${requestOrigin() ?? fallback}${url}` : url;
  return {
    put: (key, bytes, contentType) => store.put(key, bytes, contentType),
    get: (key) => store.get(key),
    getRange: (key, start, end) => store.getRange(key, start, end),
    head: (key) => store.head(key),
    delete: (key) => store.delete(key),
    deletePrefix: (prefix) => store.deletePrefix(prefix),
    presignPut: async (key, contentType, maxBytes, expiresS) =>
      absolute(await store.presignPut(key, contentType, maxBytes, expiresS)),
    presignGet: async (key, expiresS, downloadName) =>
      absolute(await store.presignGet(key, expiresS, downloadName)),
  };
}
