import * as ort from 'onnxruntime-node';
import type { io, LayersModel, SymbolicTensor, Tensor } from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { convertKerasToOnnx } from './keras-to-onnx';
import { loadTf } from './tf-runtime';

/** A small deterministic generator, so that a failure repeats. */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

/**
 * A model with the conversion's awkward cases: odd sizes, ZeroPadding2D before a stride-2
 * 'valid' convolution, a stride-2 'same' depthwise convolution whose padding is uneven on one
 * axis and even on the other, a depth multiplier, a residual Add, 'same' average pooling and a
 * Flatten over more than one place (whose NHWC order the Dense weights depend on).
 */
async function buildModel(): Promise<LayersModel> {
  const tf = await loadTf();
  const L = tf.layers;
  const apply = (layer: { apply(x: SymbolicTensor | SymbolicTensor[]): unknown }, x: unknown) =>
    layer.apply(x as SymbolicTensor) as SymbolicTensor;
  const input = tf.input({ shape: [13, 11, 3] });
  let x = apply(
    L.zeroPadding2d({
      padding: [
        [0, 1],
        [0, 1],
      ],
    }),
    input,
  );
  x = apply(L.conv2d({ filters: 8, kernelSize: 3, strides: 2, padding: 'valid' }), x);
  x = apply(L.batchNormalization({ epsilon: 0.001 }), x);
  x = apply(L.reLU({ maxValue: 6 }), x);
  x = apply(
    L.depthwiseConv2d({ kernelSize: 3, strides: 2, padding: 'same', depthMultiplier: 2 }),
    x,
  );
  x = apply(L.batchNormalization({}), x);
  const branch = apply(L.reLU({}), x);
  const projected = apply(L.conv2d({ filters: 16, kernelSize: 1, padding: 'same' }), branch);
  x = apply(L.add(), [branch, projected]);
  x = apply(L.averagePooling2d({ poolSize: 2, strides: 1, padding: 'same' }), x);
  x = apply(L.flatten(), x);
  x = apply(L.dense({ units: 10, activation: 'relu' }), x);
  x = apply(L.dropout({ rate: 0.5 }), x);
  x = apply(L.dense({ units: 4, activation: 'softmax' }), x);
  const model = tf.model({ inputs: input, outputs: x });
  // Batch statistics away from their defaults, so that a wrongly applied one shows; small
  // kernels keep the activations in range, so the softmax stays away from 0 and 1.
  const next = random(7);
  model.setWeights(
    model.weights.map((w) => {
      const size = w.shape.reduce((a: number, b) => a * (b ?? 1), 1);
      const values = Float32Array.from({ length: size }, () => next() * 2 - 1);
      const positive = /moving_variance|gamma/.test(w.name);
      const small = /kernel/.test(w.name);
      return tf.tensor(
        values.map((v) => (positive ? 0.5 + Math.abs(v) : small ? v * 0.4 : v)),
        w.shape.map((d) => d ?? 1),
      );
    }),
  );
  return model;
}

/** Saves the model as model.json plus weights, each weight quantised to uint8 as nsfwjs's are. */
async function saveQuantised(model: LayersModel) {
  const tf = await loadTf();
  let saved: io.ModelArtifacts | undefined;
  await model.save(
    tf.io.withSaveHandler(async (artifacts) => {
      saved = artifacts;
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
    }),
  );
  if (!saved?.weightSpecs || !(saved.weightData instanceof ArrayBuffer)) {
    throw new Error('the model saved no weights');
  }
  const floats = new Float32Array(saved.weightData);
  const bytes: number[] = [];
  let offset = 0;
  const weights = saved.weightSpecs.map((spec) => {
    const count = spec.shape.reduce((a, b) => a * b, 1);
    const values = floats.subarray(offset, offset + count);
    offset += count;
    const min = Math.min(...values);
    const scale = (Math.max(...values) - min) / 255 || 1;
    for (const v of values) bytes.push(Math.round((v - min) / scale));
    return { ...spec, quantization: { dtype: 'uint8' as const, min, scale } };
  });
  const weightData = Uint8Array.from(bytes);
  return {
    modelJson: {
      modelTopology: { model_config: saved.modelTopology },
      weightsManifest: [{ paths: [], weights }],
    },
    weightData,
    artifacts: {
      modelTopology: saved.modelTopology,
      weightSpecs: weights,
      weightData: weightData.buffer,
    },
  };
}

describe('Keras (TensorFlow.js layers format) to ONNX', () => {
  it('gives the same outputs as TensorFlow.js for the same quantised weights', async () => {
    const tf = await loadTf();
    const saved = await saveQuantised(await buildModel());
    const reference = await tf.loadLayersModel(tf.io.fromMemory(saved.artifacts));
    const { bytes, inputName, outputName } = convertKerasToOnnx(saved.modelJson, saved.weightData);
    const session = await ort.InferenceSession.create(bytes);

    const next = random(11);
    const batch = 3;
    const input = Float32Array.from({ length: batch * 13 * 11 * 3 }, () => next());
    const expected = await tf
      .tidy(() => reference.predict(tf.tensor4d(input, [batch, 13, 11, 3])) as Tensor)
      .data();
    const results = await session.run({
      [inputName]: new ort.Tensor('float32', input, [batch, 13, 11, 3]),
    });
    const actual = results[outputName]?.data as Float32Array;

    expect(actual).toHaveLength(batch * 4);
    let maxDiff = 0;
    actual.forEach((v, i) => (maxDiff = Math.max(maxDiff, Math.abs(v - (expected[i] ?? NaN)))));
    expect(maxDiff).toBeLessThan(1e-5);
    // The pictures differ, so the check compares something: rows are not all alike.
    expect(Math.abs((actual[0] ?? 0) - (actual[4] ?? 0))).toBeGreaterThan(1e-3);
  }, 60_000);

  it('refuses a layer it does not convert, by name, and weights that do not fit', async () => {
    const saved = await saveQuantised(await buildModel());
    const topology = structuredClone(saved.modelJson);
    const layers = (
      topology.modelTopology.model_config as { config: { layers: { class_name: string }[] } }
    ).config.layers;
    layers[1]!.class_name = 'MaxPooling2D';
    expect(() => convertKerasToOnnx(topology, saved.weightData)).toThrow(
      /MaxPooling2D is not supported/,
    );
    expect(() => convertKerasToOnnx(saved.modelJson, saved.weightData.subarray(1))).toThrow(
      /ends before weight/,
    );
  }, 60_000);
});
