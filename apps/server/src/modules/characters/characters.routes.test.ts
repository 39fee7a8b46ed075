import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFacelessPicture, readCharacterPhotos } from '@lumen/engines/ml/face-test-support';
import type { WorkerRunner } from '@lumen/worker/runner';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createToolRuns } from '../../../test/support/tool-runs';
import { startTestWorker } from '../../../test/support/worker';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let worker: WorkerRunner | undefined;
let admin: { ticket: string; id: number };
const runs = createToolRuns(() => ({ t, api, admin }));
let photos: Buffer[];

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'ops@example.com' } });
  api = createApiCaller(t);
  admin = await api.signIn('ops@example.com');
  photos = await readCharacterPhotos();
});
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const characters = '/prod-api/content/characters';
const imageGateway = '/api/gw/v3/image/character_image/async';
const videoGateway = '/api/gw/v3/video/character_video/async';

/** A Plus user with credits to spare, and the five reference photos uploaded. */
async function plusUserWithPhotos(email: string) {
  const user = await runs.userWithGrade(email, 2);
  await runs.grantCredits(user.id, 200);
  const keys: string[] = [];
  for (const [i, photo] of photos.entries()) {
    keys.push(await runs.upload(user.ticket, photo, `face-${i}.jpg`, 'image/jpeg'));
  }
  return { ...user, keys };
}

async function waitForCharacter(ticket: string, id: number, status: string): Promise<Json> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const { result } = await api.call('GET', `${characters}/${id}`, ticket);
    if (result.status === status) return result;
    if (result.status !== 'generating' || Date.now() > deadline) {
      throw new Error(`character ${id} is ${result.status}, not ${status}: ${result.error}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the character workshop', () => {
  it('refuses four pictures, and says which pictures are unfit, moving no credits', async () => {
    const { ticket, keys } = await plusUserWithPhotos('chars-refused@example.com');
    const before = await api.credits(ticket);

    const four = await api.call('POST', characters, ticket, {
      name: 'Ada',
      images: keys.slice(0, 4),
    });
    expect(four.code).toBe(1001);
    expect(four.msg).toBe('A character needs at least 5 reference pictures; 4 were given');

    const faceless = await runs.upload(
      ticket,
      await makeFacelessPicture(400),
      'ball.jpg',
      'image/jpeg',
    );
    const small = await runs.upload(
      ticket,
      await sharp(photos[0]).resize(150).jpeg().toBuffer(),
      'small.jpg',
      'image/jpeg',
    );
    const refused = await api.call(
      'POST',
      characters,
      ticket,
      { name: 'Ada', images: [keys[0], faceless, keys[1], small, keys[1]] },
      { 'x-accept-language': 'es' },
    );
    expect(refused.code).toBe(1001);
    expect(refused.msg).toBe('3 de las imágenes no sirven para un personaje');
    const fields = refused.result.fields as { field: string; message: string }[];
    expect(fields.map((f) => f.field)).toEqual(['images[1]', 'images[3]', 'images[4]']);
    expect(fields[0]!.message).toMatch(/^Imagen 2: /);
    expect(fields[2]!.message).toBe('Imagen 5: la misma imagen aparece dos veces');

    expect(await api.credits(ticket)).toBe(before);
    expect((await api.call('GET', characters, ticket)).result.data).toEqual([]);
    // Creation is the workshop's own: the gateway does not take it.
    const direct = await api.call('POST', '/api/gw/v3/image/character_create/async', ticket, {
      images: keys,
    });
    expect(direct.code).toBe(1001);
  }, 120_000);

  it('creates a character from five face pictures, uses it for an image and a video, and deletes it', async () => {
    worker = startTestWorker(t);
    const { ticket, keys } = await plusUserWithPhotos('chars-ready@example.com');
    const before = await api.credits(ticket);

    const created = await api.call('POST', characters, ticket, { name: 'Ada', images: keys });
    expect(created.code).toBe(0);
    expect(created.result).toMatchObject({ status: 'generating' });
    expect(await api.credits(ticket)).toBe(before - 1);

    const ready = await waitForCharacter(ticket, created.result.id, 'ready');
    expect(ready).toMatchObject({ name: 'Ada', progress: 100, error: null });
    expect(ready.images.map((i: Json) => i.key)).toEqual(keys);
    const sheet = await sharp(await runs.fetchBytes(ready.sheet.url)).metadata();
    expect([sheet.width, sheet.height]).toEqual([5 * 256, 256]);

    // The role library: a folder of the character group named after it, holding the sheet.
    const folders = await api.call('GET', '/prod-api/content/assets_folder?algo_type=4', ticket);
    expect(folders.result.data).toEqual([
      expect.objectContaining({ id: ready.folder_id, name: 'Ada', algo_type: 4 }),
    ]);
    expect(folders.result.data[0].cover_list[0]).not.toBe('');
    const counters = await api.call('GET', '/prod-api/trade/v1/account/algoTimes', ticket);
    expect(counters.result.character).toEqual({ generated: 1, all: 1 });

    const image = await api.call('POST', imageGateway, ticket, {
      prompt: 'a person in a garden',
      params: { character_id: created.result.id },
    });
    expect(image.code).toBe(0);
    expect(image.result.cost).toBe(1);
    const done = await runs.waitForFinal(ticket, imageGateway, image.result.task_id);
    expect(done.status).toBe('done');
    expect(done.sub_task_results[0].description).toMatch(/^Preview: .* with the character's face/);
    expect(done.inputs.map((i: Json) => i.key)).toEqual([...keys.slice(0, 4), ready.sheet.key]);
    // Posted again, its request makes the same run: it names the character, not its pictures.
    expect(done.request).toMatchObject({ images: [], params: { character_id: created.result.id } });
    expect(await api.credits(ticket)).toBe(before - 2);
    const afterImage = await api.call('GET', '/prod-api/trade/v1/account/algoTimes', ticket);
    expect(afterImage.result.character.all).toBe(2);

    const video = await api.call('POST', videoGateway, ticket, {
      params: { character_id: created.result.id, resolution: '360p', duration: 5 },
    });
    expect(video.code).toBe(0);
    expect(video.result.cost).toBe(30);
    const clip = await runs.waitForFinal(ticket, videoGateway, video.result.task_id);
    expect(clip.status).toBe('done');
    expect(clip.sub_task_results[0].mime).toBe('video/mp4');

    // Someone else cannot use it, and is charged nothing for trying.
    const other = await runs.userWithGrade('chars-other@example.com', 2);
    await runs.grantCredits(other.id, 50);
    const otherBefore = await api.call('GET', '/prod-api/trade/v1/account', other.ticket);
    const stolen = await api.call('POST', imageGateway, other.ticket, {
      params: { character_id: created.result.id },
    });
    expect(stolen.code).toBe(1004);
    expect((await api.call('GET', `${characters}/${created.result.id}`, other.ticket)).code).toBe(
      1004,
    );
    expect(await api.credits(other.ticket)).toBe(otherBefore.result.credits);
    const missing = await api.call('POST', imageGateway, ticket, { params: {} });
    expect(missing.code).toBe(1001);

    const deleted = await api.call('DELETE', `${characters}/${created.result.id}`, ticket);
    expect(deleted.code).toBe(0);
    expect((await api.call('GET', `${characters}/${created.result.id}`, ticket)).code).toBe(1004);
    expect((await api.call('GET', characters, ticket)).result.data).toEqual([]);
    const gone = await api.call('POST', imageGateway, ticket, {
      params: { character_id: created.result.id },
    });
    expect(gone.code).toBe(1004);
    const emptied = await api.call('GET', '/prod-api/content/assets_folder?algo_type=4', ticket);
    expect(emptied.result.data).toEqual([]);
  }, 300_000);

  it('shows a creation that failed as failed, refunded, and retries it to ready', async () => {
    await worker?.stop();
    worker = undefined;
    const { ticket, keys } = await plusUserWithPhotos('chars-retry@example.com');
    const before = await api.credits(ticket);
    const created = await api.call('POST', characters, ticket, { name: 'Bo', images: keys });
    expect(created.code).toBe(0);
    // With no worker running, the run waits; cancelling it ends it as a failure would.
    const cancelled = await api.call(
      'POST',
      `/prod-api/content/tasks/${created.result.task_id}/cancel`,
      ticket,
    );
    expect(cancelled.code).toBe(0);
    const failed = await waitForCharacter(ticket, created.result.id, 'failed');
    expect(failed.error).toBe('Generation failed, please try again.');
    expect(await api.credits(ticket)).toBe(before);
    const notReady = await api.call('POST', imageGateway, ticket, {
      params: { character_id: created.result.id },
    });
    expect(notReady.code).toBe(1001);

    const retried = await api.call('POST', `${characters}/${created.result.id}/retry`, ticket);
    expect(retried.code).toBe(0);
    expect(retried.result.status).toBe('generating');
    expect(retried.result.task_id).not.toBe(created.result.task_id);
    const again = await api.call('POST', `${characters}/${created.result.id}/retry`, ticket);
    expect(again.code).toBe(1009);

    worker = startTestWorker(t);
    const ready = await waitForCharacter(ticket, created.result.id, 'ready');
    expect(ready.sheet).not.toBeNull();
    expect(await api.credits(ticket)).toBe(before - 1);
  }, 300_000);
});

describe('character video through the gateway', () => {
  it('runs with the user’s own ready character; one still in the making or someone else’s is refused, moving no credits', async () => {
    await worker?.stop();
    worker = undefined;
    const { ticket, keys } = await plusUserWithPhotos('chars-video@example.com');
    const created = await api.call('POST', characters, ticket, { name: 'Cy', images: keys });
    expect(created.code).toBe(0);
    const id = created.result.id as number;
    const before = await api.credits(ticket);

    // No worker runs, so the character is still being made.
    const early = await api.call('POST', videoGateway, ticket, {
      prompt: 'waves at the camera',
      params: { character_id: id },
    });
    expect(early.code).toBe(1001);
    expect(early.msg).toBe(
      'This character is still being created or its creation failed; use it once it is ready',
    );
    const missing = await api.call('POST', videoGateway, ticket, { params: {} });
    expect(missing.code).toBe(1001);
    expect(await api.credits(ticket)).toBe(before);

    worker = startTestWorker(t);
    const ready = await waitForCharacter(ticket, id, 'ready');
    const video = await api.call('POST', videoGateway, ticket, {
      prompt: 'waves at the camera',
      params: { character_id: id, resolution: '360p', duration: 5 },
    });
    expect(video.code).toBe(0);
    expect(video.result.cost).toBe(30);
    const clip = await runs.waitForFinal(ticket, videoGateway, video.result.task_id);
    expect(clip.status).toBe('done');
    expect(clip.task_type).toBe('character_video');
    expect(clip.sub_task_results[0].mime).toBe('video/mp4');
    // The run takes the character's references and sheet, and names the character, not them.
    expect(clip.inputs.map((i: Json) => i.key)).toEqual([...keys.slice(0, 4), ready.sheet.key]);
    expect(clip.request).toMatchObject({ images: [], params: { character_id: id } });
    expect(await api.credits(ticket)).toBe(before - 30);

    const other = await runs.userWithGrade('chars-video-other@example.com', 2);
    await runs.grantCredits(other.id, 50);
    const otherBefore = await api.credits(other.ticket);
    const stolen = await api.call('POST', videoGateway, other.ticket, {
      params: { character_id: id },
    });
    expect(stolen.code).toBe(1004);
    expect(await api.credits(other.ticket)).toBe(otherBefore);
  }, 300_000);
});
