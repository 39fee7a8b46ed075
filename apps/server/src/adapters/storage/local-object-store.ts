import fs from 'node:fs/promises';
import path from 'node:path';
import { isValidKey, type ObjectStore } from './object-store';

const contentTypes: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.mp3': 'audio/mpeg',
  '.glb': 'model/gltf-binary',
};

/** The embedded default: objects are files under `root`, written atomically. */
export function createLocalObjectStore(root: string): ObjectStore {
  const fileOf = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid object key: ${key}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
    },
    async get(key) {
      if (!isValidKey(key)) return undefined;
      try {
        const bytes = await fs.readFile(fileOf(key));
        return {
          bytes,
          contentType: contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream',
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
