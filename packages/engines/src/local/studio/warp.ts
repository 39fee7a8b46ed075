/** A point in pixels. */
export type Point = { x: number; y: number };

/** An RGBA picture, 8 bits a channel, rows top to bottom. */
export type Rgba = { width: number; height: number; data: Buffer };

/** A 3×3 matrix in row order: a projective map of the plane (an affine one has g = h = 0). */
export type Matrix3 = [number, number, number, number, number, number, number, number, number];

/** Solves `a·x = b` for a small dense system by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) {
      if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    }
    if (Math.abs(m[pivot]![col]!) < 1e-12) throw new Error('The four points do not span a plane');
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * The projective map that takes each of the four `from` points to the matching `to` point
 * (a homography): a rectangle may become any convex quadrilateral, as a garment laid on a
 * torso that is wider at the shoulders than at the waist.
 */
export function homography(from: readonly Point[], to: readonly Point[]): Matrix3 {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const [p, q, r, s, t, w, g, h] = solve(a, b) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return [p, q, r, s, t, w, g, h, 1];
}

/** The inverse of a 3×3 matrix (by its adjugate). */
export function invert(m: Matrix3): Matrix3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-12) throw new Error('The map cannot be inverted');
  const k = 1 / det;
  return [
    A * k,
    -(b * i - c * h) * k,
    (b * f - c * e) * k,
    B * k,
    (a * i - c * g) * k,
    -(a * f - c * d) * k,
    C * k,
    -(a * h - b * g) * k,
    (a * e - b * d) * k,
  ];
}

/** Where `m` takes a point. */
export function apply(m: Matrix3, p: Point): Point {
  const w = m[6] * p.x + m[7] * p.y + m[8];
  return { x: (m[0] * p.x + m[1] * p.y + m[2]) / w, y: (m[3] * p.x + m[4] * p.y + m[5]) / w };
}

/** The similarity (turn, scale, shift) that takes `from` to `to` about the origin's axes. */
export function similarity(angle: number, scale: number, from: Point, to: Point): Matrix3 {
  const c = Math.cos(angle) * scale;
  const s = Math.sin(angle) * scale;
  return [c, -s, to.x - (c * from.x - s * from.y), s, c, to.y - (s * from.x + c * from.y), 0, 0, 1];
}

/**
 * Resamples `src` through `map` (source → destination) into a `width`×`height` picture,
 * bilinearly; what falls outside the source is `outside` (transparent unless told).
 */
export function warp(
  src: Rgba,
  map: Matrix3,
  width: number,
  height: number,
  outside: readonly [number, number, number, number] = [0, 0, 0, 0],
): Rgba {
  const inv = invert(map);
  const out = Buffer.alloc(width * height * 4);
  const { width: W, height: H, data } = src;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const w = inv[6] * x + inv[7] * y + inv[8];
      const sx = (inv[0] * x + inv[1] * y + inv[2]) / w;
      const sy = (inv[3] * x + inv[4] * y + inv[5]) / w;
      const o = (y * width + x) * 4;
      if (!(sx > -1 && sy > -1 && sx < W && sy < H)) {
        out[o] = outside[0];
        out[o + 1] = outside[1];
        out[o + 2] = outside[2];
        out[o + 3] = outside[3];
        continue;
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < 4; c++) {
        const at = (xx: number, yy: number) =>
          xx < 0 || yy < 0 || xx >= W || yy >= H ? outside[c]! : data[(yy * W + xx) * 4 + c]!;
        const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
        const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
        out[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { width, height, data: out };
}
