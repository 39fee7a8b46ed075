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

const TAU = Math.PI * 2;

/** A point on a lathe profile: distance from the y axis and height. */
export type ProfilePoint = [r: number, y: number];

function normalise(v: Vec3): Vec3 {
  const l = Math.hypot(...v);
  return l > 1e-12 ? [v[0] / l, v[1] / l, v[2] / l] : [0, 0, 0];
}

/**
 * Revolves a profile around the y axis. The profile runs bottom to top; where it turns by more
 * than `creaseDeg` the ring is doubled so the edge stays sharp (a cup's rim, a bottle's base),
 * elsewhere normals are averaged so curves shade smoothly. A profile that starts and ends on
 * the axis (r = 0) gives a closed solid.
 */
export function lathe(points: ProfilePoint[], segments = 48, creaseDeg = 40): Geometry {
  // A repeated point would make a segment of no length, with no direction to take a normal from.
  const profile = points.filter((p, i) => {
    const q = points[i - 1];
    return !q || Math.hypot(p[0] - q[0], p[1] - q[1]) > 1e-9;
  });
  // The 2D outward normal of each profile segment: (dy, -dr) rotated to point away from the axis.
  const segmentNormals = profile.slice(1).map((p, i): [number, number] => {
    const q = profile[i] ?? p;
    const [dr, dy] = [p[0] - q[0], p[1] - q[1]];
    const l = Math.hypot(dr, dy) || 1;
    return [dy / l, -dr / l];
  });
  const cosCrease = Math.cos((creaseDeg * Math.PI) / 180);
  // Each profile point becomes one or two rings: [point, 2D normal].
  const rings: Array<{ p: ProfilePoint; n: [number, number] }> = [];
  profile.forEach((p, i) => {
    const before = segmentNormals[i - 1];
    const after = segmentNormals[i];
    if (before && after && before[0] * after[0] + before[1] * after[1] < cosCrease) {
      rings.push({ p, n: before }, { p, n: after });
    } else {
      const a = before ?? after ?? [1, 0];
      const b = after ?? before ?? [1, 0];
      const l = Math.hypot(a[0] + b[0], a[1] + b[1]) || 1;
      rings.push({ p, n: [(a[0] + b[0]) / l, (a[1] + b[1]) / l] });
    }
  });
  const g: Geometry = { positions: [], normals: [], indices: [] };
  for (const { p, n } of rings) {
    for (let s = 0; s <= segments; s++) {
      const a = (s / segments) * TAU;
      const [c, sn] = [Math.cos(a), Math.sin(a)];
      g.positions.push(p[0] * c, p[1], p[0] * sn);
      g.normals.push(n[0] * c, n[1], n[0] * sn);
    }
  }
  const row = segments + 1;
  for (let k = 0; k + 1 < rings.length; k++) {
    // A doubled ring is a crease, not a band: no triangles between its two copies.
    const [a, b] = [rings[k], rings[k + 1]];
    if (a && b && a.p === b.p) continue;
    for (let s = 0; s < segments; s++) {
      const [i0, i1, j0, j1] = [
        k * row + s,
        k * row + s + 1,
        (k + 1) * row + s,
        (k + 1) * row + s + 1,
      ];
      g.indices.push(i0, j0, i1, i1, j0, j1);
    }
  }
  return g;
}

/**
 * A profile through the given points as a Catmull-Rom spline, `steps` points per span, so a
 * vase's outline is drawn from a handful of points and still turns smoothly.
 */
export function smoothProfile(points: ProfilePoint[], steps = 6): ProfilePoint[] {
  const out: ProfilePoint[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [p0, p1, p2, p3] = [
      points[i - 1] ?? points[i],
      points[i],
      points[i + 1],
      points[i + 2] ?? points[i + 1],
    ];
    if (!p0 || !p1 || !p2 || !p3) continue;
    for (let s = 0; s < steps; s++) {
      const t = s / steps;
      const [t2, t3] = [t * t, t * t * t];
      const f = (a: number, b: number, c: number, d: number) =>
        0.5 *
        (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (3 * b - a - 3 * c + d) * t3);
      out.push([Math.max(0, f(p0[0], p1[0], p2[0], p3[0])), f(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  const last = points[points.length - 1];
  if (last) out.push(last);
  return out;
}

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

/** A closed cylinder (or a cone frustum) along y from 0 to h, with flat caps. */
export function cylinder(rBottom: number, rTop: number, h: number, segments = 32): Geometry {
  return lathe(
    [
      [0, 0],
      [rBottom, 0],
      [rTop, h],
      [0, h],
    ],
    segments,
  );
}

/** A cone along y from 0 to h: a cylinder whose top closes to a point. */
export function cone(r: number, h: number, segments = 32): Geometry {
  return lathe(
    [
      [0, 0],
      [r, 0],
      [0, h],
    ],
    segments,
  );
}

/** A UV sphere of radius r centred on the origin. */
export function sphere(r: number, rings = 24, segments = 36): Geometry {
  const profile = Array.from({ length: rings + 1 }, (_, i): ProfilePoint => {
    const a = -Math.PI / 2 + (i / rings) * Math.PI;
    return [Math.cos(a) * r, Math.sin(a) * r];
  });
  // The poles sit exactly on the axis so the surface closes.
  profile[0] = [0, -r];
  profile[rings] = [0, r];
  return lathe(profile, segments, 90);
}

/**
 * A torus around the y axis (ring radius R, tube radius r). `arc` below a full turn gives a
 * bent tube, such as a cup's handle, capped at both ends so it stays closed.
 */
export function torus(
  R: number,
  r: number,
  arc = TAU,
  ringSegments = 48,
  tubeSegments = 20,
): Geometry {
  const g: Geometry = { positions: [], normals: [], indices: [] };
  const full = arc >= TAU - 1e-9;
  for (let i = 0; i <= ringSegments; i++) {
    const a = (i / ringSegments) * arc;
    const [ca, sa] = [Math.cos(a), Math.sin(a)];
    for (let j = 0; j <= tubeSegments; j++) {
      const b = (j / tubeSegments) * TAU;
      const [cb, sb] = [Math.cos(b), Math.sin(b)];
      g.positions.push((R + r * cb) * ca, r * sb, (R + r * cb) * sa);
      g.normals.push(cb * ca, sb, cb * sa);
    }
  }
  const row = tubeSegments + 1;
  for (let i = 0; i < ringSegments; i++) {
    for (let j = 0; j < tubeSegments; j++) {
      const [a, b, c, d] = [i * row + j, i * row + j + 1, (i + 1) * row + j, (i + 1) * row + j + 1];
      g.indices.push(a, c, b, b, c, d);
    }
  }
  if (!full) {
    for (const end of [0, arc]) {
      const [ca, sa] = [Math.cos(end), Math.sin(end)];
      // The cap faces along the tube's tangent, outwards from the body of the tube.
      const sign = end === 0 ? -1 : 1;
      const n: Vec3 = [-sa * sign, 0, ca * sign];
      const centre = g.positions.length / 3;
      g.positions.push(R * ca, 0, R * sa);
      g.normals.push(...n);
      for (let j = 0; j <= tubeSegments; j++) {
        const b = (j / tubeSegments) * TAU;
        const [cb, sb] = [Math.cos(b), Math.sin(b)];
        g.positions.push((R + r * cb) * ca, r * sb, (R + r * cb) * sa);
        g.normals.push(...n);
      }
      for (let j = 0; j < tubeSegments; j++) g.indices.push(centre, centre + 1 + j, centre + 2 + j);
    }
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
