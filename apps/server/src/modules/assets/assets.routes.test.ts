import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { caller, playableMp4, solidImage } from '../media/media.fixtures';
import type { MediaService } from '../media/media.service';

let t: TestApp;
let media: MediaService;
const clock = new ManualClock(new Date('2026-03-01T00:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock });
  media = t.app.services.media;
});
afterAll(() => t.close());

const base = '/prod-api/content/assets_folder';
const api = () => caller(t);

async function outputs(userId: number, taskId: string, kinds: ('image' | 'video')[]) {
  const files = await Promise.all(
    kinds.map(async (kind) =>
      kind === 'image'
        ? { kind, mime: 'image/png', bytes: await solidImage(320, 320, 'png') }
        : { kind, mime: 'video/mp4', bytes: playableMp4() },
    ),
  );
  return (await media.storeOutputs(userId, taskId, files, { watermark: true })).map((o) => o.key);
}

async function createFolder(ticket: string, name: string, algoType = 1) {
  return api().call('POST', base, ticket, { name, algo_type: algoType });
}

describe('folders', () => {
  it('lists my folders with covers of the newest items padded to five', async () => {
    const { ticket, userId } = await api().signIn('library@example.com');
    const created = await createFolder(ticket, 'Cats');
    expect(created.result).toEqual({
      id: expect.any(Number),
      name: 'Cats',
      algo_type: 1,
      created_time: clock.now().toISOString(),
      cover_list: ['', '', '', '', ''],
    });
    await createFolder(ticket, 'Clips', 2);

    const [first, ...rest] = await outputs(userId, 'covers', ['image', 'image', 'image']);
    const id = created.result.id as number;
    expect(await api().call('POST', `${base}/${id}/items`, ticket, { keys: [first] })).toEqual({
      code: 0,
      msg: 'success',
      result: { count: 1 },
    });
    clock.advance(1000);
    await api().call('POST', `${base}/${id}/items`, ticket, { keys: rest });

    const images = await api().call('GET', `${base}?algo_type=1&status=0`, ticket);
    expect(images.result.data).toHaveLength(1);
    const covers: string[] = images.result.data[0].cover_list;
    expect(covers.slice(3)).toEqual(['', '']);
    expect(covers[2]).toContain(`/files/outputs/${userId}/covers/0_thumb.webp?`);
    const cover = await t.app.inject({ method: 'GET', url: covers[0]! });
    expect(cover.headers['content-type']).toBe('image/webp');

    const all = await api().call('GET', base, ticket);
    expect(all.result.data.map((f: { name: string }) => f.name)).toEqual(['Clips', 'Cats']);
  });

  it('keeps names unique per user and algorithm, whatever the case', async () => {
    const { ticket } = await api().signIn('names@example.com');
    const other = await api().signIn('names2@example.com');
    const cats = await createFolder(ticket, 'Cats');
    expect(await createFolder(ticket, ' cats ')).toMatchObject({
      code: 1009,
      msg: 'Folder name exists',
    });
    expect((await createFolder(ticket, 'cats', 2)).code).toBe(0);
    expect((await createFolder(other.ticket, 'Cats')).code).toBe(0);
    expect(await createFolder(ticket, '   ')).toMatchObject({
      code: 1001,
      msg: 'Folder name cannot be empty',
    });
    expect((await createFolder(ticket, 'x'.repeat(41))).code).toBe(1001);
    expect((await createFolder(ticket, 'Dogs', 6)).code).toBe(1001);

    const dogs = await createFolder(ticket, 'Dogs');
    const rename = (id: number, name: string) =>
      api().call('PATCH', `${base}/${id}`, ticket, { name });
    expect((await rename(dogs.result.id, 'CATS')).msg).toBe('Folder name exists');
    expect((await rename(cats.result.id, 'CATS')).result.name).toBe('CATS');
    expect((await rename(dogs.result.id, '')).msg).toBe('Folder name cannot be empty');
    expect((await rename(dogs.result.id, 'Puppies')).result).toMatchObject({ name: 'Puppies' });
  });

  it("answers not found for another user's folder and changes nothing", async () => {
    const owner = await api().signIn('folder-owner@example.com');
    const other = await api().signIn('folder-other@example.com');
    const folder = await createFolder(owner.ticket, 'Mine');
    const [key] = await outputs(other.userId, 'intruder', ['image']);
    const url = `${base}/${folder.result.id}`;
    for (const [method, path, body] of [
      ['PATCH', url, { name: 'Stolen' }],
      ['DELETE', url, undefined],
      ['GET', `${url}/items`, undefined],
      ['POST', `${url}/items`, { keys: [key] }],
      ['DELETE', `${url}/items`, { keys: [key] }],
    ] as const) {
      expect((await api().call(method, path, other.ticket, body)).code).toBe(1004);
    }
    expect((await api().call('GET', base, owner.ticket)).result.data[0].name).toBe('Mine');
    expect((await api().call('GET', base)).code).toBe(3015);
  });
});

describe('folder items', () => {
  it('holds only my own outputs of the right kind, one folder at a time', async () => {
    const { ticket, userId } = await api().signIn('filer@example.com');
    const stranger = await api().signIn('stranger@example.com');
    const [image, video] = await outputs(userId, 'mine', ['image', 'video']);
    const [theirs] = await outputs(stranger.userId, 'theirs', ['image']);
    const a = (await createFolder(ticket, 'A')).result.id as number;
    const b = (await createFolder(ticket, 'B')).result.id as number;
    const items = (id: number) => api().call('GET', `${base}/${id}/items`, ticket);
    const add = (id: number, keys: string[]) =>
      api().call('POST', `${base}/${id}/items`, ticket, { keys });

    expect((await add(a, [image!, theirs!])).code).toBe(1004);
    expect((await add(a, ['uploads/1/x.png'])).code).toBe(1004);
    expect(await add(a, [video!])).toMatchObject({
      code: 1001,
      msg: 'This kind of file cannot be put in this folder',
    });
    expect((await items(a)).result).toEqual({ data: [], total_count: 0 });

    await add(a, [image!, image!]);
    const inA = await items(a);
    expect(inA.result.total_count).toBe(1);
    expect(inA.result.data[0]).toMatchObject({
      key: image,
      kind: 'image',
      mime: 'image/png',
      width: 320,
      height: 320,
      task_id: 'mine',
    });
    expect(inA.result.data[0].thumb_url).toContain('/mine/0_thumb.webp?');

    await add(b, [image!]);
    expect((await items(a)).result.total_count).toBe(0);
    expect((await items(b)).result.data.map((i: { key: string }) => i.key)).toEqual([image]);

    const removed = await api().call('DELETE', `${base}/${b}/items`, ticket, { keys: [image] });
    expect(removed.result).toEqual({ count: 1 });
    expect((await items(b)).result.total_count).toBe(0);
  });

  it('puts the works of a deleted folder back in no folder', async () => {
    const { ticket, userId } = await api().signIn('deleter@example.com');
    const keys = await outputs(userId, 'kept', ['image', 'image', 'image']);
    const doomed = (await createFolder(ticket, 'Doomed')).result.id as number;
    await api().call('POST', `${base}/${doomed}/items`, ticket, { keys });
    const page = await api().call('GET', `${base}/${doomed}/items?page_num=2&page_size=2`, ticket);
    expect(page.result.total_count).toBe(3);
    expect(page.result.data).toHaveLength(1);

    expect(await api().call('DELETE', `${base}/${doomed}`, ticket)).toEqual({
      code: 0,
      msg: 'success',
      result: null,
    });
    expect((await api().call('GET', `${base}/${doomed}/items`, ticket)).code).toBe(1004);
    expect(await media.listOwnedOutputs(userId, keys)).toHaveLength(3);
    const next = (await createFolder(ticket, 'Doomed')).result.id as number;
    expect((await api().call('POST', `${base}/${next}/items`, ticket, { keys })).result.count).toBe(
      3,
    );
  });
});
