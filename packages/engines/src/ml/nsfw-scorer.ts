import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { IMAGE_MAX_PIXELS } from '@lumen/contracts/media';
import sharp from 'sharp';
import { startTsWorker } from '../ts-worker';
import { NSFW_CLASSES, NSFW_INPUT_SIZE } from './nsfw-model';
import { createOnnxNsfwProbabilities, type NsfwProbabilities } from './nsfw-onnx';

/** Scores an image 0–1 for adult content; the queue flags outputs at or above its threshold. */
export type NsfwScorer = (image: Buffer) => Promise<number>;

/**
 * How much of the "Sexy" class (swimwear, lingerie, suggestive but not explicit) counts
 * towards the score. Porn and Hentai count fully. At half weight a beach photo the model is
 * sure is "Sexy" lands near 0.5, well under the queue's 0.85 threshold, while an explicit
 * image the model splits between Porn and Sexy keeps most of its score instead of dropping to
 * its Porn share alone.
 */
export const SEXY_WEIGHT = 0.5;

/** Decodes any format sharp reads (PNG, JPEG, WebP, …) to the network's 224×224 RGB input. */
export async function decodeNsfwInput(image: Buffer): Promise<Uint8Array> {
  try {
    // Squashing (not cropping) matches nsfwjs's own bilinear resize and keeps every corner of
    // the picture in view; transparency is flattened onto white so it reads as empty space.
    // The pixel limit keeps a decompression bomb from taking the memory while it decodes.
    return await sharp(image, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize(NSFW_INPUT_SIZE, NSFW_INPUT_SIZE, { fit: 'fill' })
      .raw({ depth: 'uchar' })
      .toBuffer();
  } catch (error) {
    throw new Error('NSFW scoring needs a PNG, JPEG or WebP image; these bytes do not decode', {
      cause: error,
    });
  }
}

/** Decoded pictures as the model's input: one NHWC block, each channel ÷255 as nsfwjs does. */
export function toNsfwInputTensor(pictures: Uint8Array[]): Float32Array {
  const size = NSFW_INPUT_SIZE * NSFW_INPUT_SIZE * 3;
  const input = new Float32Array(pictures.length * size);
  pictures.forEach((pixels, n) => {
    for (let i = 0; i < size; i++) input[n * size + i] = (pixels[i] ?? 0) / 255;
  });
  return input;
}

const CLASS_INDEX = {
  Hentai: NSFW_CLASSES.indexOf('Hentai'),
  Porn: NSFW_CLASSES.indexOf('Porn'),
  Sexy: NSFW_CLASSES.indexOf('Sexy'),
};

/**
 * The score of picture `row` from the model's softmax rows: P(Porn) + P(Hentai) +
 * SEXY_WEIGHT × P(Sexy), so it always lies in 0–1.
 */
export function nsfwScoreOf(probabilities: Float32Array, row: number): number {
  const p = (index: number) => probabilities[row * NSFW_CLASSES.length + index] ?? 0;
  const score = p(CLASS_INDEX.Porn) + p(CLASS_INDEX.Hentai) + SEXY_WEIGHT * p(CLASS_INDEX.Sexy);
  return Math.min(1, Math.max(0, score));
}

/** Scores several images in one call of the model; each answers its score or its error. */
export type NsfwBatchScorer = (
  images: Buffer[],
) => Promise<({ score: number } | { error: Error })[]>;

/** Most images in one model call: a batch's tensors stay a few megabytes. */
export const NSFW_MAX_BATCH = 16;

/**
 * Creates the batch scorer. Each image is decoded to the network's input on its own (bad bytes
 * fail that image alone); the decoded ones go through the model together as one batch, whose
 * rows are the same softmax the single-image path computes. The model is nsfwjs's MobileNetV2
 * converted to ONNX and run by onnxruntime; `probabilities` swaps in another runtime of the
 * same network (the TensorFlow.js reference in tests and benchmarks).
 */
export function createNsfwBatchScorer({
  probabilities = createOnnxNsfwProbabilities(),
}: { probabilities?: NsfwProbabilities } = {}): NsfwBatchScorer {
  return async (images) => {
    const decoded = await Promise.allSettled(images.map((image) => decodeNsfwInput(image)));
    const ready = decoded.flatMap((d, i) =>
      d.status === 'fulfilled' ? [{ i, pixels: d.value }] : [],
    );
    const scores = new Map<number, number>();
    if (ready.length > 0) {
      const input = toNsfwInputTensor(ready.map((r) => r.pixels));
      const values = await probabilities(input, ready.length);
      ready.forEach((r, n) => scores.set(r.i, nsfwScoreOf(values, n)));
    }
    return decoded.map((d, i) =>
      d.status === 'rejected'
        ? { error: d.reason instanceof Error ? d.reason : new Error(String(d.reason)) }
        : { score: scores.get(i) ?? 0 },
    );
  };
}

/**
 * Creates a scorer of one image at a time (a batch of one) with the softmax over nsfwjs's five
 * classes (Drawing, Hentai, Neutral, Porn, Sexy) and the score of `nsfwScoreOf`.
 */
export function createNsfwScorer(options: { probabilities?: NsfwProbabilities } = {}): NsfwScorer {
  const scoreBatch = createNsfwBatchScorer(options);
  return async (image) => {
    const [answer] = await scoreBatch([image]);
    if (!answer) throw new Error('the NSFW model answered nothing');
    if ('error' in answer) throw answer.error;
    return answer.score;
  };
}

/** A scorer on a thread of its own, whose model can be loaded before the first image. */
export type ThreadedNsfwScorer = NsfwScorer & {
  /**
   * Loads the model now (about a second on its thread: nsfwjs's weights, the conversion to
   * ONNX, the session), so that the first upload or output after a start does not wait for it.
   * Resolves once the model has scored a blank picture.
   */
  preload(): Promise<void>;
};

/** Scoring threads by default: one per core beyond the first (the API's), at most four. */
export function defaultNsfwThreads(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

/**
 * onnxruntime threads for one call on each scoring thread: the cores beyond the API's, shared
 * among the scoring threads. Whole pictures on threads of their own need no coordination
 * between cores, where one call spread over many cores splits each of MobileNetV2's small
 * layers; so the pool takes the first four spare cores, and calls split only what is left.
 */
export function defaultNsfwIntraOpThreads(threads: number, cores = availableParallelism()): number {
  return Math.max(1, Math.floor((cores - 1) / Math.max(1, threads)));
}

/**
 * The same scorer on worker threads. onnxruntime-node's `run` computes on the thread that calls
 * it and holds that thread's event loop for the whole call (tens of milliseconds a picture,
 * more for a batch), so the model runs beside the API's event loop instead of on it, and an API
 * node that scores outputs and uploads keeps answering while it does. A pool of `threads` (one
 * per spare core by default), each calling the model with `intraOpThreads` of onnxruntime's
 * own. Each thread has at most one call of the model under way: a picture that arrives while
 * its thread is busy waits, and all that waited go together in the thread's next call (up to
 * NSFW_MAX_BATCH), so a burst of task ends costs a few model calls instead of one each. A
 * picture goes to the thread with the fewest pictures in hand; a lone picture starts at once.
 * Each thread is started on its first picture and restarted if it dies, and none keeps the
 * process alive when idle.
 */
export function createThreadedNsfwScorer({
  threads = defaultNsfwThreads(),
  intraOpThreads = defaultNsfwIntraOpThreads(threads),
}: { threads?: number; intraOpThreads?: number } = {}): ThreadedNsfwScorer {
  type Waiter = { image: Buffer; resolve(score: number): void; reject(error: Error): void };
  type Slot = {
    thread: Worker | undefined;
    /** The batch the thread is scoring, by its message id. */
    running: { id: number; waiters: Waiter[] } | undefined;
    queued: Waiter[];
  };
  const slots: Slot[] = Array.from({ length: Math.max(1, threads) }, () => ({
    thread: undefined,
    running: undefined,
    queued: [],
  }));
  let nextId = 0;
  const load = (slot: Slot) => (slot.running?.waiters.length ?? 0) + slot.queued.length;

  function start(slot: Slot): Worker {
    const worker = startTsWorker(new URL('./nsfw-thread.ts', import.meta.url), {
      workerData: { intraOpThreads },
    });
    worker.unref();
    worker.on(
      'message',
      (message: { id: number; answers: ({ score: number } | { error: string })[] }) => {
        const batch = slot.running;
        if (!batch || batch.id !== message.id) return;
        slot.running = undefined;
        batch.waiters.forEach((waiter, i) => {
          const answer = message.answers[i];
          if (!answer) waiter.reject(new Error('the NSFW scoring thread answered too few scores'));
          else if ('error' in answer) waiter.reject(new Error(answer.error));
          else waiter.resolve(answer.score);
        });
        send(slot);
      },
    );
    const fail = (error: Error) => {
      // An error is followed by the exit: the second finds a new thread in its place.
      if (slot.thread !== worker) return;
      slot.thread = undefined;
      const lost = slot.running?.waiters ?? [];
      slot.running = undefined;
      for (const waiter of lost) waiter.reject(error);
      // Pictures still waiting go to a new thread.
      send(slot);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the NSFW scoring thread stopped (exit ${code})`)));
    return worker;
  }

  /** Sends the waiting pictures as the thread's next batch, once its last one is answered. */
  function send(slot: Slot) {
    if (slot.running) return;
    if (slot.queued.length === 0) {
      slot.thread?.unref();
      return;
    }
    const waiters = slot.queued.splice(0, NSFW_MAX_BATCH);
    const thread = (slot.thread ??= start(slot));
    const id = nextId++;
    slot.running = { id, waiters };
    thread.ref();
    thread.postMessage({ id, images: waiters.map((w) => new Uint8Array(w.image)) });
  }

  const scoreOn = (slot: Slot, image: Buffer) =>
    new Promise<number>((resolve, reject) => {
      slot.queued.push({ image, resolve, reject });
      send(slot);
    });
  const score: NsfwScorer = (image) =>
    scoreOn(
      slots.reduce((best, slot) => (load(slot) < load(best) ? slot : best)),
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
