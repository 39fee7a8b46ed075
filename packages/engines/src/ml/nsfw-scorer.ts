import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { IMAGE_MAX_PIXELS } from '@lumen/contracts/media';
import type { NSFWJS } from 'nsfwjs/core';
import sharp from 'sharp';
import { loadTf, toModelArtifacts } from './tf-runtime';

/** Scores an image 0–1 for adult content; the queue flags outputs at or above its threshold. */
export type NsfwScorer = (image: Buffer) => Promise<number>;

/** MobileNetV2's input side: the network was trained on 224×224 RGB. */
const INPUT_SIZE = 224;

/**
 * How much of the "Sexy" class (swimwear, lingerie, suggestive but not explicit) counts
 * towards the score. Porn and Hentai count fully. At half weight a beach photo the model is
 * sure is "Sexy" lands near 0.5, well under the queue's 0.85 threshold, while an explicit
 * image the model splits between Porn and Sexy keeps most of its score instead of dropping to
 * its Porn share alone.
 */
export const SEXY_WEIGHT = 0.5;

let model: Promise<NSFWJS> | undefined;

/**
 * Loads nsfwjs's MobileNetV2 once per process (~1–5 s: the weights ship as base64 inside JS
 * bundles). nsfwjs is imported lazily because it pulls in all of tfjs.
 */
function loadModel(): Promise<NSFWJS> {
  model ??= (async () => {
    const tf = await loadTf();
    const [{ NSFWJS }, { MobileNetV2Model }] = await Promise.all([
      import('nsfwjs/core'),
      import('nsfwjs/models/mobilenet_v2'),
    ]);
    const [json, shards] = await Promise.all([
      MobileNetV2Model.modelJson(),
      Promise.all(MobileNetV2Model.weightBundles.map((bundle) => bundle())),
    ]);
    const weights = shards.map((shard) => new Uint8Array(Buffer.from(shard.default, 'base64')));
    // Building NSFWJS from an IOHandler skips nsfwjs's `load` (its model registry and console
    // banner) but keeps its normalisation (÷255) and its warm-up prediction.
    const nsfw = new NSFWJS(tf.io.fromMemory(toModelArtifacts(json.default, weights)), {
      size: INPUT_SIZE,
    });
    await nsfw.load();
    return nsfw;
  })().catch((error: unknown) => {
    model = undefined;
    throw new Error('Could not load the NSFW model (nsfwjs MobileNetV2)', { cause: error });
  });
  return model;
}

/** Decodes any format sharp reads (PNG, JPEG, WebP, …) to the network's 224×224 RGB input. */
async function toInputPixels(image: Buffer): Promise<Uint8Array> {
  try {
    // Squashing (not cropping) matches nsfwjs's own bilinear resize and keeps every corner of
    // the picture in view; transparency is flattened onto white so it reads as empty space.
    // The pixel limit keeps a decompression bomb from taking the memory while it decodes.
    return await sharp(image, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize(INPUT_SIZE, INPUT_SIZE, { fit: 'fill' })
      .raw({ depth: 'uchar' })
      .toBuffer();
  } catch (error) {
    throw new Error('NSFW scoring needs a PNG, JPEG or WebP image; these bytes do not decode', {
      cause: error,
    });
  }
}

/**
 * Creates the scorer the server's queue service takes as `scoreNsfw`. The score is
 * P(Porn) + P(Hentai) + SEXY_WEIGHT × P(Sexy), from the softmax over nsfwjs's five classes
 * (Drawing, Hentai, Neutral, Porn, Sexy), so it always lies in 0–1.
 */
export function createNsfwScorer(): NsfwScorer {
  return async (image) => {
    // Decode first: bad bytes fail fast without waiting for (or paying for) the model load.
    const pixels = await toInputPixels(image);
    const [tf, nsfw] = await Promise.all([loadTf(), loadModel()]);
    const input = tf.tensor3d(Int32Array.from(pixels), [INPUT_SIZE, INPUT_SIZE, 3], 'int32');
    try {
      const predictions = await nsfw.classify(input, 5);
      const p = (name: string) => predictions.find((c) => c.className === name)?.probability ?? 0;
      const score = p('Porn') + p('Hentai') + SEXY_WEIGHT * p('Sexy');
      return Math.min(1, Math.max(0, score));
    } finally {
      input.dispose();
    }
  };
}

/** A scorer on a thread of its own, whose model can be loaded before the first image. */
export type ThreadedNsfwScorer = NsfwScorer & {
  /**
   * Loads the model now (1–5 s on its thread), so that the first upload or output after a
   * start does not wait for it. Resolves once the model has scored a blank picture.
   */
  preload(): Promise<void>;
};

/** Scoring threads by default: one per core beyond the first (the API's), at most four. */
export function defaultNsfwThreads(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

/**
 * The same scorer on worker threads: the model's ~100 ms of wasm per image runs beside the
 * event loop instead of on it, so an API node that scores outputs and uploads keeps answering
 * while it does. A pool of `threads` (one per spare core by default), each image going to the
 * thread with the fewest waiting; each thread is started on its first image and restarted if
 * it dies, and none keeps the process alive when idle.
 */
export function createThreadedNsfwScorer({
  threads = defaultNsfwThreads(),
}: { threads?: number } = {}): ThreadedNsfwScorer {
  type Slot = {
    thread: Worker | undefined;
    pending: Map<number, { resolve(score: number): void; reject(error: Error): void }>;
  };
  const slots: Slot[] = Array.from({ length: Math.max(1, threads) }, () => ({
    thread: undefined,
    pending: new Map(),
  }));
  let nextId = 0;

  function start(slot: Slot): Worker {
    // TypeScript sources run through tsx (decision 0003), in the thread too: its loader is
    // registered there before the thread's module is imported.
    const tsxApi = pathToFileURL(
      createRequire(import.meta.url)
        .resolve('tsx/esm/api')
        .replace(/\.cjs$/, '.mjs'),
    ).href;
    const entry = new URL('./nsfw-thread.ts', import.meta.url).href;
    const worker = new Worker(
      `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
      { eval: true },
    );
    worker.unref();
    worker.on('message', (message: { id: number; score?: number; error?: string }) => {
      const waiter = slot.pending.get(message.id);
      if (!waiter) return;
      slot.pending.delete(message.id);
      if (slot.pending.size === 0) worker.unref();
      if (message.error !== undefined) waiter.reject(new Error(message.error));
      else waiter.resolve(message.score ?? 0);
    });
    const fail = (error: Error) => {
      if (slot.thread === worker) slot.thread = undefined;
      for (const waiter of slot.pending.values()) waiter.reject(error);
      slot.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the NSFW scoring thread stopped (exit ${code})`)));
    return worker;
  }

  const scoreOn = (slot: Slot, image: Buffer) =>
    new Promise<number>((resolve, reject) => {
      const thread = (slot.thread ??= start(slot));
      const id = nextId++;
      slot.pending.set(id, { resolve, reject });
      thread.ref();
      thread.postMessage({ id, image: new Uint8Array(image) });
    });
  const score: NsfwScorer = (image) =>
    scoreOn(
      slots.reduce((best, slot) => (slot.pending.size < best.pending.size ? slot : best)),
      image,
    );
  async function preload(): Promise<void> {
    const blank = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    await Promise.all(slots.map((slot) => scoreOn(slot, blank)));
  }
  return Object.assign(score, { preload });
}
