import type { LayersModel, Tensor, io } from '@tensorflow/tfjs';
import { NSFW_INPUT_SIZE, loadNsfwModelFiles } from './nsfw-model';
import type { NsfwProbabilities } from './nsfw-onnx';
import { loadTf, toModelArtifacts } from './tf-runtime';

let model: Promise<LayersModel> | undefined;

/**
 * The same MobileNetV2 on TensorFlow.js's wasm backend, as nsfwjs runs it: the reference the
 * ONNX conversion is checked against, and the baseline of the scoring benchmark. The server
 * does not use it (it costs ~5 s of start-up and 60–100 ms a picture).
 */
export function createTfjsNsfwProbabilities(): NsfwProbabilities {
  return async (input, count) => {
    const tf = await loadTf();
    model ??= (async () => {
      const files = await loadNsfwModelFiles();
      // nsfwjs's model.json is tfjs's own format; tfjs checks it as it loads.
      const json = files.modelJson as io.ModelJSON;
      return tf.loadLayersModel(tf.io.fromMemory(toModelArtifacts(json, files.shards)));
    })().catch((error: unknown) => {
      model = undefined;
      throw error;
    });
    const layers = await model;
    const probabilities = tf.tidy(
      () =>
        layers.predict(
          tf.tensor4d(input, [count, NSFW_INPUT_SIZE, NSFW_INPUT_SIZE, 3], 'float32'),
        ) as Tensor,
    );
    try {
      return Float32Array.from(await probabilities.data());
    } finally {
      probabilities.dispose();
    }
  };
}
