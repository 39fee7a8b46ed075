import type { Rgb } from '../color';
import type { Mesh } from '../mesh';

export type Vec3 = [number, number, number];

/**
 * One uncoloured piece of a primitive: flat arrays as glTF wants them. Pieces are built with
 * whatever winding is convenient; `toMesh` turns every triangle to face the way its vertex
 * normals point, so the analytic normals are the single source of "outside".
 */
export type Geometry = { positions: number[]; normals: number[]; indices: number[] };

/** A piece with its colour, ready to merge. */
export type Part = { geometry: Geometry; colour: Rgb };

/** The unit vector along v, or zero for a zero vector. */
export function normalise(v: Vec3): Vec3 {
  const l = Math.hypot(...v);
  return l > 1e-12 ? [v[0] / l, v[1] / l, v[2] / l] : [0, 0, 0];
}

/** Affine placement of a piece: scale, then rotate about x, y and z (radians), then move. */
export type Placement = { at?: Vec3; scale?: Vec3 | number; rotate?: Vec3 };

export function place(
  g: Geometry,
  { at = [0, 0, 0], scale = 1, rotate = [0, 0, 0] }: Placement,
): Geometry {
  const s: Vec3 = typeof scale === 'number' ? [scale, scale, scale] : scale;
  const [cx, sx, cy, sy, cz, sz] = [
    Math.cos(rotate[0]),
    Math.sin(rotate[0]),
    Math.cos(rotate[1]),
    Math.sin(rotate[1]),
    Math.cos(rotate[2]),
    Math.sin(rotate[2]),
  ];
  const turn = ([x0, y0, z0]: Vec3): Vec3 => {
    const [y1, z1] = [y0 * cx - z0 * sx, y0 * sx + z0 * cx];
    const [x2, z2] = [x0 * cy + z1 * sy, -x0 * sy + z1 * cy];
    return [x2 * cz - y1 * sz, x2 * sz + y1 * cz, z2];
  };
  const positions: number[] = [];
  const normals: number[] = [];
  for (let i = 0; i < g.positions.length; i += 3) {
    const p = turn([
      (g.positions[i] ?? 0) * s[0],
      (g.positions[i + 1] ?? 0) * s[1],
      (g.positions[i + 2] ?? 0) * s[2],
    ]);
    positions.push(p[0] + at[0], p[1] + at[1], p[2] + at[2]);
    // Normals transform by the inverse transpose: divide by the scale, then rotate.
    const n = turn([
      (g.normals[i] ?? 0) / s[0],
      (g.normals[i + 1] ?? 0) / s[1],
      (g.normals[i + 2] ?? 0) / s[2],
    ]);
    normals.push(...normalise(n));
  }
  return { positions, normals, indices: [...g.indices] };
}

/**
 * Merges coloured parts into one mesh, centred on its bounding box and scaled so its largest
 * half-extent is 1 (the renderer and viewers frame a unit object). Degenerate triangles are
 * dropped, and each remaining triangle is wound counter-clockwise seen from the side its
 * vertex normals face, which is what glTF calls the front.
 */
export function toMesh(parts: Part[]): Mesh {
  const positions: number[] = [];
  const normals: number[] = [];
  const colors: number[] = [];
  const indices: number[] = [];
  for (const { geometry, colour } of parts) {
    const base = positions.length / 3;
    positions.push(...geometry.positions);
    normals.push(...geometry.normals);
    for (let i = 0; i < geometry.positions.length / 3; i++)
      colors.push(colour[0], colour[1], colour[2], 255);
    for (let t = 0; t + 2 < geometry.indices.length; t += 3) {
      const [a, b, c] = [0, 1, 2].map((k) => base + (geometry.indices[t + k] ?? 0)) as Vec3;
      const p = (i: number): Vec3 => [
        positions[i * 3] ?? 0,
        positions[i * 3 + 1] ?? 0,
        positions[i * 3 + 2] ?? 0,
      ];
      const n = (i: number): Vec3 => [
        normals[i * 3] ?? 0,
        normals[i * 3 + 1] ?? 0,
        normals[i * 3 + 2] ?? 0,
      ];
      const [pa, pb, pc] = [p(a), p(b), p(c)];
      const u: Vec3 = [pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]];
      const v: Vec3 = [pc[0] - pa[0], pc[1] - pa[1], pc[2] - pa[2]];
      const face: Vec3 = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
      ];
      if (Math.hypot(...face) < 1e-10) continue;
      const [na, nb, nc] = [n(a), n(b), n(c)];
      const facing =
        face[0] * (na[0] + nb[0] + nc[0]) +
        face[1] * (na[1] + nb[1] + nc[1]) +
        face[2] * (na[2] + nb[2] + nc[2]);
      indices.push(...(facing >= 0 ? [a, b, c] : [a, c, b]));
    }
  }
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (const k of [0, 1, 2] as const) {
      min[k] = Math.min(min[k], positions[i + k] ?? 0);
      max[k] = Math.max(max[k], positions[i + k] ?? 0);
    }
  }
  const centre = min.map((m, k) => (m + (max[k] ?? m)) / 2);
  const half = Math.max(...min.map((m, k) => ((max[k] ?? m) - m) / 2)) || 1;
  return {
    positions: Float32Array.from(positions, (v, i) => (v - (centre[i % 3] ?? 0)) / half),
    normals: Float32Array.from(normals),
    colors: Uint8Array.from(colors),
    indices: Uint32Array.from(indices),
  };
}

/**
 * The same surface with every triangle given its own three vertices and its face's normal:
 * the low-poly look of the polyart model.
 */
export function facet(mesh: Mesh): Mesh {
  const count = mesh.indices.length;
  const positions = new Float32Array(count * 3);
  const normals = new Float32Array(count * 3);
  const colors = new Uint8Array(count * 4);
  for (let t = 0; t < count; t += 3) {
    const corners = [0, 1, 2].map((k) => mesh.indices[t + k] ?? 0);
    const p = corners.map((i): Vec3 => [
      mesh.positions[i * 3] ?? 0,
      mesh.positions[i * 3 + 1] ?? 0,
      mesh.positions[i * 3 + 2] ?? 0,
    ]);
    const origin: Vec3 = [0, 0, 0];
    const [a, b, c] = [p[0] ?? origin, p[1] ?? origin, p[2] ?? origin];
    const u: Vec3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const v: Vec3 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const n = normalise([
      u[1] * v[2] - u[2] * v[1],
      u[2] * v[0] - u[0] * v[2],
      u[0] * v[1] - u[1] * v[0],
    ]);
    corners.forEach((i, k) => {
      positions.set(p[k] ?? a, (t + k) * 3);
      normals.set(n, (t + k) * 3);
      colors.set(mesh.colors.subarray(i * 4, i * 4 + 4), (t + k) * 4);
    });
  }
  return { positions, normals, colors, indices: Uint32Array.from({ length: count }, (_, i) => i) };
}
