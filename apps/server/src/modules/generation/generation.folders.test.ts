import { describe, expect, it } from 'vitest';
import { readCharacterPhotos, readPortraitPhoto } from '@lumen/engines/ml/face-test-support';
import type { Json } from '../../../test/support/api-caller';
import { setUpToolRuns } from '../../../test/support/tool-runs';

const { api, runs } = setUpToolRuns();

const folders = '/prod-api/content/assets_folder';

async function finished(ticket: string, path: string, submitted: Json) {
  expect(submitted.code, submitted.message).toBe(0);
  const result = await runs.waitForFinal(ticket, path, submitted.result.task_id);
  expect(result.status, JSON.stringify(result.error)).toBe('done');
  return result;
}

const keysOf = (result: Json): string[] =>
  result.sub_task_results.map((r: Json) => r.image ?? r.video);

async function folderKeys(ticket: string, id: number): Promise<string[]> {
  const items = await api.call('GET', `${folders}/${id}/items`, ticket);
  expect(items.code).toBe(0);
  return items.result.data.map((item: Json) => item.key);
}

describe('portraits in the library', () => {
  it('files every portrait in the user’s portraits folder, named in their language, and nothing else', async () => {
    const { id, ticket } = await runs.userWithGrade('folders-portrait@example.com', 2);
    await runs.grantCredits(id, 20);
    const language = await api.call('PUT', '/prod-api/user/settings', ticket, { language: 'es' });
    expect(language.code).toBe(0);
    const face = await runs.upload(ticket, await readPortraitPhoto(), 'face.jpg', 'image/jpeg');
    const portraitPath = '/api/gw/v3/image/portrait/async';

    const first = await finished(
      ticket,
      portraitPath,
      await api.call('POST', portraitPath, ticket, {
        images: [face],
        params: { style: 'vintage', batch_size: 2 },
      }),
    );
    const group = await api.call('GET', `${folders}?algo_type=5`, ticket);
    expect(group.result.data).toEqual([
      expect.objectContaining({ name: 'Retratos', algo_type: 5 }),
    ]);
    const folder = group.result.data[0];
    expect(folder.cover_list.filter((cover: string) => cover !== '')).toHaveLength(2);
    expect((await folderKeys(ticket, folder.id)).sort()).toEqual(keysOf(first).sort());

    // The next portrait goes in the same folder, even after the folder was renamed in another
    // of the interface languages' words for it.
    const renamed = await api.call('PATCH', `${folders}/${folder.id}`, ticket, {
      name: 'portraits',
    });
    expect(renamed.code).toBe(0);
    const second = await finished(
      ticket,
      portraitPath,
      await api.call('POST', portraitPath, ticket, { images: [face], params: { style: 'anime' } }),
    );
    const after = await api.call('GET', `${folders}?algo_type=5`, ticket);
    expect(after.result.data.map((f: Json) => f.id)).toEqual([folder.id]);
    expect((await folderKeys(ticket, folder.id)).sort()).toEqual(
      [...keysOf(first), ...keysOf(second)].sort(),
    );

    // Other tools' results stay out of every folder.
    const textPath = '/api/gw/v3/image/txt2img/async';
    const plainRun = await finished(
      ticket,
      textPath,
      await api.call('POST', textPath, ticket, { prompt: 'a lighthouse at dusk' }),
    );
    expect(keysOf(plainRun)).toHaveLength(1);
    const all = await api.call('GET', folders, ticket);
    expect(all.result.data.map((f: Json) => f.id)).toEqual([folder.id]);
    expect(await folderKeys(ticket, folder.id)).not.toContain(keysOf(plainRun)[0]);

    // A user who deleted the folder gets a new one with their next portrait.
    expect((await api.call('DELETE', `${folders}/${folder.id}`, ticket)).code).toBe(0);
    const third = await finished(
      ticket,
      portraitPath,
      await api.call('POST', portraitPath, ticket, {
        images: [face],
        params: { style: 'headshot' },
      }),
    );
    const [remade] = (await api.call('GET', `${folders}?algo_type=5`, ticket)).result.data;
    expect(remade).toMatchObject({ name: 'Retratos' });
    expect(remade.id).not.toBe(folder.id);
    expect(await folderKeys(ticket, remade.id)).toEqual(keysOf(third));
  }, 600_000);
});

describe('character works in the role library', () => {
  it('files a character’s images and videos in its folder beside its reference sheet', async () => {
    const user = await runs.userWithGrade('folders-character@example.com', 2);
    await runs.grantCredits(user.id, 200);
    const { ticket } = user;
    const keys: string[] = [];
    for (const [i, photo] of (await readCharacterPhotos()).entries()) {
      keys.push(await runs.upload(ticket, photo, `face-${i}.jpg`, 'image/jpeg'));
    }
    const created = await api.call('POST', '/prod-api/content/characters', ticket, {
      name: 'Mira',
      images: keys,
    });
    expect(created.code).toBe(0);
    let character: Json;
    const deadline = Date.now() + 240_000;
    for (;;) {
      character = (
        await api.call('GET', `/prod-api/content/characters/${created.result.id}`, ticket)
      ).result;
      if (character.status !== 'generating' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(character.status).toBe('ready');
    const folderId = character.folder_id as number;
    expect(await folderKeys(ticket, folderId)).toEqual([character.sheet.key]);

    const imagePath = '/api/gw/v3/image/character_image/async';
    const image = await finished(
      ticket,
      imagePath,
      await api.call('POST', imagePath, ticket, {
        prompt: 'a person reading in a library',
        params: { character_id: created.result.id, batch_size: 2 },
      }),
    );
    expect(keysOf(image)).toHaveLength(2);
    const videoPath = '/api/gw/v3/video/character_video/async';
    const video = await finished(
      ticket,
      videoPath,
      await api.call('POST', videoPath, ticket, {
        params: { character_id: created.result.id, resolution: '360p', duration: 5 },
      }),
    );
    expect(video.sub_task_results[0].mime).toBe('video/mp4');

    const filed = await folderKeys(ticket, folderId);
    expect(filed.sort()).toEqual([character.sheet.key, ...keysOf(image), ...keysOf(video)].sort());
    const items = await api.call('GET', `${folders}/${folderId}/items`, ticket);
    expect(new Set(items.result.data.map((item: Json) => item.kind))).toEqual(
      new Set(['image', 'video']),
    );
    // Nothing lands in the portraits group or anywhere else.
    const all = await api.call('GET', folders, ticket);
    expect(all.result.data.map((f: Json) => f.id)).toEqual([folderId]);

    // Once the user deletes the character's folder, its next works are simply in the library.
    expect((await api.call('DELETE', `${folders}/${folderId}`, ticket)).code).toBe(0);
    const later = await finished(
      ticket,
      imagePath,
      await api.call('POST', imagePath, ticket, {
        prompt: 'a person on a bridge',
        params: { character_id: created.result.id },
      }),
    );
    expect(keysOf(later)).toHaveLength(1);
    expect((await api.call('GET', folders, ticket)).result.data).toEqual([]);
    const again = await api.call(
      'GET',
      `/prod-api/content/characters/${created.result.id}`,
      ticket,
    );
    expect(again.result).toMatchObject({ status: 'ready', folder_id: null });
  }, 600_000);
});
