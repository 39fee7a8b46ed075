import { describe, expect, it } from 'vitest';
import type { ObjectStore } from './object-store';

export type StoreUnderTest = { store: ObjectStore; close(): Promise<void> };

const png = (text: string) =>
  Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.from(text)]);

/**
 * What every ObjectStore must do, run against each implementation. `store` must issue
 * absolute presigned URLs, since the round trips go over real HTTP.
 */
export function describeObjectStoreContract(name: string, current: () => StoreUnderTest) {
  describe(`${name}: the ObjectStore contract`, () => {
    it('puts, reads, heads, reads a range and deletes', async () => {
      const { store } = current();
      const bytes = png('first version');
      await store.put('contract/a/one.png', bytes, 'image/png');

      expect(await store.get('contract/a/one.png')).toEqual({ bytes, contentType: 'image/png' });
      expect(await store.head('contract/a/one.png')).toEqual({
        size: bytes.length,
        contentType: 'image/png',
      });
      expect((await store.getRange('contract/a/one.png', 1, 3))?.toString('latin1')).toBe('PNG');
      expect(await store.getRange('contract/a/one.png', 8, 10_000)).toEqual(bytes.subarray(8));

      const replaced = png('second');
      await store.put('contract/a/one.png', replaced, 'image/png');
      expect((await store.get('contract/a/one.png'))?.bytes).toEqual(replaced);

      await store.delete('contract/a/one.png');
      expect(await store.get('contract/a/one.png')).toBeUndefined();
      expect(await store.head('contract/a/one.png')).toBeUndefined();
      await expect(store.delete('contract/a/one.png')).resolves.toBeUndefined();
    });

    it('deletes a folder of objects, nested ones too, and nothing beside it', async () => {
      const { store } = current();
      for (const key of ['contract/dir/a.png', 'contract/dir/sub/b.png', 'contract/dirx/c.png']) {
        await store.put(key, png(key), 'image/png');
      }
      await store.deletePrefix('contract/dir/');
      expect(await store.head('contract/dir/a.png')).toBeUndefined();
      expect(await store.head('contract/dir/sub/b.png')).toBeUndefined();
      expect(await store.head('contract/dirx/c.png')).toBeDefined();
      await expect(store.deletePrefix('contract/dir/')).resolves.toBeUndefined();
      await expect(store.deletePrefix('contract/dirx')).rejects.toThrow();
      await expect(store.deletePrefix('../')).rejects.toThrow();
    });

    it('answers undefined for missing and malformed keys', async () => {
      const { store } = current();
      expect(await store.get('contract/missing.png')).toBeUndefined();
      expect(await store.head('contract/missing.png')).toBeUndefined();
      expect(await store.getRange('contract/missing.png', 0, 10)).toBeUndefined();
      expect(await store.get('../etc/passwd')).toBeUndefined();
      await expect(store.put('../escape.png', png('x'), 'image/png')).rejects.toThrow();
      await expect(store.presignGet('contract/../x.png', 60)).rejects.toThrow();
    });

    it('takes a presigned PUT over HTTP and serves it back through a presigned GET', async () => {
      const { store } = current();
      const key = 'contract/uploads/7/video.mp4';
      const bytes = Buffer.alloc(64 * 1024, 7);
      const putUrl = await store.presignPut(key, 'video/mp4', 100 * 1024, 300);
      const put = await fetch(putUrl, {
        method: 'PUT',
        body: bytes,
        headers: { 'content-type': 'video/mp4' },
      });
      expect(put.status).toBe(200);
      expect(await store.head(key)).toEqual({ size: bytes.length, contentType: 'video/mp4' });

      const read = await fetch(await store.presignGet(key, 300));
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toBe('video/mp4');
      expect(Buffer.from(await read.arrayBuffer())).toEqual(bytes);

      const download = await fetch(await store.presignGet(key, 300, 'lumen-clip.mp4'));
      expect(download.headers.get('content-disposition')).toContain('filename="lumen-clip.mp4"');
      expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    });
  });
}
