import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeTestPhoto } from '../local/local-test-support';
import {
  createNsfwBatchScorer,
  createNsfwScorer,
  createThreadedNsfwScorer,
  defaultNsfwThreads,
} from './nsfw-scorer';

describe('NSFW scorer', () => {
  it('loads the model once, then scores a landscape low in any format', async () => {
    const landscape = await makeTestPhoto(512, 384);
    const score = createNsfwScorer();

    const firstStart = performance.now();
    const first = await score(landscape);
    const firstMs = performance.now() - firstStart;
    const secondStart = performance.now();
    const second = await score(landscape);
    const secondMs = performance.now() - secondStart;

    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(0.3);
    expect(second).toBeCloseTo(first, 6);
    // The first call pays for tfjs and the model (seconds); later ones only for a prediction.
    expect(secondMs).toBeLessThan(firstMs / 2);

    // A second scorer shares the process's model, and JPEG/WebP decode like PNG.
    const other = createNsfwScorer();
    for (const bytes of [
      await sharp(landscape).jpeg().toBuffer(),
      await sharp(landscape).webp().toBuffer(),
    ]) {
      const start = performance.now();
      expect(await other(bytes)).toBeLessThan(0.3);
      expect(performance.now() - start).toBeLessThan(firstMs / 2);
    }
  }, 60_000);

  it('says clearly when the bytes are not an image', async () => {
    await expect(createNsfwScorer()(Buffer.from('<html>nope</html>'))).rejects.toThrow(
      /PNG, JPEG or WebP.*do not decode/,
    );
  });

  it('scores the same on its own thread, and reports bad bytes from there', async () => {
    const landscape = await makeTestPhoto(512, 384);
    const threaded = createThreadedNsfwScorer();
    const [here, there] = await Promise.all([createNsfwScorer()(landscape), threaded(landscape)]);
    expect(there).toBeCloseTo(here, 4);
    const many = await Promise.all([landscape, landscape, landscape].map((b) => threaded(b)));
    for (const s of many) expect(s).toBeCloseTo(there, 6);
    await expect(threaded(Buffer.from('<html>nope</html>'))).rejects.toThrow(/do not decode/);
  }, 60_000);

  it('spreads pictures over a pool of threads, each scoring the same', async () => {
    const landscape = await makeTestPhoto(512, 384);
    const pool = createThreadedNsfwScorer({ threads: 2 });
    const single = await createNsfwScorer()(landscape);
    const scores = await Promise.all(Array.from({ length: 4 }, () => pool(landscape)));
    for (const s of scores) expect(s).toBeCloseTo(single, 4);
  }, 90_000);

  it('scores a batch in one call as it scores each alone, and fails bad bytes alone', async () => {
    const landscape = await makeTestPhoto(512, 384);
    const other = await makeTestPhoto(300, 500);
    const score = createNsfwScorer();
    const alone = [await score(landscape), await score(other)];
    const answers = await createNsfwBatchScorer()([
      landscape,
      Buffer.from('<html>nope</html>'),
      other,
    ]);
    expect(answers).toHaveLength(3);
    expect(answers[1]).toMatchObject({ error: expect.any(Error) });
    const scores = [answers[0], answers[2]].map((a) => (a && 'score' in a ? a.score : NaN));
    expect(scores[0]).toBeCloseTo(alone[0]!, 5);
    expect(scores[1]).toBeCloseTo(alone[1]!, 5);
    // On the threads, pictures that arrive while one is scored go together in the next call.
    const threaded = createThreadedNsfwScorer({ threads: 1 });
    const settled = await Promise.allSettled([
      threaded(landscape),
      threaded(other),
      threaded(Buffer.from('<html>nope</html>')),
      threaded(landscape),
    ]);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const values = settled.map((s) => (s.status === 'fulfilled' ? s.value : NaN));
    expect(values[0]).toBeCloseTo(alone[0]!, 4);
    expect(values[1]).toBeCloseTo(alone[1]!, 4);
    expect(values[3]).toBeCloseTo(alone[0]!, 4);
  }, 90_000);

  it('uses one thread per spare core, one at least and four at most', () => {
    expect([1, 2, 3, 8, 64].map((cores) => defaultNsfwThreads(cores))).toEqual([1, 1, 2, 4, 4]);
  });

  it('loads its model ahead of the first picture when asked', async () => {
    const landscape = await makeTestPhoto(512, 384);
    const threaded = createThreadedNsfwScorer();
    let start = performance.now();
    await threaded.preload();
    const preloadMs = performance.now() - start;
    start = performance.now();
    expect(await threaded(landscape)).toBeLessThan(0.3);
    expect(performance.now() - start).toBeLessThan(preloadMs / 2);
  }, 60_000);
});
