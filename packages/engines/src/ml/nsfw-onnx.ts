import type { InferenceSession } from 'onnxruntime-node';
import { convertKerasToOnnx } from './keras-to-onnx';
import { joinShards, loadNsfwModelFiles, NSFW_INPUT_SIZE } from './nsfw-model';

/**
 * Runs the model on `count` pictures given as one NHWC float block (values 0–1), answering the
 * softmax rows one after another (nsfwjs's five classes per picture).
 */
export type NsfwProbabilities = (input: Float32Array, count: number) => Promise<Float32Array>;

type Loaded = { session: InferenceSession; inputName: string; outputName: string };

const sessions = new Map<number, Promise<Loaded>>();

/**
 * Converts nsfwjs's MobileNetV2 to ONNX in memory and opens it in onnxruntime, once per process
 * and thread count (about 0.3 s of conversion on one core, then the session). The model is
 * converted rather than shipped as a file so that the scores come from the very weights nsfwjs
 * ships, and upgrading nsfwjs upgrades them (decision 0062). onnxruntime's native addon is
 * imported lazily: a process that never scores does not load it.
 */
function loadSession(intraOpThreads: number): Promise<Loaded> {
  let loaded = sessions.get(intraOpThreads);
  if (!loaded) {
    loaded = (async () => {
      const [ort, files] = await Promise.all([import('onnxruntime-node'), loadNsfwModelFiles()]);
      const { bytes, inputName, outputName } = convertKerasToOnnx(
        files.modelJson,
        joinShards(files.shards),
      );
      const session = await ort.InferenceSession.create(bytes, {
        graphOptimizationLevel: 'all',
        executionMode: 'sequential',
        intraOpNumThreads: intraOpThreads,
        interOpNumThreads: 1,
        // Idle pool threads sleep instead of spinning: they share the cores with the API.
        extra: { session: { intra_op: { allow_spinning: '0' } } },
      });
      return { session, inputName, outputName };
    })().catch((error: unknown) => {
      sessions.delete(intraOpThreads);
      throw new Error('Could not load the NSFW model (nsfwjs MobileNetV2 on onnxruntime)', {
        cause: error,
      });
    });
    sessions.set(intraOpThreads, loaded);
  }
  return loaded;
}

/**
 * The model on onnxruntime with `intraOpThreads` threads for one call. A call runs on the
 * calling thread and holds it until the answer is ready (onnxruntime-node's `run` is
 * synchronous under its promise), which is why the server scores on worker threads.
 */
export function createOnnxNsfwProbabilities({
  intraOpThreads = 1,
}: { intraOpThreads?: number } = {}): NsfwProbabilities {
  return async (input, count) => {
    const [{ Tensor }, { session, inputName, outputName }] = await Promise.all([
      import('onnxruntime-node'),
      loadSession(Math.max(1, intraOpThreads)),
    ]);
    const feed = new Tensor('float32', input, [count, NSFW_INPUT_SIZE, NSFW_INPUT_SIZE, 3]);
    const results = await session.run({ [inputName]: feed });
    const output = results[outputName];
    if (!output || !(output.data instanceof Float32Array)) {
      throw new Error('the NSFW model answered no probabilities');
    }
    return output.data;
  };
}
