/** What a 3D model holds, as its detail page shows it. */
export type ModelFacts = { vertices: number; faces: number; textures: number };

const GLB_MAGIC = 0x46546c67; // "glTF"
const JSON_CHUNK = 0x4e4f534a; // "JSON"

type Gltf = {
  accessors?: { count?: number }[];
  meshes?: {
    primitives?: { attributes?: { POSITION?: number }; indices?: number; mode?: number }[];
  }[];
  textures?: unknown[];
  images?: unknown[];
};

/**
 * Reads a binary glTF's JSON chunk for its size in vertices and faces (triangles, the default
 * mode 4; strips and fans count one less per further vertex) and its textures. Undefined when
 * the bytes are not a GLB whose JSON reads.
 */
export function readGlbFacts(bytes: Buffer): ModelFacts | undefined {
  if (bytes.length < 20 || bytes.readUInt32LE(0) !== GLB_MAGIC) return undefined;
  const chunkLength = bytes.readUInt32LE(12);
  if (bytes.readUInt32LE(16) !== JSON_CHUNK || 20 + chunkLength > bytes.length) return undefined;
  let gltf: Gltf;
  try {
    gltf = JSON.parse(bytes.subarray(20, 20 + chunkLength).toString('utf8')) as Gltf;
  } catch {
    return undefined;
  }
  const countOf = (index: number | undefined) =>
    index === undefined ? 0 : Math.max(0, Math.floor(gltf.accessors?.[index]?.count ?? 0));
  let vertices = 0;
  let faces = 0;
  for (const mesh of gltf.meshes ?? []) {
    for (const primitive of mesh.primitives ?? []) {
      const points = countOf(primitive.attributes?.POSITION);
      const corners = primitive.indices === undefined ? points : countOf(primitive.indices);
      vertices += points;
      const mode = primitive.mode ?? 4;
      if (mode === 4) faces += Math.floor(corners / 3);
      else if (mode === 5 || mode === 6) faces += Math.max(0, corners - 2);
    }
  }
  const textures = (gltf.textures ?? gltf.images ?? []).length;
  return { vertices, faces, textures };
}
