import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { createOnnxNsfwProbabilities } from './nsfw-onnx';
import { createNsfwBatchScorer } from './nsfw-scorer';

/** The NSFW model on a thread of its own (see createThreadedNsfwScorer): a batch per message. */
const { intraOpThreads } = z
  .object({ intraOpThreads: z.number().int().positive() })
  .parse(workerData);
const scoreBatch = createNsfwBatchScorer({
  probabilities: createOnnxNsfwProbabilities({ intraOpThreads }),
});

parentPort?.on('message', (message: { id: number; images: Uint8Array[] }) => {
  const images = message.images.map((image) =>
    Buffer.from(image.buffer, image.byteOffset, image.byteLength),
  );
  scoreBatch(images).then(
    (answers) =>
      parentPort?.postMessage({
        id: message.id,
        answers: answers.map((a) => ('error' in a ? { error: a.error.message } : a)),
      }),
    (error: unknown) => {
      const text = error instanceof Error ? error.message : String(error);
      parentPort?.postMessage({ id: message.id, answers: images.map(() => ({ error: text })) });
    },
  );
});
