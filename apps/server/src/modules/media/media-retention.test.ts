import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EngineSettings } from '@lumen/contracts/generation';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createLocalObjectStore,
  type LocalObjectStore,
} from '../../adapters/storage/local-object-store';
import type { DatabaseHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { ManualClock } from '../../lib/clock';
import { createUser } from '../../../test/support/factories';
import { createTestDatabase } from '../../../test/support/test-database';
import { createGenerationRepository } from '../generation/generation.repository';
import type { TaskInputs } from '../generation/generation.schema';
import { mp3Bytes, mp4Bytes, solidImage } from './media.fixtures';
import type { OwnedKey } from './media-retention';
import { createMediaRepository, type MediaRepository } from './media.repository';
import { createMediaService, type MediaService } from './media.service';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const T0 = new Date('2026-03-01T12:00:00Z');

let database: DatabaseHandle;
let root: string;
let store: LocalObjectStore;
let clock: ManualClock;
let repository: MediaRepository;
let generation: ReturnType<typeof createGenerationRepository>;
let media: MediaService;
/** The uploads each sweep asked the generation module about, one list per question. */
let asked: string[][];

function mediaService() {
  return createMediaService({
    repository,
    store,
    clock,
    getGrade: async () => 0,
    paymentMode: true,
    inputKeysInUse: (candidates: OwnedKey[]) => {
      asked.push(candidates.map((c) => c.key));
      return generation.inputKeysInUse(candidates);
    },
  });
}

// A database per test: each sweep sees every user's uploads, and counts what it removed.
beforeEach(async () => {
  database = await createTestDatabase();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-sweep-'));
  store = createLocalObjectStore(root, { secret: 'test' });
  clock = new ManualClock(T0);
  repository = createMediaRepository(database.db);
  generation = createGenerationRepository(database.db, clock);
  asked = [];
  media = mediaService();
});
afterEach(async () => {
  await database.close();
  await fs.rm(root, { recursive: true, force: true });
});

/** An upload declared now; with bytes, PUT into the store as the client would. */
async function declared(userId: number, type: string, bytes?: Buffer): Promise<string> {
  const size = bytes?.length ?? 1024;
  const ticket = await media.createUpload(userId, { filename: 'f', content_type: type, size });
  if (bytes) await store.put(ticket.key, bytes, type);
  return ticket.key;
}

/** An upload that passed inspection now. */
async function ready(userId: number, type = 'image/png', bytes?: Buffer): Promise<string> {
  const key = await declared(userId, type, bytes ?? (await solidImage(400, 400, 'png')));
  await media.inspectUpload(userId, key);
  return key;
}

/** An upload inspection refused now (a GIF sent as a PNG). */
async function rejected(userId: number): Promise<string> {
  const key = await declared(userId, 'image/png', await solidImage(400, 400, 'gif'));
  await expect(media.inspectUpload(userId, key)).rejects.toBeInstanceOf(AppError);
  return key;
}

/** A finished task of this user that took these keys as inputs. */
async function taskUsing(userId: number, inputs: Partial<TaskInputs>): Promise<void> {
  const id = randomUUID();
  const at = clock.now();
  await generation.insertTasks(database.db, [
    {
      id,
      userId,
      taskType: 'img2img',
      media: 'image',
      engine: 'local',
      status: 'done',
      settings: { prompt: 'a quiet harbour', seed: 7 } as EngineSettings,
      inputs: { images: [], videos: [], audios: [], ...inputs },
      lane: 0,
      maxRunning: 1,
      cost: 0,
      requestId: id,
      createdAt: at,
      updatedAt: at,
    },
  ]);
}

/** What the owner sees of an upload: its row's state, or gone, and whether its file is stored. */
async function stateOf(userId: number, key: string) {
  const row = await repository.findOwned(userId, key);
  return { row: row?.status ?? 'gone', file: (await store.head(key)) !== undefined };
}

describe('sweeping uploads on PostgreSQL', () => {
  it('removes uploads still pending or rejected a day after they were made, not younger ones', async () => {
    const user = await createUser(database.db);
    const oldPending = await declared(user.id, 'image/png', await solidImage(400, 400, 'png'));
    const oldNeverSent = await declared(user.id, 'image/jpeg');
    const oldRejected = await rejected(user.id);
    clock.advance(2 * HOUR);
    const youngPending = await declared(user.id, 'image/png', await solidImage(400, 400, 'png'));
    const youngRejected = await rejected(user.id);

    expect(await media.sweepUploads(new Date(T0.getTime() + 25 * HOUR))).toBe(3);
    for (const key of [oldPending, oldNeverSent, oldRejected]) {
      expect(await stateOf(user.id, key)).toEqual({ row: 'gone', file: false });
    }
    await expect(media.inspectUpload(user.id, oldPending)).rejects.toMatchObject({ code: 1004 });
    expect(await stateOf(user.id, youngPending)).toEqual({ row: 'pending', file: true });
    expect(await stateOf(user.id, youngRejected)).toEqual({ row: 'rejected', file: false });
    // The young ones go once they too are a day old.
    expect(await media.sweepUploads(new Date(T0.getTime() + 26 * HOUR))).toBe(2);
  });

  it('removes a ready upload no task used within a week, not a younger one', async () => {
    const user = await createUser(database.db);
    const old = await ready(user.id);
    clock.advance(2 * DAY);
    const young = await ready(user.id);

    expect(await media.sweepUploads(new Date(T0.getTime() + 7 * DAY + HOUR))).toBe(1);
    expect(await stateOf(user.id, old)).toEqual({ row: 'gone', file: false });
    expect(await stateOf(user.id, young)).toEqual({ row: 'ready', file: true });
    await expect(
      media.checkTaskInput(user.id, old, { kind: 'image', maxBytes: 5 * 1024 * 1024 }),
    ).rejects.toMatchObject({ code: 1001 });
  });

  it('keeps uploads a task of their owner takes, marks them, and does not ask about them again', async () => {
    const user = await createUser(database.db);
    const image = await ready(user.id);
    const video = await ready(user.id, 'video/mp4', mp4Bytes());
    const audio = await ready(user.id, 'audio/mpeg', mp3Bytes());
    const unused = await ready(user.id);
    await taskUsing(user.id, { images: [image], videos: [video], audios: [audio] });

    const first = new Date(T0.getTime() + 8 * DAY);
    expect(await media.sweepUploads(first)).toBe(1);
    expect(await stateOf(user.id, unused)).toEqual({ row: 'gone', file: false });
    for (const key of [image, video, audio]) {
      expect(await stateOf(user.id, key)).toEqual({ row: 'ready', file: true });
      expect((await repository.findOwned(user.id, key))?.inUseAt).toEqual(first);
    }
    expect(asked.flat().sort()).toEqual([image, video, audio, unused].sort());

    asked = [];
    expect(await media.sweepUploads(new Date(T0.getTime() + 30 * DAY))).toBe(0);
    expect(asked).toEqual([]);
    expect(await stateOf(user.id, image)).toEqual({ row: 'ready', file: true });
  });

  it("does not keep an upload because another user's task names the same key", async () => {
    const [owner, other] = [await createUser(database.db), await createUser(database.db)];
    const key = await ready(owner.id);
    await taskUsing(other.id, { images: [key] });

    expect(await media.sweepUploads(new Date(T0.getTime() + 8 * DAY))).toBe(1);
    expect(await stateOf(owner.id, key)).toEqual({ row: 'gone', file: false });
  });

  it('never touches outputs', async () => {
    const user = await createUser(database.db);
    const [output] = await media.storeOutputs(
      user.id,
      'kept',
      [{ kind: 'image', mime: 'image/png', bytes: await solidImage(300, 300, 'png') }],
      { watermark: false },
    );
    expect(await media.sweepUploads(new Date(T0.getTime() + 365 * DAY))).toBe(0);
    expect(await stateOf(user.id, output!.key)).toEqual({ row: 'ready', file: true });
    expect(await store.head(output!.thumbKey!)).toBeDefined();
  });

  it('works through the uploads batch by batch, passing over the used ones', async () => {
    const user = await createUser(database.db);
    const keys: string[] = [];
    for (let i = 0; i < 7; i++) keys.push(await ready(user.id));
    await taskUsing(user.id, { images: [keys[1]!, keys[4]!] });

    expect(await media.sweepUploads(new Date(T0.getTime() + 8 * DAY), 2)).toBe(5);
    expect(asked.map((batch) => batch.length)).toEqual([2, 2, 2, 1]);
    const left = await repository.listOwnedByKeys(user.id, keys);
    expect(left.map((row) => row.key).sort()).toEqual([keys[1], keys[4]].sort());
  });

  it('removes each upload once when several nodes sweep at the same moment', async () => {
    const user = await createUser(database.db);
    const keys: string[] = [];
    for (let i = 0; i < 12; i++) keys.push(await declared(user.id, 'image/jpeg'));
    for (let i = 0; i < 6; i++) keys.push(await ready(user.id));
    const used = await ready(user.id);
    await taskUsing(user.id, { images: [used] });

    const now = new Date(T0.getTime() + 8 * DAY);
    const nodes = [media, mediaService(), mediaService()];
    const removed = await Promise.all(nodes.map((node) => node.sweepUploads(now, 4)));
    expect(removed.reduce((a, b) => a + b, 0)).toBe(keys.length);
    expect(await repository.listOwnedByKeys(user.id, keys)).toEqual([]);
    expect(await stateOf(user.id, used)).toEqual({ row: 'ready', file: true });
  });
});

describe("the sweep's statements on PostgreSQL", () => {
  it('delete only what still qualifies: an upload inspected or marked since it was listed stays', async () => {
    const user = await createUser(database.db);
    const marked = await ready(user.id);
    clock.advance(6 * DAY);
    const inspected = await declared(user.id, 'image/png', await solidImage(400, 400, 'png'));
    const plain = await declared(user.id, 'image/png');
    clock.advance(2 * DAY);
    const cutoffs = {
      unfinished: new Date(clock.now().getTime() - DAY),
      unused: new Date(clock.now().getTime() - 7 * DAY),
    };

    const listed = await repository.listSweepableUploads(cutoffs, 0, 10);
    expect(listed.map((row) => row.key)).toEqual([marked, inspected, plain]);
    // Meanwhile another node finds `marked` in use, and its owner submits `inspected`.
    await repository.markInUse([listed[0]!.id], clock.now());
    await media.inspectUpload(user.id, inspected);
    const ids = listed.map((row) => row.id);
    expect(await repository.deleteSweepableUploads(ids, cutoffs)).toEqual([plain]);
    expect(await repository.listSweepableUploads(cutoffs, 0, 10)).toEqual([]);
    expect(await repository.listSweepableUploads(cutoffs, listed[0]!.id, 10)).toEqual([]);
  });

  it('find the keys in use per owner, in any input list', async () => {
    const [a, b] = [await createUser(database.db), await createUser(database.db)];
    await taskUsing(a.id, { images: ['uploads/a/1.png'], audios: ['uploads/a/2.mp3'] });
    await taskUsing(b.id, { videos: ['uploads/b/3.mp4', 'uploads/a/4.png'] });
    const used = await generation.inputKeysInUse([
      { userId: a.id, key: 'uploads/a/1.png' },
      { userId: a.id, key: 'uploads/a/2.mp3' },
      { userId: b.id, key: 'uploads/b/3.mp4' },
      { userId: a.id, key: 'uploads/a/4.png' },
      { userId: b.id, key: 'uploads/a/1.png' },
      { userId: a.id, key: 'uploads/a/1' },
    ]);
    expect([...used].sort()).toEqual(['uploads/a/1.png', 'uploads/a/2.mp3', 'uploads/b/3.mp4']);
    expect(await generation.inputKeysInUse([])).toEqual(new Set());
  });
});
