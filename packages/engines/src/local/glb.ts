import type { Mesh } from './mesh';

const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;

const pad4 = (n: number): number => (n + 3) & ~3;

/**
 * Writes a mesh as binary glTF 2.0: one node, one primitive with POSITION, NORMAL, COLOR_0
 * (RGBA8 normalised) and indices (16-bit when they fit). Every buffer view starts on a
 * 4-byte boundary and both chunks are padded as the spec requires (JSON with spaces).
 */
export function writeGlb(mesh: Mesh, name: string): Buffer {
  const count = mesh.positions.length / 3;
  const shortIndices = count <= 65535;
  const indexBytes = shortIndices ? Uint16Array.from(mesh.indices) : mesh.indices;
  const parts = [mesh.positions, mesh.normals, mesh.colors, indexBytes].map(
    (a) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength),
  );
  const offsets: number[] = [];
  let length = 0;
  for (const part of parts) {
    offsets.push(length);
    length = pad4(length + part.byteLength);
  }
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  mesh.positions.forEach((v, i) => {
    min[i % 3] = Math.min(min[i % 3] ?? v, v);
    max[i % 3] = Math.max(max[i % 3] ?? v, v);
  });
  const view = (i: number, target: number) => ({
    buffer: 0,
    byteOffset: offsets[i],
    byteLength: parts[i]?.byteLength,
    target,
  });
  const json = {
    asset: { version: '2.0', generator: 'Lumen local preview engine' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name }],
    meshes: [
      {
        name,
        primitives: [
          { attributes: { POSITION: 0, NORMAL: 1, COLOR_0: 2 }, indices: 3, material: 0, mode: 4 },
        ],
      },
    ],
    materials: [
      {
        name: 'preview',
        pbrMetallicRoughness: {
          baseColorFactor: [1, 1, 1, 1],
          metallicFactor: 0,
          roughnessFactor: 0.6,
        },
      },
    ],
    buffers: [{ byteLength: length }],
    bufferViews: [
      view(0, ARRAY_BUFFER),
      view(1, ARRAY_BUFFER),
      view(2, ARRAY_BUFFER),
      view(3, ELEMENT_ARRAY_BUFFER),
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count, type: 'VEC3', min, max },
      { bufferView: 1, componentType: 5126, count, type: 'VEC3' },
      { bufferView: 2, componentType: 5121, normalized: true, count, type: 'VEC4' },
      {
        bufferView: 3,
        componentType: shortIndices ? 5123 : 5125,
        count: mesh.indices.length,
        type: 'SCALAR',
      },
    ],
  };
  const jsonText = Buffer.from(JSON.stringify(json), 'utf8');
  const jsonChunk = Buffer.alloc(pad4(jsonText.length), 0x20);
  jsonText.copy(jsonChunk);
  const binChunk = Buffer.alloc(length);
  parts.forEach((part, i) => binChunk.set(part, offsets[i]));
  const total = 12 + 8 + jsonChunk.length + 8 + binChunk.length;
  const header = Buffer.alloc(20);
  header.writeUInt32LE(GLB_MAGIC, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(total, 8);
  header.writeUInt32LE(jsonChunk.length, 12);
  header.writeUInt32LE(CHUNK_JSON, 16);
  const binHeader = Buffer.alloc(8);
  binHeader.writeUInt32LE(binChunk.length, 0);
  binHeader.writeUInt32LE(CHUNK_BIN, 4);
  return Buffer.concat([header, jsonChunk, binHeader, binChunk]);
}
