import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '@lumen/engines/ts-worker';
import { makeThumbnail, readImageMeta, type ImageMeta } from './media-images';

/** What storing an output does to its pictures: read the header, make the thumbnail. */
export type OutputImages = {
  readImageMeta(bytes: Buffer): Promise<ImageMeta | undefined>;
  makeThumbnail(bytes: Buffer, width: number): Promise<Buffer>;
};

/** The same work on the calling thread (tests, tools that store a few outputs). */
export const imagesInThread: OutputImages = { readImageMeta, makeThumbnail };

type ImageOp = { op: 'meta' } | { op: 'thumbnail'; width: number };
export type ImageJob = { id: number; bytes: Uint8Array } & ImageOp;
export type ImageAnswer = { id: number } & (
  { meta: ImageMeta | undefined } | { thumbnail: Uint8Array } | { error: string }
);

export type ImageThread = OutputImages & {
  /** Stops the thread; jobs still under way fail, and a later job starts a new one. */
  close(): Promise<void>;
};

/**
 * The header reads and thumbnails of finished tasks' outputs on one worker thread. sharp does
 * its pixel work off the event loop already, but each call also costs the calling thread its
 * option checks, its pipeline set-up and its answer; at the queue's rate (a header read and a
 * thumbnail per output picture) that was a fifth of the API thread's time while tasks ended.
 * The thread starts with its first job, is started again if it dies (the jobs it held fail),
 * and does not keep the process alive while it has nothing to do.
 */
export function createImageThread(): ImageThread {
  type Pending = { resolve(answer: ImageAnswer): void; reject(error: Error): void };
  const pending = new Map<number, Pending>();
  let thread: Worker | undefined;
  let nextId = 0;

  function start(): Worker {
    const worker = startTsWorker(new URL('./image-thread.ts', import.meta.url));
    worker.unref();
    worker.on('message', (answer: ImageAnswer) => {
      const job = pending.get(answer.id);
      if (!job) return;
      pending.delete(answer.id);
      if (pending.size === 0) worker.unref();
      job.resolve(answer);
    });
    const fail = (error: Error) => {
      // An error is followed by the exit: the second finds the thread already replaced.
      if (thread !== worker) return;
      thread = undefined;
      const lost = [...pending.values()];
      pending.clear();
      for (const job of lost) job.reject(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the image thread stopped (exit ${code})`)));
    return worker;
  }

  function run(job: ImageOp, bytes: Buffer): Promise<ImageAnswer> {
    const id = nextId++;
    // A copy of the picture's bytes goes over: the caller keeps writing its own.
    const copy = new Uint8Array(bytes);
    const worker = (thread ??= start());
    return new Promise<ImageAnswer>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...job, id, bytes: copy } as ImageJob, [copy.buffer]);
    });
  }

  return {
    async readImageMeta(bytes) {
      const answer = await run({ op: 'meta' }, bytes);
      if ('error' in answer) throw new Error(answer.error);
      return 'meta' in answer ? answer.meta : undefined;
    },
    async makeThumbnail(bytes, width) {
      const answer = await run({ op: 'thumbnail', width }, bytes);
      if ('error' in answer) throw new Error(answer.error);
      if (!('thumbnail' in answer)) throw new Error('the image thread answered no thumbnail');
      const t = answer.thumbnail;
      return Buffer.from(t.buffer, t.byteOffset, t.byteLength);
    },
    async close() {
      const worker = thread;
      if (worker) await worker.terminate();
    },
  };
}
