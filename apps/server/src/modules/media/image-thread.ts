import { parentPort } from 'node:worker_threads';
import { makeThumbnail, readImageMeta } from './media-images';
import type { ImageJob, ImageAnswer } from './image-threads';

/** The output pictures' header reads and thumbnails on a thread of their own (see createImageThread). */
parentPort?.on('message', (job: ImageJob) => {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const work =
    job.op === 'meta'
      ? readImageMeta(bytes).then((meta): ImageAnswer => ({ id: job.id, meta }))
      : makeThumbnail(bytes, job.width).then((thumbnail): ImageAnswer => ({
          id: job.id,
          thumbnail: new Uint8Array(thumbnail),
        }));
  work.then(
    (answer) =>
      parentPort?.postMessage(
        answer,
        'thumbnail' in answer ? [answer.thumbnail.buffer as ArrayBuffer] : [],
      ),
    (error: unknown) =>
      parentPort?.postMessage({
        id: job.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies ImageAnswer),
  );
});
