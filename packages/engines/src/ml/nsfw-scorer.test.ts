import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeTestPhoto } from '../local/local-test-support';
import { createOnnxNsfwProbabilities } from './nsfw-onnx';
import {
  createNsfwBatchScorer,
  createNsfwScorer,
  createThreadedNsfwScorer,
  decodeNsfwInput,
  defaultNsfwIntraOpThreads,
  defaultNsfwThreads,
  nsfwScoreOf,
  toNsfwInputTensor,
} from './nsfw-scorer';
import { createTfjsNsfwProbabilities } from './nsfw-tfjs';

/** The queue's default threshold (NSFW_THRESHOLD): outputs at or above it are flagged. */
const QUEUE_THRESHOLD = 0.85;

/**
 * Real photographs and screenshots from @vladmandic/face-api's demo folder (installed with the
 * engines), the repository's own landing-page screenshot, and made pictures: a photo-like
 * gradient, noise and a flat colour.
 */
async function readTestPictures(): Promise<{ name: string; bytes: Buffer }[]> {
  const demo = join(
    dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
    'demo',
  );
  const files = [
    ...[1, 2, 3, 4, 5, 6].map((n) => join(demo, `sample${n}.jpg`)),
    join(demo, 'screenshot-images.png'),
    new URL('../../../../docs/images/landing.png', import.meta.url).pathname,
  ];
  const noise = Buffer.alloc(300 * 200 * 3);
  let x = 1;
  for (let i = 0; i < noise.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = x & 0xff;
  }
  return [
    ...(await Promise.all(files.map(async (f) => ({ name: f, bytes: await readFile(f) })))),
    { name: 'gradient', bytes: await makeTestPhoto(640, 480, 30) },
    {
      name: 'noise',
      bytes: await sharp(noise, { raw: { width: 300, height: 200, channels: 3 } })
        .png()
        .toBuffer(),
    },
    {
      name: 'flat',
      bytes: await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#d2a07a' },
      })
        .png()
        .toBuffer(),
    },
  ];
}

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
    // The first call pays for the model's conversion and session; later ones only for a run.
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

  it('gives the class probabilities of nsfwjs on TensorFlow.js, and the same flags', async () => {
    const pictures = await readTestPictures();
    const input = toNsfwInputTensor(
      await Promise.all(pictures.map((p) => decodeNsfwInput(p.bytes))),
    );
    const onnx = await createOnnxNsfwProbabilities()(input, pictures.length);
    const tfjs = await createTfjsNsfwProbabilities()(input, pictures.length);

    expect(onnx).toHaveLength(pictures.length * 5);
    expect(tfjs).toHaveLength(pictures.length * 5);
    pictures.forEach((picture, n) => {
      const diffs = [0, 1, 2, 3, 4].map((c) =>
        Math.abs((onnx[n * 5 + c] ?? NaN) - (tfjs[n * 5 + c] ?? NaN)),
      );
      expect(Math.max(...diffs), picture.name).toBeLessThan(1e-3);
      const [a, b] = [nsfwScoreOf(onnx, n), nsfwScoreOf(tfjs, n)];
      expect(a >= QUEUE_THRESHOLD, picture.name).toBe(b >= QUEUE_THRESHOLD);
    });
    // The pictures are told apart, so the comparison is of something: the most likely class
    // differs between them.
    const top = pictures.map((_, n) => {
      const row = Array.from(onnx.subarray(n * 5, n * 5 + 5));
      return row.indexOf(Math.max(...row));
    });
    expect(new Set(top).size).toBeGreaterThan(1);
  }, 120_000);

  it('keeps the event loop free while its threads score, which scoring here does not', async () => {
    // Sixteen pictures hold this thread for hundreds of milliseconds, well above the stalls a
    // busy machine's scheduling causes on its own.
    const pictures = await Promise.all(
      Array.from({ length: 16 }, (_, i) => makeTestPhoto(512, 384, i * 22)),
    );
    const here = createNsfwBatchScorer();
    const pool = createThreadedNsfwScorer({ threads: 1 });
    await Promise.all([here(pictures.slice(0, 1)), pool.preload()]);
    const longestStall = async (work: () => Promise<unknown>) => {
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      await work();
      // A timer the work held up reports its delay when it fires, after the work's answer.
      await new Promise((resolve) => setTimeout(resolve, 20));
      delay.disable();
      return delay.max / 1e6;
    };
    // onnxruntime-node's run holds the thread that calls it for the whole batch.
    const hereMs = await longestStall(() => here(pictures));
    const poolMs = await longestStall(() => Promise.all(pictures.map((p) => pool(p))));
    expect(hereMs).toBeGreaterThan(2 * poolMs);
  }, 120_000);

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
    // onnxruntime's threads per call share out the spare cores beyond the pool's four.
    expect(
      [1, 2, 3, 8, 16].map((cores) => defaultNsfwIntraOpThreads(defaultNsfwThreads(cores), cores)),
    ).toEqual([1, 1, 1, 1, 3]);
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
