import { normalise, type Geometry, type Vec3 } from './geometry';

/** A box centred on the origin, each face with its own vertices so edges stay crisp. */
export function box(w: number, h: number, d: number): Geometry {
  const g: Geometry = { positions: [], normals: [], indices: [] };
  const [x, y, z] = [w / 2, h / 2, d / 2];
  const faces: Array<[Vec3, Vec3, Vec3]> = [
    // normal, u axis, v axis (each scaled to the half-extent)
    [
      [1, 0, 0],
      [0, 0, z],
      [0, y, 0],
    ],
    [
      [-1, 0, 0],
      [0, 0, z],
      [0, y, 0],
    ],
    [
      [0, 1, 0],
      [x, 0, 0],
      [0, 0, z],
    ],
    [
      [0, -1, 0],
      [x, 0, 0],
      [0, 0, z],
    ],
    [
      [0, 0, 1],
      [x, 0, 0],
      [0, y, 0],
    ],
    [
      [0, 0, -1],
      [x, 0, 0],
      [0, y, 0],
    ],
  ];
  for (const [n, u, v] of faces) {
    const c: Vec3 = [n[0] * x, n[1] * y, n[2] * z];
    const base = g.positions.length / 3;
    for (const [su, sv] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      g.positions.push(
        c[0] + su * u[0] + sv * v[0],
        c[1] + su * u[1] + sv * v[1],
        c[2] + su * u[2] + sv * v[2],
      );
      g.normals.push(...n);
    }
    g.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return g;
}

/**
 * A box whose top is `wTop` × `dTop` and may sit `shift` along x from the bottom's centre:
 * a car's cabin, a fin, a roof. Base at y = 0, flat faces.
 */
export function taperedBox(
  w: number,
  d: number,
  wTop: number,
  dTop: number,
  h: number,
  shift = 0,
): Geometry {
  const corners = (cw: number, cd: number, y: number, dx: number): Vec3[] => [
    [dx - cw / 2, y, -cd / 2],
    [dx + cw / 2, y, -cd / 2],
    [dx + cw / 2, y, cd / 2],
    [dx - cw / 2, y, cd / 2],
  ];
  const lo = corners(w, d, 0, 0);
  const hi = corners(wTop, dTop, h, shift);
  const faces: Vec3[][] = [lo, hi];
  for (let i = 0; i < 4; i++) {
    const j = (i + 1) % 4;
    faces.push([lo[i] ?? [0, 0, 0], lo[j] ?? [0, 0, 0], hi[j] ?? [0, 0, 0], hi[i] ?? [0, 0, 0]]);
  }
  return convexFaces(faces);
}

/**
 * Flat-shaded faces of a convex solid: each face gets its own vertices and a normal pointing
 * away from the solid's centroid, which for a convex shape is always outwards.
 */
export function convexFaces(faces: Vec3[][]): Geometry {
  const all = faces.flat();
  const centroid = all.reduce<Vec3>(
    (c, p) => [c[0] + p[0] / all.length, c[1] + p[1] / all.length, c[2] + p[2] / all.length],
    [0, 0, 0],
  );
  const g: Geometry = { positions: [], normals: [], indices: [] };
  for (const face of faces) {
    const [a, b, c] = [face[0], face[1], face[2]];
    if (!a || !b || !c) continue;
    const u: Vec3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const v: Vec3 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    let n = normalise([
      u[1] * v[2] - u[2] * v[1],
      u[2] * v[0] - u[0] * v[2],
      u[0] * v[1] - u[1] * v[0],
    ]);
    const mid = face.reduce<Vec3>((s, p) => [s[0] + p[0], s[1] + p[1], s[2] + p[2]], [0, 0, 0]);
    const out: Vec3 = [
      mid[0] / face.length - centroid[0],
      mid[1] / face.length - centroid[1],
      mid[2] / face.length - centroid[2],
    ];
    if (n[0] * out[0] + n[1] * out[1] + n[2] * out[2] < 0) n = [-n[0], -n[1], -n[2]];
    const base = g.positions.length / 3;
    for (const p of face) {
      g.positions.push(...p);
      g.normals.push(...n);
    }
    for (let k = 1; k + 1 < face.length; k++) g.indices.push(base, base + k, base + k + 1);
  }
  return g;
}

/** A triangular prism: a gable roof of width w (along x), height h and depth d, base at y = 0. */
export function prism(w: number, h: number, d: number): Geometry {
  const [x, z] = [w / 2, d / 2];
  return convexFaces([
    [
      [x, 0, -z],
      [x, 0, z],
      [0, h, z],
      [0, h, -z],
    ],
    [
      [-x, 0, -z],
      [-x, 0, z],
      [0, h, z],
      [0, h, -z],
    ],
    [
      [-x, 0, -z],
      [x, 0, -z],
      [x, 0, z],
      [-x, 0, z],
    ],
    [
      [-x, 0, z],
      [x, 0, z],
      [0, h, z],
    ],
    [
      [-x, 0, -z],
      [x, 0, -z],
      [0, h, -z],
    ],
  ]);
}
