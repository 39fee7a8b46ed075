import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalObjectStore,
  type LocalObjectStore,
} from '../../adapters/storage/local-object-store';
import type { DatabaseHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import { translate } from '../../lib/i18n/translate';
import { createUser } from '../../../test/support/factories';
import { createTestDatabase } from '../../../test/support/test-database';
import { mp4Bytes, noisePng, playableMp4, solidImage } from './media.fixtures';
import type { TaskInputRules } from './media-rules';
import { createMediaRepository } from './media.repository';
import { createMediaService, type MediaService } from './media.service';

let database: DatabaseHandle;
let root: string;
let store: LocalObjectStore;
let media: MediaService;

beforeAll(async () => {
  database = await createTestDatabase();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-media-'));
  store = createLocalObjectStore(root, { secret: 'test' });
  media = mediaService();
});

/** The service for a free user, on the test store unless told otherwise. */
function mediaService(options: { store?: LocalObjectStore; paymentMode?: boolean } = {}) {
  return createMediaService({
    repository: createMediaRepository(database.db),
    store: options.store ?? store,
    clock: systemClock,
    getGrade: async () => 0,
    paymentMode: options.paymentMode ?? true,
    inputKeysInUse: async () => new Set(),
  });
}
afterAll(async () => {
  await database.close();
  await fs.rm(root, { recursive: true, force: true });
});

const MB = 1024 * 1024;
const imageRules: TaskInputRules = {
  kind: 'image',
  maxBytes: 5 * MB,
  minSide: 300,
  minRatio: 0.4,
  maxRatio: 2.5,
};

/** An upload as the client leaves it: declared, then PUT (straight into the store here). */
async function uploaded(userId: number, type: string, bytes: Buffer, filename = 'f') {
  const ticket = await media.createUpload(userId, {
    filename,
    content_type: type,
    size: bytes.length,
  });
  await store.put(ticket.key, bytes, type);
  return ticket.key;
}

async function refusal(promise: Promise<unknown>): Promise<{ code: number; msg: string }> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return { code: err.code, msg: translate('en', err.messageKey, err.params) };
}

describe('checkTaskInput', () => {
  it('gives back a file that suits the tool, with its bytes', async () => {
    const user = await createUser(database.db);
    const bytes = await solidImage(800, 600, 'jpeg');
    const key = await uploaded(user.id, 'image/jpeg', bytes);
    const input = await media.checkTaskInput(user.id, key, imageRules);
    expect(input).toMatchObject({ key, mime: 'image/jpeg', width: 800, height: 600 });
    expect(await input.bytes()).toEqual(bytes);
  });

  it('refuses with the message the user should see', async () => {
    const user = await createUser(database.db);
    const stranger = await createUser(database.db);
    const small = await uploaded(user.id, 'image/png', await solidImage(200, 400, 'png'));
    const wide = await uploaded(user.id, 'image/png', await solidImage(1000, 300, 'png'));
    const big = await uploaded(user.id, 'image/png', await noisePng(1500, 1400));
    const gif = await uploaded(user.id, 'image/png', await solidImage(400, 400, 'gif'));
    const renamed = await uploaded(user.id, 'image/png', await solidImage(400, 400, 'jpeg'));
    const video = await uploaded(user.id, 'video/mp4', mp4Bytes());

    const cases: [number, string, TaskInputRules, string][] = [
      [stranger.id, small, imageRules, 'The file does not exist or has been deleted'],
      [user.id, 'uploads/1/missing.png', imageRules, 'The file does not exist or has been deleted'],
      [user.id, gif, imageRules, 'Invalid image format (png/jpg only)'],
      [user.id, renamed, imageRules, 'Invalid image format (png/jpg only)'],
      [user.id, video, imageRules, 'Invalid image format (png/jpg only)'],
      [user.id, big, imageRules, 'Image over 5 MB'],
      [
        user.id,
        small,
        imageRules,
        'Selected image does not meet requirements: width and height must be at least 300 px',
      ],
      [
        user.id,
        wide,
        imageRules,
        'Selected image does not meet requirements: the aspect ratio must be between 1:2.5 and 2.5:1',
      ],
      [
        user.id,
        wide,
        { kind: 'image', maxBytes: 5 * MB, maxSide: 900 },
        'Selected image does not meet requirements: width and height must be at most 900 px',
      ],
      [user.id, video, { kind: 'video', maxBytes: 1000 }, 'File over size limit 1 KB'],
      [user.id, wide, { kind: 'audio', maxBytes: MB }, 'Format not supported'],
    ];
    for (const [userId, key, rules, msg] of cases) {
      expect(await refusal(media.checkTaskInput(userId, key, rules))).toEqual({ code: 1001, msg });
    }
    expect(
      await media.checkTaskInput(user.id, big, { kind: 'image', maxBytes: 20 * MB }),
    ).toMatchObject({ width: 1500, height: 1400 });
  });
});

describe('storeOutputs', () => {
  it('stores images with a thumbnail, and makes the watermarked twin when first asked', async () => {
    const user = await createUser(database.db);
    const original = await solidImage(1024, 768, 'png');
    const [stored] = await media.storeOutputs(
      user.id,
      'task1',
      [{ kind: 'image', mime: 'image/png', bytes: original, seed: 42 }],
      { watermark: true },
    );
    const base = `outputs/${user.id}/task1`;
    expect(stored).toMatchObject({
      index: 0,
      key: `${base}/0.png`,
      thumbKey: `${base}/0_thumb.webp`,
      wmKey: `${base}/0_wm.png`,
      width: 1024,
      height: 768,
      seed: 42,
    });
    expect(await media.readObject(`${base}/0.png`)).toEqual(original);
    expect(await refusal(media.readObject(`${base}/9.png`))).toMatchObject({ code: 1004 });
    expect(await media.getViewUrl(`${base}/0_thumb.webp`)).toMatch(
      new RegExp(`^/files/${base}/0_thumb\\.webp\\?exp=\\d+&sig=`),
    );
    const thumb = await sharp((await store.get(`${base}/0_thumb.webp`))!.bytes).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 512, height: 384 });

    // The twin is named, not made: most outputs are never downloaded or published marked.
    expect(await store.head(`${base}/0_wm.png`)).toBeUndefined();
    // Asked for twice at once, it is made once.
    await Promise.all([
      media.ensureTwin(user.id, `${base}/0.png`),
      media.ensureTwin(user.id, `${base}/0.png`),
    ]);
    const pixels = async (bytes: Buffer, left: number, top: number) =>
      sharp(bytes).extract({ left, top, width: 200, height: 40 }).raw().toBuffer();
    const marked = (await store.get(`${base}/0_wm.png`))!.bytes;
    expect(await sharp(marked).metadata()).toMatchObject({ format: 'png', width: 1024 });
    expect(await pixels(marked, 0, 0)).toEqual(await pixels(original, 0, 0));
    expect(await pixels(marked, 824, 728)).not.toEqual(await pixels(original, 824, 728));

    // Stored again (a retried task), the old twin goes with the old original.
    await media.storeOutputs(
      user.id,
      'task1',
      [{ kind: 'image', mime: 'image/png', bytes: await solidImage(1024, 768, 'jpeg') }],
      { watermark: true },
    );
    expect(await store.head(`${base}/0_wm.png`)).toBeUndefined();
  });

  it('makes a video thumbnail from its poster, skips the twin when told, and replaces on retry', async () => {
    const user = await createUser(database.db);
    const outputs = [
      { kind: 'video' as const, mime: 'video/mp4', bytes: playableMp4(), durationS: 1 },
      {
        kind: 'image' as const,
        mime: 'image/jpeg',
        bytes: await solidImage(1280, 720, 'jpeg'),
        role: 'poster' as const,
      },
      { kind: 'model' as const, mime: 'model/gltf-binary', bytes: Buffer.from('glTF') },
      { kind: 'image' as const, mime: 'image/png', bytes: await solidImage(400, 400, 'png') },
    ];
    const first = await media.storeOutputs(user.id, 77, outputs, { watermark: false });
    expect(first.map((o) => [o.key, o.thumbKey, o.wmKey])).toEqual([
      [`outputs/${user.id}/77/0.mp4`, `outputs/${user.id}/77/0_thumb.webp`, null],
      [`outputs/${user.id}/77/1.glb`, null, null],
      [`outputs/${user.id}/77/2.png`, `outputs/${user.id}/77/2_thumb.webp`, null],
    ]);
    const poster = await sharp((await store.get(first[0]!.thumbKey!))!.bytes).metadata();
    expect(poster.width).toBe(768);
    expect((await store.head(`outputs/${user.id}/77/1.glb`))?.contentType).toBe(
      'model/gltf-binary',
    );

    const again = await media.storeOutputs(user.id, 77, outputs, { watermark: true });
    expect(again.map((o) => o.key)).toEqual(first.map((o) => o.key));
    expect(again.map((o) => o.wmKey)).toEqual([
      `outputs/${user.id}/77/0_wm.mp4`,
      null,
      `outputs/${user.id}/77/2_wm.png`,
    ]);
    const owned = await media.listOwnedOutputs(
      user.id,
      again.map((o) => o.key),
    );
    expect(owned).toHaveLength(3);
  });
});

describe('watermarked twins', () => {
  it('removes a twin finished after its output was deleted, and answers not found', async () => {
    const user = await createUser(database.db);
    const key = `outputs/${user.id}/race/0.png`;
    let deleting: Promise<void> | undefined;
    // The owner deletes the output while its twin is being made: just before it is written.
    const racingStore: LocalObjectStore = {
      ...store,
      async put(target, bytes, type) {
        if (target.endsWith('_wm.png')) await (deleting ??= racing.discardOutput(user.id, key));
        return store.put(target, bytes, type);
      },
    };
    const racing = mediaService({ store: racingStore });
    const [image] = await racing.storeOutputs(
      user.id,
      'race',
      [{ kind: 'image', mime: 'image/png', bytes: await solidImage(300, 300, 'png') }],
      { watermark: true },
    );
    const download = racing.getDownloadUrl(
      { id: user.id, roles: [] },
      { type: 'image', key: image!.key },
    );
    expect(await refusal(download)).toMatchObject({ code: 1004 });
    expect(deleting).toBeDefined();
    for (const file of [image!.key, image!.thumbKey!, image!.wmKey!]) {
      expect(await store.head(file)).toBeUndefined();
    }
  });
});

describe('downloads when payment mode is off', () => {
  it('serves the original even to a free user', async () => {
    const user = await createUser(database.db);
    const free = mediaService({ paymentMode: false });
    const [image] = await free.storeOutputs(
      user.id,
      'nopay',
      [{ kind: 'image', mime: 'image/png', bytes: await solidImage(300, 300, 'png') }],
      { watermark: true },
    );
    const { url } = await free.getDownloadUrl(
      { id: user.id, roles: [] },
      { type: 'image', key: image!.key },
    );
    expect(url).toContain('/nopay/0.png?');
  });
});
