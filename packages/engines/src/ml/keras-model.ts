import { z } from 'zod';

/**
 * A Keras model as TensorFlow.js's layers format saves it: the model.json's topology (a
 * functional model's layers and how they connect) and weights manifest, and the weights
 * themselves, read as TensorFlow.js reads them.
 */

const inboundSchema = z.tuple([z.string(), z.number(), z.number()]).rest(z.unknown());

const layerSchema = z.object({
  name: z.string(),
  class_name: z.string(),
  config: z.record(z.string(), z.unknown()),
  inbound_nodes: z.array(z.array(inboundSchema)),
});

const weightSpecSchema = z.object({
  name: z.string(),
  shape: z.array(z.number().int().nonnegative()),
  dtype: z.literal('float32'),
  quantization: z
    .object({ dtype: z.enum(['uint8', 'uint16']), min: z.number(), scale: z.number() })
    .optional(),
});

export const kerasModelJsonSchema = z.object({
  modelTopology: z.object({
    model_config: z.object({
      class_name: z.enum(['Model', 'Functional']),
      config: z.object({
        layers: z.array(layerSchema),
        input_layers: z.array(inboundSchema),
        output_layers: z.array(inboundSchema),
      }),
    }),
  }),
  weightsManifest: z.array(z.object({ weights: z.array(weightSpecSchema) })),
});

export type KerasModelJson = z.infer<typeof kerasModelJsonSchema>;
export type KerasLayer = z.infer<typeof layerSchema>;
export type KerasWeightSpec = z.infer<typeof weightSpecSchema>;

/**
 * Reads the weights as TensorFlow.js's `io.decodeWeights` does: in manifest order, packed
 * without padding; a quantised value v becomes the float32 of `v × scale + min`, computed in
 * double precision, which is what tfjs stores.
 */
export function decodeKerasWeights(
  specs: KerasWeightSpec[],
  data: Uint8Array,
): Map<string, { shape: number[]; values: Float32Array }> {
  const weights = new Map<string, { shape: number[]; values: Float32Array }>();
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let offset = 0;
  for (const spec of specs) {
    const count = spec.shape.reduce((a, b) => a * b, 1);
    const values = new Float32Array(count);
    const q = spec.quantization;
    const bytesEach = q ? (q.dtype === 'uint8' ? 1 : 2) : 4;
    if (offset + count * bytesEach > data.byteLength) {
      throw new Error(`The weight data ends before weight ${spec.name}`);
    }
    if (q?.dtype === 'uint8') {
      for (let i = 0; i < count; i++) values[i] = data[offset + i]! * q.scale + q.min;
    } else if (q) {
      for (let i = 0; i < count; i++)
        values[i] = view.getUint16(offset + 2 * i, true) * q.scale + q.min;
    } else {
      for (let i = 0; i < count; i++) values[i] = view.getFloat32(offset + 4 * i, true);
    }
    offset += count * bytesEach;
    weights.set(spec.name, { shape: spec.shape, values });
  }
  if (offset !== data.byteLength) {
    throw new Error(`The weight data has ${data.byteLength - offset} bytes no weight describes`);
  }
  return weights;
}
