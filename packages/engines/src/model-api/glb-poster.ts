import sharp from 'sharp';
import type { Mesh } from '../local/mesh';
import { rasterizeMesh } from '../local/mesh-raster';

/**
 * A poster for a 3D model a hosted API made: the GLB's triangles drawn with the local
 * engine's software renderer, so the library shows the model's shape rather than a blank
 * tile. Colours come from vertex colours or each material's base colour; textures are not
 * sampled (the poster shows the shape, the viewer the textured model). A file this reader
 * cannot follow (Draco-compressed, no triangles) gets no poster, as before.
 */

const GLB_MAGIC = 0x46546c67;
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;
/** Models beyond this are not drawn: the poster would cost more than it is worth. */
const MAX_TRIANGLES = 2_000_000;
const POSTER_SIZE = 512;

type Accessor = {
  bufferView?: number;
  byteOffset?: number;
  componentType: number;
  count: number;
  type: string;
  normalized?: boolean;
};
type Gltf = {
  scene?: number;
  scenes?: { nodes?: number[] }[];
  nodes?: {
    mesh?: number;
    children?: number[];
    matrix?: number[];
    translation?: number[];
    rotation?: number[];
    scale?: number[];
  }[];
  meshes?: {
    primitives: {
      attributes: Record<string, number>;
      indices?: number;
      material?: number;
      mode?: number;
      extensions?: Record<string, unknown>;
    }[];
  }[];
  materials?: { pbrMetallicRoughness?: { baseColorFactor?: number[] } }[];
  accessors?: Accessor[];
  bufferViews?: { buffer?: number; byteOffset?: number; byteLength: number; byteStride?: number }[];
  extensionsRequired?: string[];
};

const componentSize: Record<number, number> = {
  5120: 1,
  5121: 1,
  5122: 2,
  5123: 2,
  5125: 4,
  5126: 4,
};
const typeSize: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 };

/** Reads an accessor's elements as numbers (normalised integers scaled to 0–1). */
function readAccessor(
  gltf: Gltf,
  bin: Buffer,
  index: number,
): { values: Float64Array; size: number } {
  const accessor = gltf.accessors?.[index];
  if (!accessor) throw new Error(`no accessor ${index}`);
  const size = typeSize[accessor.type];
  const bytes = componentSize[accessor.componentType];
  if (!size || !bytes) throw new Error(`accessor ${index} has an unknown type`);
  const values = new Float64Array(accessor.count * size);
  if (accessor.bufferView === undefined) return { values, size };
  const view = gltf.bufferViews?.[accessor.bufferView];
  if (!view) throw new Error(`no buffer view ${accessor.bufferView}`);
  const stride = view.byteStride ?? size * bytes;
  const start = (view.byteOffset ?? 0) + (accessor.byteOffset ?? 0);
  if (start + stride * (accessor.count - 1) + size * bytes > bin.length) {
    throw new Error(`accessor ${index} reaches past the binary chunk`);
  }
  const scale = accessor.normalized
    ? (({ 5120: 127, 5121: 255, 5122: 32767, 5123: 65535 } as Record<number, number>)[
        accessor.componentType
      ] ?? 1)
    : 1;
  for (let i = 0; i < accessor.count; i++) {
    for (let c = 0; c < size; c++) {
      const at = start + i * stride + c * bytes;
      let v: number;
      switch (accessor.componentType) {
        case 5126:
          v = bin.readFloatLE(at);
          break;
        case 5125:
          v = bin.readUInt32LE(at);
          break;
        case 5123:
          v = bin.readUInt16LE(at);
          break;
        case 5122:
          v = bin.readInt16LE(at);
          break;
        case 5121:
          v = bin.readUInt8(at);
          break;
        default:
          v = bin.readInt8(at);
      }
      values[i * size + c] = v / scale;
    }
  }
  return { values, size };
}

type Mat4 = number[];
const identity: Mat4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** Column-major product a × b, as glTF stores matrices. */
function multiply(a: Mat4, b: Mat4): Mat4 {
  const out = new Array<number>(16).fill(0);
  for (let col = 0; col < 4; col++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += (a[k * 4 + row] ?? 0) * (b[col * 4 + k] ?? 0);
      out[col * 4 + row] = sum;
    }
  }
  return out;
}

function localMatrix(node: NonNullable<Gltf['nodes']>[number]): Mat4 {
  if (node.matrix?.length === 16) return node.matrix;
  const [tx = 0, ty = 0, tz = 0] = node.translation ?? [];
  const [x = 0, y = 0, z = 0, w = 1] = node.rotation ?? [];
  const [sx = 1, sy = 1, sz = 1] = node.scale ?? [];
  // Rotation from the unit quaternion, scaled per axis, then the translation.
  return [
    (1 - 2 * (y * y + z * z)) * sx,
    2 * (x * y + z * w) * sx,
    2 * (x * z - y * w) * sx,
    0,
    2 * (x * y - z * w) * sy,
    (1 - 2 * (x * x + z * z)) * sy,
    2 * (y * z + x * w) * sy,
    0,
    2 * (x * z + y * w) * sz,
    2 * (y * z - x * w) * sz,
    (1 - 2 * (x * x + y * y)) * sz,
    0,
    tx,
    ty,
    tz,
    1,
  ];
}

/** The GLB's triangles in world space, one mesh, as the local renderer takes them. */
export function readGlbMesh(glb: Buffer): Mesh {
  if (glb.length < 20 || glb.readUInt32LE(0) !== GLB_MAGIC) throw new Error('not a GLB file');
  const jsonLength = glb.readUInt32LE(12);
  if (glb.readUInt32LE(16) !== CHUNK_JSON) throw new Error('the GLB has no JSON chunk first');
  const gltf = JSON.parse(glb.toString('utf8', 20, 20 + jsonLength)) as Gltf;
  const binStart = 20 + jsonLength;
  const bin =
    binStart + 8 <= glb.length && glb.readUInt32LE(binStart + 4) === CHUNK_BIN
      ? glb.subarray(binStart + 8, binStart + 8 + glb.readUInt32LE(binStart))
      : Buffer.alloc(0);
  if (gltf.extensionsRequired?.length) {
    throw new Error(`the GLB needs ${gltf.extensionsRequired.join(', ')}`);
  }
  const positions: number[] = [];
  const normals: number[] = [];
  const colors: number[] = [];
  const indices: number[] = [];

  const addPrimitive = (
    primitive: NonNullable<Gltf['meshes']>[number]['primitives'][number],
    world: Mat4,
  ) => {
    if ((primitive.mode ?? 4) !== 4 || primitive.extensions) return;
    const position = primitive.attributes.POSITION;
    if (position === undefined) return;
    const pos = readAccessor(gltf, bin, position).values;
    const count = pos.length / 3;
    const base = positions.length / 3;
    const normal =
      primitive.attributes.NORMAL !== undefined
        ? readAccessor(gltf, bin, primitive.attributes.NORMAL).values
        : undefined;
    const color =
      primitive.attributes.COLOR_0 !== undefined
        ? readAccessor(gltf, bin, primitive.attributes.COLOR_0)
        : undefined;
    const factor = gltf.materials?.[primitive.material ?? -1]?.pbrMetallicRoughness
      ?.baseColorFactor ?? [0.78, 0.78, 0.8, 1];
    for (let i = 0; i < count; i++) {
      const [x, y, z] = [pos[i * 3] ?? 0, pos[i * 3 + 1] ?? 0, pos[i * 3 + 2] ?? 0];
      positions.push(
        (world[0] ?? 1) * x + (world[4] ?? 0) * y + (world[8] ?? 0) * z + (world[12] ?? 0),
        (world[1] ?? 0) * x + (world[5] ?? 1) * y + (world[9] ?? 0) * z + (world[13] ?? 0),
        (world[2] ?? 0) * x + (world[6] ?? 0) * y + (world[10] ?? 1) * z + (world[14] ?? 0),
      );
      if (normal) {
        const [nx, ny, nz] = [normal[i * 3] ?? 0, normal[i * 3 + 1] ?? 0, normal[i * 3 + 2] ?? 1];
        const wx = (world[0] ?? 1) * nx + (world[4] ?? 0) * ny + (world[8] ?? 0) * nz;
        const wy = (world[1] ?? 0) * nx + (world[5] ?? 1) * ny + (world[9] ?? 0) * nz;
        const wz = (world[2] ?? 0) * nx + (world[6] ?? 0) * ny + (world[10] ?? 1) * nz;
        const length = Math.hypot(wx, wy, wz) || 1;
        normals.push(wx / length, wy / length, wz / length);
      } else {
        normals.push(Number.NaN, 0, 0);
      }
      for (let c = 0; c < 3; c++) {
        const v = color
          ? (color.values[i * color.size + c] ?? 1) * (factor[c] ?? 1)
          : (factor[c] ?? 1);
        colors.push(Math.round(Math.min(1, Math.max(0, v)) * 255));
      }
      colors.push(255);
    }
    if (primitive.indices !== undefined) {
      for (const index of readAccessor(gltf, bin, primitive.indices).values) {
        if (index >= count) throw new Error('an index points past its vertices');
        indices.push(base + index);
      }
    } else {
      for (let i = 0; i + 2 < count; i += 3) indices.push(base + i, base + i + 1, base + i + 2);
    }
    if (indices.length / 3 > MAX_TRIANGLES) throw new Error('too many triangles for a poster');
  };

  const visit = (nodeIndex: number, parent: Mat4, depth: number) => {
    const node = gltf.nodes?.[nodeIndex];
    if (!node || depth > 64) return;
    const world = multiply(parent, localMatrix(node));
    if (node.mesh !== undefined) {
      for (const primitive of gltf.meshes?.[node.mesh]?.primitives ?? [])
        addPrimitive(primitive, world);
    }
    for (const child of node.children ?? []) visit(child, world, depth + 1);
  };
  const roots =
    gltf.scenes?.[gltf.scene ?? 0]?.nodes ?? (gltf.nodes ?? []).map((_, index) => index);
  for (const root of roots) visit(root, identity, 0);
  if (indices.length === 0) throw new Error('the GLB has no triangles');
  fillMissingNormals(positions, normals, indices);
  return {
    positions: Float32Array.from(positions),
    normals: Float32Array.from(normals),
    colors: Uint8Array.from(colors),
    indices: Uint32Array.from(indices),
  };
}

/** Smooth normals for vertices whose primitive brought none (marked NaN). */
function fillMissingNormals(positions: number[], normals: number[], indices: number[]): void {
  const missing = (v: number) => Number.isNaN(normals[v * 3]);
  const sums = new Map<number, [number, number, number]>();
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const [a, b, c] = [indices[t] ?? 0, indices[t + 1] ?? 0, indices[t + 2] ?? 0];
    if (!missing(a) && !missing(b) && !missing(c)) continue;
    const p = (v: number, k: number) => positions[v * 3 + k] ?? 0;
    const u = [p(b, 0) - p(a, 0), p(b, 1) - p(a, 1), p(b, 2) - p(a, 2)];
    const w = [p(c, 0) - p(a, 0), p(c, 1) - p(a, 1), p(c, 2) - p(a, 2)];
    const n: [number, number, number] = [
      (u[1] ?? 0) * (w[2] ?? 0) - (u[2] ?? 0) * (w[1] ?? 0),
      (u[2] ?? 0) * (w[0] ?? 0) - (u[0] ?? 0) * (w[2] ?? 0),
      (u[0] ?? 0) * (w[1] ?? 0) - (u[1] ?? 0) * (w[0] ?? 0),
    ];
    for (const v of [a, b, c]) {
      if (!missing(v)) continue;
      const sum = sums.get(v) ?? [0, 0, 0];
      sums.set(v, [sum[0] + n[0], sum[1] + n[1], sum[2] + n[2]]);
    }
  }
  for (const [v, [x, y, z]] of sums) {
    const length = Math.hypot(x, y, z) || 1;
    normals[v * 3] = x / length;
    normals[v * 3 + 1] = y / length;
    normals[v * 3 + 2] = z / length;
  }
  for (let v = 0; v < normals.length / 3; v++) if (missing(v)) normals[v * 3] = 0;
}

/** The model drawn on a neutral studio backdrop, 512 px square; undefined when unreadable. */
export async function posterOfGlb(
  glb: Buffer,
): Promise<{ bytes: Buffer; width: number; height: number } | undefined> {
  let mesh: Mesh;
  try {
    mesh = readGlbMesh(glb);
  } catch {
    return undefined;
  }
  // Drawn at twice the size and shrunk: cheap anti-aliasing for the triangle edges.
  const big = rasterizeMesh(mesh, POSTER_SIZE * 2, {
    yaw: 0.6,
    pitch: 0.32,
    background: [
      [236, 237, 240],
      [176, 178, 186],
    ],
  });
  const bytes = await sharp(big.data, {
    raw: { width: big.width, height: big.height, channels: 3 },
  })
    .resize(POSTER_SIZE, POSTER_SIZE)
    .png()
    .toBuffer();
  return { bytes, width: POSTER_SIZE, height: POSTER_SIZE };
}
