import { parentPort } from 'node:worker_threads';
import { createNsfwScorer } from './nsfw-scorer';

/** The NSFW model on a thread of its own (see createThreadedNsfwScorer). */
const score = createNsfwScorer();

parentPort?.on('message', (message: { id: number; image: Uint8Array }) => {
  score(Buffer.from(message.image.buffer, message.image.byteOffset, message.image.byteLength)).then(
    (value) => parentPort?.postMessage({ id: message.id, score: value }),
    (error: unknown) =>
      parentPort?.postMessage({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
});
