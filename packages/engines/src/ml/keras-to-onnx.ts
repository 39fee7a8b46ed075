import { z } from 'zod';
import { decodeKerasWeights, kerasModelJsonSchema, type KerasLayer as Layer } from './keras-model';
import { GraphBuilder, pair, samePadding, type Value } from './onnx-graph';
import { encodeOnnxModel } from './onnx-proto';

/**
 * Converts a Keras functional model saved in TensorFlow.js's layers format (a model.json with
 * its `modelTopology` and `weightsManifest`, plus the weight bytes) to an ONNX model in memory,
 * for onnxruntime. It covers the layers of convolutional image classifiers such as MobileNetV2:
 * InputLayer, ZeroPadding2D, Conv2D, DepthwiseConv2D, BatchNormalization, ReLU (with or without
 * a ceiling), Add, AveragePooling2D, Flatten, Dense and Dropout. Any other layer, or an option
 * it does not reproduce exactly, is refused by name rather than converted approximately.
 *
 * The ONNX graph takes the same NHWC float input as the Keras model and gives the same output;
 * inside, it runs NCHW (onnxruntime's native layout), so the input is transposed once and the
 * weights are laid out for it here.
 */

function activation(g: GraphBuilder, value: string, kind: unknown, layer: string): string {
  if (kind === undefined || kind === null || kind === 'linear') return value;
  if (kind === 'relu') return g.node('Relu', [value], `${layer}_relu`);
  if (kind === 'softmax') {
    return g.node('Softmax', [value], `${layer}_softmax`, [{ name: 'axis', int: 1 }]);
  }
  throw new Error(`Layer ${layer}: activation ${String(kind)} is not supported`);
}

/** Conv2D and DepthwiseConv2D: padding (Keras's own and any pending), weights, bias, activation. */
function convolution(g: GraphBuilder, layer: Layer, input: Value, depthwise: boolean): Value {
  const c = layer.config;
  const name = layer.name;
  if ((c.data_format ?? 'channels_last') !== 'channels_last') {
    throw new Error(`Layer ${name}: only channels_last is supported`);
  }
  const [h, w, channels] = input.shape as [number, number, number];
  if (input.shape.length !== 3) throw new Error(`Layer ${name} needs an image-shaped input`);
  const [kh, kw] = pair(c.kernel_size, `${name}.kernel_size`);
  const [sh, sw] = pair(c.strides ?? 1, `${name}.strides`);
  const [dh, dw] = pair(c.dilation_rate ?? 1, `${name}.dilation_rate`);
  const [top, left, bottom, right] = input.pending ?? [0, 0, 0, 0];
  const paddedH = h + top + bottom;
  const paddedW = w + left + right;
  let pads = [top, left, bottom, right];
  if (c.padding === 'same') {
    // Keras pads the zero-padded tensor, so its own padding adds to any pending.
    const [pt, pb] = samePadding(paddedH, kh, sh, dh);
    const [pl, pr] = samePadding(paddedW, kw, sw, dw);
    pads = [top + pt, left + pl, bottom + pb, right + pr];
  } else if (c.padding !== 'valid') {
    throw new Error(`Layer ${name}: padding ${String(c.padding)} is not supported`);
  }
  const samePads = c.padding === 'same';
  const outH = samePads
    ? Math.ceil(paddedH / sh)
    : Math.floor((paddedH - ((kh - 1) * dh + 1)) / sh) + 1;
  const outW = samePads
    ? Math.ceil(paddedW / sw)
    : Math.floor((paddedW - ((kw - 1) * dw + 1)) / sw) + 1;

  let kernel: Float32Array;
  let outChannels: number;
  let inPerGroup: number;
  if (depthwise) {
    const multiplier = z
      .number()
      .int()
      .positive()
      .parse(c.depth_multiplier ?? 1);
    const k = g.weight(`${name}/depthwise_kernel`, [kh, kw, channels, multiplier]);
    outChannels = channels * multiplier;
    inPerGroup = 1;
    // [kh, kw, in, multiplier] → [in × multiplier, 1, kh, kw]: output channel c·m + j.
    kernel = new Float32Array(k.length);
    for (let y = 0; y < kh; y++)
      for (let x = 0; x < kw; x++)
        for (let ci = 0; ci < channels; ci++)
          for (let j = 0; j < multiplier; j++) {
            const o = ci * multiplier + j;
            kernel[(o * kh + y) * kw + x] = k[((y * kw + x) * channels + ci) * multiplier + j]!;
          }
  } else {
    outChannels = z.number().int().positive().parse(c.filters);
    const k = g.weight(`${name}/kernel`, [kh, kw, channels, outChannels]);
    inPerGroup = channels;
    // [kh, kw, in, out] → [out, in, kh, kw].
    kernel = new Float32Array(k.length);
    for (let y = 0; y < kh; y++)
      for (let x = 0; x < kw; x++)
        for (let ci = 0; ci < channels; ci++)
          for (let o = 0; o < outChannels; o++) {
            kernel[((o * channels + ci) * kh + y) * kw + x] =
              k[((y * kw + x) * channels + ci) * outChannels + o]!;
          }
  }
  const inputs = [input.name, g.constant(`${name}_W`, [outChannels, inPerGroup, kh, kw], kernel)];
  if (c.use_bias === true) {
    inputs.push(g.constant(`${name}_B`, [outChannels], g.weight(`${name}/bias`, [outChannels])));
  }
  const conv = g.node('Conv', inputs, name, [
    { name: 'kernel_shape', ints: [kh, kw] },
    { name: 'strides', ints: [sh, sw] },
    { name: 'dilations', ints: [dh, dw] },
    // ONNX orders pads as all the starts, then all the ends.
    { name: 'pads', ints: [pads[0]!, pads[1]!, pads[2]!, pads[3]!] },
    { name: 'group', int: depthwise ? channels : 1 },
  ]);
  return { name: activation(g, conv, c.activation, name), shape: [outH, outW, outChannels] };
}

function convertLayer(g: GraphBuilder, layer: Layer, inputs: Value[]): Value {
  const c = layer.config;
  const name = layer.name;
  const only = (): Value => {
    if (inputs.length !== 1) throw new Error(`Layer ${name} takes one input`);
    return inputs[0]!;
  };
  switch (layer.class_name) {
    case 'ZeroPadding2D': {
      const input = only();
      const raw = z
        .union([
          z.number().int(),
          z.tuple([z.number().int(), z.number().int()]),
          z.tuple([
            z.tuple([z.number().int(), z.number().int()]),
            z.tuple([z.number().int(), z.number().int()]),
          ]),
        ])
        .parse(c.padding ?? 1);
      const [[t, b], [l, r]] =
        typeof raw === 'number'
          ? [
              [raw, raw],
              [raw, raw],
            ]
          : typeof raw[0] === 'number'
            ? [
                [raw[0], raw[0]],
                [raw[1] as number, raw[1] as number],
              ]
            : (raw as [[number, number], [number, number]]);
      const [h, w, ch] = input.shape as [number, number, number];
      const [pt, pl, pb, pr] = input.pending ?? [0, 0, 0, 0];
      return {
        name: input.name,
        shape: [h + t + b, w + l + r, ch],
        pending: [pt + t, pl + l, pb + b, pr + r],
      };
    }
    case 'Conv2D':
    case 'DepthwiseConv2D': {
      const input = only();
      // The convolution's own padding counts from the unpadded size.
      const [h, w, ch] = input.shape as [number, number, number];
      const [t, l, b, r] = input.pending ?? [0, 0, 0, 0];
      return convolution(
        g,
        layer,
        { name: input.name, shape: [h - t - b, w - l - r, ch], pending: input.pending },
        layer.class_name === 'DepthwiseConv2D',
      );
    }
    case 'BatchNormalization': {
      const input = g.settle(only());
      const axis = c.axis ?? -1;
      if (axis !== -1 && axis !== input.shape.length) {
        throw new Error(`Layer ${name}: only the channel axis is supported`);
      }
      const channels = input.shape[input.shape.length - 1]!;
      const shape = [channels];
      const gamma =
        c.scale === false ? new Float32Array(channels).fill(1) : g.weight(`${name}/gamma`, shape);
      const beta =
        c.center === false ? new Float32Array(channels) : g.weight(`${name}/beta`, shape);
      const mean = g.weight(`${name}/moving_mean`, shape);
      const variance = g.weight(`${name}/moving_variance`, shape);
      // onnxruntime folds this into the preceding convolution when it builds the session.
      const out = g.node(
        'BatchNormalization',
        [
          input.name,
          g.constant(`${name}_gamma`, shape, gamma),
          g.constant(`${name}_beta`, shape, beta),
          g.constant(`${name}_mean`, shape, mean),
          g.constant(`${name}_variance`, shape, variance),
        ],
        name,
        [
          {
            name: 'epsilon',
            float: z
              .number()
              .positive()
              .parse(c.epsilon ?? 0.001),
          },
        ],
      );
      return { name: out, shape: input.shape };
    }
    case 'ReLU': {
      const input = g.settle(only());
      if ((c.negative_slope ?? 0) !== 0 || (c.threshold ?? 0) !== 0) {
        throw new Error(`Layer ${name}: a leaky or thresholded ReLU is not supported`);
      }
      if (c.max_value === null || c.max_value === undefined) {
        return { name: g.node('Relu', [input.name], name), shape: input.shape };
      }
      const min = g.constant(`${name}_min`, [], new Float32Array([0]));
      const max = g.constant(`${name}_max`, [], Float32Array.of(z.number().parse(c.max_value)));
      return { name: g.node('Clip', [input.name, min, max], name), shape: input.shape };
    }
    case 'Add': {
      if (inputs.length < 2) throw new Error(`Layer ${name} needs two inputs or more`);
      const settled = inputs.map((v) => g.settle(v));
      const shape = settled[0]!.shape;
      if (settled.some((v) => v.shape.join(',') !== shape.join(','))) {
        throw new Error(`Layer ${name}: inputs of different shapes`);
      }
      let sum = settled[0]!.name;
      for (const next of settled.slice(1)) sum = g.node('Add', [sum, next.name], name);
      return { name: sum, shape };
    }
    case 'AveragePooling2D': {
      const input = g.settle(only());
      const [h, w, ch] = input.shape as [number, number, number];
      const [kh, kw] = pair(c.pool_size ?? 2, `${name}.pool_size`);
      const [sh, sw] = pair(c.strides ?? [kh, kw], `${name}.strides`);
      let pads = [0, 0, 0, 0];
      let out: [number, number];
      if (c.padding === 'same') {
        const [pt, pb] = samePadding(h, kh, sh, 1);
        const [pl, pr] = samePadding(w, kw, sw, 1);
        pads = [pt, pl, pb, pr];
        out = [Math.ceil(h / sh), Math.ceil(w / sw)];
      } else if ((c.padding ?? 'valid') === 'valid') {
        out = [Math.floor((h - kh) / sh) + 1, Math.floor((w - kw) / sw) + 1];
      } else throw new Error(`Layer ${name}: padding ${String(c.padding)} is not supported`);
      const pooled = g.node('AveragePool', [input.name], name, [
        { name: 'kernel_shape', ints: [kh, kw] },
        { name: 'strides', ints: [sh, sw] },
        { name: 'pads', ints: pads },
        // TensorFlow averages over the window's places inside the picture only.
        { name: 'count_include_pad', int: 0 },
      ]);
      return { name: pooled, shape: [...out, ch] };
    }
    case 'Flatten': {
      const input = g.settle(only());
      let source = input.name;
      if (input.shape.length === 3 && input.shape[0]! * input.shape[1]! > 1) {
        // Keras flattens NHWC; back to that order first so the Dense weights line up.
        source = g.node('Transpose', [source], `${name}_nhwc`, [
          { name: 'perm', ints: [0, 2, 3, 1] },
        ]);
      }
      const size = input.shape.reduce((a, b) => a * b, 1);
      return { name: g.node('Flatten', [source], name, [{ name: 'axis', int: 1 }]), shape: [size] };
    }
    case 'Dense': {
      const input = g.settle(only());
      if (input.shape.length !== 1) throw new Error(`Layer ${name} needs a flat input`);
      const units = z.number().int().positive().parse(c.units);
      const features = input.shape[0]!;
      const kernel = g.weight(`${name}/kernel`, [features, units]);
      const bias =
        c.use_bias === false ? new Float32Array(units) : g.weight(`${name}/bias`, [units]);
      const gemm = g.node(
        'Gemm',
        [
          input.name,
          g.constant(`${name}_W`, [features, units], kernel),
          g.constant(`${name}_B`, [units], bias),
        ],
        name,
      );
      return { name: activation(g, gemm, c.activation, name), shape: [units] };
    }
    case 'Dropout':
      // Inference leaves values as they are.
      return only();
    default:
      throw new Error(`Layer ${name}: ${layer.class_name} is not supported`);
  }
}

/**
 * Converts the model. `weightData` is the weight shards joined in manifest order. Answers the
 * serialised ONNX model, whose one input takes NHWC floats with any batch size and whose one
 * output is the Keras model's output.
 */
export function convertKerasToOnnx(
  modelJson: unknown,
  weightData: Uint8Array,
): { bytes: Uint8Array; inputName: string; outputName: string } {
  const json = kerasModelJsonSchema.parse(modelJson);
  const config = json.modelTopology.model_config.config;
  const g = new GraphBuilder(
    decodeKerasWeights(
      json.weightsManifest.flatMap((group) => group.weights),
      weightData,
    ),
  );
  if (config.input_layers.length !== 1 || config.output_layers.length !== 1) {
    throw new Error('Only models with one input and one output are supported');
  }
  const values = new Map<string, Value>();
  let inputName = '';
  let inputShape: number[] = [];
  for (const layer of config.layers) {
    if (layer.inbound_nodes.length > 1) {
      throw new Error(`Layer ${layer.name} is shared; shared layers are not supported`);
    }
    if (layer.class_name === 'InputLayer') {
      const shape = z
        .tuple([z.null(), z.number().int(), z.number().int(), z.number().int()])
        .parse(layer.config.batch_input_shape, {
          error: () => `Input ${layer.name} must be [batch, height, width, channels]`,
        });
      inputName = g.unique(layer.name);
      inputShape = shape.slice(1) as number[];
      const nchw = g.node('Transpose', [inputName], `${layer.name}_nchw`, [
        { name: 'perm', ints: [0, 3, 1, 2] },
      ]);
      values.set(layer.name, { name: nchw, shape: inputShape });
      continue;
    }
    const inputs = (layer.inbound_nodes[0] ?? []).map(([source, , tensor]) => {
      const value = values.get(source);
      if (!value || tensor !== 0) throw new Error(`Layer ${layer.name}: unknown input ${source}`);
      return value;
    });
    values.set(layer.name, convertLayer(g, layer, inputs));
  }
  const [outputLayer] = config.output_layers[0]!;
  const output = values.get(outputLayer);
  if (!output || output.shape.length !== 1) {
    throw new Error(`The output ${outputLayer} must be a flat vector per picture`);
  }
  const unused = g.unusedWeights();
  if (unused.length > 0) throw new Error(`Weights no layer uses: ${unused.join(', ')}`);
  const bytes = encodeOnnxModel({
    name: 'keras',
    nodes: g.nodes,
    initializers: g.initializers,
    inputs: [{ name: inputName, dims: ['batch', ...inputShape] }],
    outputs: [{ name: output.name, dims: ['batch', output.shape[0]!] }],
  });
  return { bytes, inputName, outputName: output.name };
}
