import { z } from 'zod';
import type { OnnxNode, OnnxTensor } from './onnx-proto';

/**
 * What the Keras-to-ONNX conversion builds with: the graph's nodes and initialisers under unique
 * names, the weights each layer takes (each once), and Keras's padding arithmetic.
 */

/** A tensor of the graph: its name and its shape without the batch, as Keras sees it (NHWC). */
export type Value = {
  name: string;
  shape: number[];
  /** Zero padding not yet applied (top, left, bottom, right): the next convolution takes it. */
  pending?: [number, number, number, number];
};

export const pair = (value: unknown, what: string): [number, number] => {
  const parsed = z.union([z.number().int(), z.tuple([z.number().int(), z.number().int()])]);
  const v = parsed.parse(value, { error: () => `${what} must be a number or a pair` });
  return typeof v === 'number' ? [v, v] : v;
};

/**
 * Padding before and after along one axis for Keras's 'same': the output has ceil(in / stride)
 * places, and when the window needs an odd number of extra places the extra one goes at the
 * end (bottom, right), as in TensorFlow.
 */
export function samePadding(size: number, kernel: number, stride: number, dilation: number) {
  const out = Math.ceil(size / stride);
  const total = Math.max((out - 1) * stride + (kernel - 1) * dilation + 1 - size, 0);
  const before = Math.floor(total / 2);
  return [before, total - before] as const;
}

/** Builds the ONNX graph layer by layer; `bytes()` serialises it. */
export class GraphBuilder {
  readonly nodes: OnnxNode[] = [];
  readonly initializers: OnnxTensor[] = [];
  private readonly names = new Set<string>();

  constructor(private readonly weights: Map<string, { shape: number[]; values: Float32Array }>) {}

  unique(base: string): string {
    let name = base;
    for (let n = 1; this.names.has(name); n++) name = `${base}_${n}`;
    this.names.add(name);
    return name;
  }

  weight(name: string, shape: number[]): Float32Array {
    const weight = this.weights.get(name);
    if (!weight) throw new Error(`The model has no weight ${name}`);
    if (weight.shape.join(',') !== shape.join(',')) {
      throw new Error(`Weight ${name} has shape [${weight.shape}], expected [${shape}]`);
    }
    this.weights.delete(name);
    return weight.values;
  }

  constant(base: string, dims: number[], data: OnnxTensor['data']): string {
    const name = this.unique(base);
    this.initializers.push({ name, dims, data });
    return name;
  }

  node(opType: string, inputs: string[], base: string, attributes: OnnxNode['attributes'] = []) {
    const output = this.unique(base);
    this.nodes.push({ opType, inputs, outputs: [output], name: output, attributes });
    return output;
  }

  /** Applies pending zero padding with a Pad node, for a layer that cannot take it itself. */
  settle(value: Value): Value {
    if (!value.pending) return value;
    const [top, left, bottom, right] = value.pending;
    const pads = this.constant(`${value.name}_pads`, [8], {
      int64: [0, 0, top, left, 0, 0, bottom, right],
    });
    return {
      name: this.node('Pad', [value.name, pads], `${value.name}_padded`),
      shape: value.shape,
    };
  }

  unusedWeights(): string[] {
    return [...this.weights.keys()];
  }
}
