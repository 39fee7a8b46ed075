import { mixRgb, type Rgb } from './color';
import { createRng } from './prng';

/** A triangle mesh as glTF wants it: float positions and normals, RGBA8 colours, indices. */
export type Mesh = {
  positions: Float32Array;
  normals: Float32Array;
  colors: Uint8Array;
  indices: Uint32Array;
};

type Vec3 = [number, number, number];

/** An icosahedron subdivided `levels` times, projected on the unit sphere. */
function icosphere(levels: number): { vertices: Vec3[]; faces: Vec3[] } {
  const t = (1 + Math.sqrt(5)) / 2;
  const vertices: Vec3[] = [
    [-1, t, 0],
    [1, t, 0],
    [-1, -t, 0],
    [1, -t, 0],
    [0, -1, t],
    [0, 1, t],
    [0, -1, -t],
    [0, 1, -t],
    [t, 0, -1],
    [t, 0, 1],
    [-t, 0, -1],
    [-t, 0, 1],
  ].map(([x, y, z]): Vec3 => {
    const l = Math.hypot(x ?? 0, y ?? 0, z ?? 0);
    return [(x ?? 0) / l, (y ?? 0) / l, (z ?? 0) / l];
  });
  let faces: Vec3[] = [
    [0, 11, 5],
    [0, 5, 1],
    [0, 1, 7],
    [0, 7, 10],
    [0, 10, 11],
    [1, 5, 9],
    [5, 11, 4],
    [11, 10, 2],
    [10, 7, 6],
    [7, 1, 8],
    [3, 9, 4],
    [3, 4, 2],
    [3, 2, 6],
    [3, 6, 8],
    [3, 8, 9],
    [4, 9, 5],
    [2, 4, 11],
    [6, 2, 10],
    [8, 6, 7],
    [9, 8, 1],
  ];
  for (let level = 0; level < levels; level++) {
    const cache = new Map<string, number>();
    const midpoint = (a: number, b: number): number => {
      const key = a < b ? `${a}:${b}` : `${b}:${a}`;
      const known = cache.get(key);
      if (known !== undefined) return known;
      const pa: Vec3 = vertices[a] ?? [0, 0, 1];
      const pb: Vec3 = vertices[b] ?? pa;
      const m: Vec3 = [(pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2, (pa[2] + pb[2]) / 2];
      const l = Math.hypot(...m);
      vertices.push([m[0] / l, m[1] / l, m[2] / l]);
      cache.set(key, vertices.length - 1);
      return vertices.length - 1;
    };
    faces = faces.flatMap(([a, b, c]): Vec3[] => {
      const [ab, bc, ca] = [midpoint(a, b), midpoint(b, c), midpoint(c, a)];
      return [
        [a, ab, ca],
        [b, bc, ab],
        [c, ca, bc],
        [ab, bc, ca],
      ];
    });
  }
  return { vertices, faces };
}

export type ShapeOptions = {
  seed: number;
  /** Flat-shaded low poly (the polyart model) instead of a smooth surface. */
  faceted: boolean;
  /** Colours from dark to light; the surface runs through them with height and bumps. */
  colours: Rgb[];
  /** Optional per-direction colour (image to 3D projects the picture on the front). */
  colourAt?: (dir: Vec3) => Rgb | undefined;
};

/** A seeded organic shape: a sphere pushed out by a few waves along random directions. */
export function buildShape(options: ShapeOptions): Mesh {
  const rng = createRng(options.seed);
  const { vertices, faces } = icosphere(options.faceted ? 2 : 4);
  const waves = Array.from({ length: 6 }, () => {
    const d: Vec3 = [rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)];
    const l = Math.hypot(...d) || 1;
    return {
      d: [d[0] / l, d[1] / l, d[2] / l] as Vec3,
      f: rng.range(1.5, 5),
      phase: rng.range(0, 6.3),
      a: rng.range(0.04, 0.12),
    };
  });
  const ridged = rng.chance(0.35);
  const stretch = rng.range(0.8, 1.35);
  const radius = (dir: Vec3): number => {
    let r = 1;
    for (const w of waves) {
      const s = Math.sin(w.f * (dir[0] * w.d[0] + dir[1] * w.d[1] + dir[2] * w.d[2]) + w.phase);
      r += w.a * (ridged ? 1 - 2 * Math.abs(s) : s);
    }
    return r;
  };
  const grey: Rgb = [128, 128, 128];
  const ramp = options.colours.length ? options.colours : [grey];
  // Colour climbs the ramp with height and with how far a bump sticks out.
  const colourOf = (dir: Vec3, r: number): Rgb => {
    const pos =
      Math.min(0.999, Math.max(0, ((dir[1] + 1) / 2) * 0.7 + (r - 0.8) * 0.75)) * (ramp.length - 1);
    const i = Math.floor(pos);
    const base = mixRgb(ramp[i] ?? grey, ramp[i + 1] ?? ramp[i] ?? grey, pos - i);
    const projected = options.colourAt?.(dir);
    return projected ? mixRgb(base, projected, 0.75) : base;
  };
  const points = vertices.map((dir): Vec3 => {
    const r = radius(dir);
    return [dir[0] * r, dir[1] * r * stretch, dir[2] * r];
  });
  const colours = vertices.map((dir) => colourOf(dir, radius(dir)));
  return options.faceted ? flatMesh(points, colours, faces) : smoothMesh(points, colours, faces);
}

function faceNormal(a: Vec3, b: Vec3, c: Vec3): Vec3 {
  const u: Vec3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v: Vec3 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
}

/** A checked lookup: face indices come from the icosphere itself, so a miss is a bug. */
function at<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`mesh index ${i} out of range`);
  return item;
}

function smoothMesh(points: Vec3[], colours: Rgb[], faces: Vec3[]): Mesh {
  // Area-weighted vertex normals: the unnormalised face normals summed around each vertex.
  const acc = points.map((): Vec3 => [0, 0, 0]);
  for (const [a, b, c] of faces) {
    const n = faceNormal(at(points, a), at(points, b), at(points, c));
    for (const i of [a, b, c]) {
      const sum = at(acc, i);
      acc[i] = [sum[0] + n[0], sum[1] + n[1], sum[2] + n[2]];
    }
  }
  const normals = new Float32Array(points.length * 3);
  acc.forEach((n, i) => {
    const l = Math.hypot(...n) || 1;
    normals.set([n[0] / l, n[1] / l, n[2] / l], i * 3);
  });
  return {
    positions: Float32Array.from(points.flat()),
    normals,
    colors: Uint8Array.from(colours.flatMap((c) => [...c, 255])),
    indices: Uint32Array.from(faces.flat()),
  };
}

/** Every face gets its own three vertices, so each facet shades as one flat plane. */
function flatMesh(points: Vec3[], colours: Rgb[], faces: Vec3[]): Mesh {
  const positions: number[] = [];
  const normals: number[] = [];
  const colors: number[] = [];
  for (const [a, b, c] of faces) {
    const n = faceNormal(at(points, a), at(points, b), at(points, c));
    const l = Math.hypot(...n) || 1;
    const face = mixRgb(mixRgb(at(colours, a), at(colours, b), 0.5), at(colours, c), 1 / 3);
    for (const i of [a, b, c]) {
      positions.push(...at(points, i));
      normals.push(n[0] / l, n[1] / l, n[2] / l);
      colors.push(...face, 255);
    }
  }
  return {
    positions: Float32Array.from(positions),
    normals: Float32Array.from(normals),
    colors: Uint8Array.from(colors),
    indices: Uint32Array.from({ length: faces.length * 3 }, (_, i) => i),
  };
}
