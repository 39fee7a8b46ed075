/**
 * Global motion between two frames of a clip: how far the picture slid and how much it grew,
 * the camera's part of the motion. Found by block matching on small greyscale frames, then
 * fitting one translation and one zoom to the blocks' displacements while setting aside the
 * blocks that disagree (things moving on their own).
 */

/** A greyscale frame, one byte a pixel. */
export type GreyFrame = { width: number; height: number; data: Uint8Array };

/** p' = c + zoom·(p − c) + (dx, dy), c the frame's centre, in the frames' pixels. */
export type GlobalMotion = {
  dx: number;
  dy: number;
  zoom: number;
  /** Share of the textured blocks that agree with the fit, 0–1; 0 when nothing could be told. */
  confidence: number;
};

/** RGBA bytes to one byte of luma (BT.601 weights) a pixel. */
export function lumaOf(rgba: Uint8Array): Uint8Array {
  const out = new Uint8Array(rgba.length / 4);
  for (let p = 0, i = 0; p < out.length; p++, i += 4) {
    out[p] = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8;
  }
  return out;
}

const BLOCK = 16;

/** Sum of absolute differences of a block of `a` at (x, y) and of `b` at (x + u, y + v). */
function sad(a: GreyFrame, b: GreyFrame, x: number, y: number, u: number, v: number): number {
  const W = a.width;
  let sum = 0;
  for (let j = 0; j < BLOCK; j++) {
    const ra = (y + j) * W + x;
    const rb = (y + j + v) * W + x + u;
    for (let i = 0; i < BLOCK; i++) sum += Math.abs(a.data[ra + i]! - b.data[rb + i]!);
  }
  return sum;
}

/** How textured a block is: its mean absolute deviation; flat blocks match anywhere. */
function texture(f: GreyFrame, x: number, y: number): number {
  let mean = 0;
  for (let j = 0; j < BLOCK; j++)
    for (let i = 0; i < BLOCK; i++) mean += f.data[(y + j) * f.width + x + i]!;
  mean /= BLOCK * BLOCK;
  let dev = 0;
  for (let j = 0; j < BLOCK; j++)
    for (let i = 0; i < BLOCK; i++) dev += Math.abs(f.data[(y + j) * f.width + x + i]! - mean);
  return dev / (BLOCK * BLOCK);
}

/** The offset of a parabola's lowest point through three samples at −1, 0, 1. */
function parabolaMin(left: number, mid: number, right: number): number {
  const denom = left - 2 * mid + right;
  return denom > 0 ? Math.max(-0.5, Math.min(0.5, (left - right) / (2 * denom))) : 0;
}

type Vector = { x: number; y: number; u: number; v: number };

/** Each textured block's displacement from `a` to `b`, to a tenth of a pixel or so. */
function blockVectors(a: GreyFrame, b: GreyFrame, radius: number): Vector[] {
  const out: Vector[] = [];
  const { width: W, height: H } = a;
  for (let y = radius; y + BLOCK + radius <= H; y += BLOCK) {
    for (let x = radius; x + BLOCK + radius <= W; x += BLOCK) {
      if (texture(a, x, y) < 3) continue;
      let best = Infinity;
      let bu = 0;
      let bv = 0;
      for (let v = -radius; v <= radius; v++) {
        for (let u = -radius; u <= radius; u++) {
          const s = sad(a, b, x, y, u, v);
          // Ties go to the smaller move, so a still picture reads as still.
          if (s < best || (s === best && u * u + v * v < bu * bu + bv * bv)) {
            best = s;
            bu = u;
            bv = v;
          }
        }
      }
      const su =
        Math.abs(bu) < radius
          ? parabolaMin(sad(a, b, x, y, bu - 1, bv), best, sad(a, b, x, y, bu + 1, bv))
          : 0;
      const sv =
        Math.abs(bv) < radius
          ? parabolaMin(sad(a, b, x, y, bu, bv - 1), best, sad(a, b, x, y, bu, bv + 1))
          : 0;
      out.push({ x: x + BLOCK / 2, y: y + BLOCK / 2, u: bu + su, v: bv + sv });
    }
  }
  return out;
}

/** Least squares for u = dx + k·(x − cx), v = dy + k·(y − cy), with zoom = 1 + k. */
function fitSimilarity(vectors: Vector[], cx: number, cy: number) {
  const m = vectors.length;
  let mx = 0;
  let my = 0;
  let mu = 0;
  let mv = 0;
  for (const p of vectors) {
    mx += (p.x - cx) / m;
    my += (p.y - cy) / m;
    mu += p.u / m;
    mv += p.v / m;
  }
  // With the means taken out, k is the regression of the displacement on the radius.
  let num = 0;
  let den = 0;
  for (const p of vectors) {
    const rx = p.x - cx - mx;
    const ry = p.y - cy - my;
    num += rx * (p.u - mu) + ry * (p.v - mv);
    den += rx * rx + ry * ry;
  }
  const k = den > 1e-6 ? num / den : 0;
  return { dx: mu - k * mx, dy: mv - k * my, k };
}

/**
 * The camera motion that takes frame `a` to frame `b` (same size, greyscale), searching up
 * to `radius` pixels. Blocks whose displacement misses the fit by more than a pixel or by
 * more than twice the typical miss are dropped and the fit redone, twice.
 */
export function estimateMotion(a: GreyFrame, b: GreyFrame, radius = 16): GlobalMotion {
  const all = blockVectors(a, b, radius);
  if (all.length < 4) return { dx: 0, dy: 0, zoom: 1, confidence: 0 };
  const cx = a.width / 2;
  const cy = a.height / 2;
  let kept = all;
  let fit = fitSimilarity(kept, cx, cy);
  for (let round = 0; round < 2; round++) {
    const miss = (p: Vector) =>
      Math.hypot(p.u - fit.dx - fit.k * (p.x - cx), p.v - fit.dy - fit.k * (p.y - cy));
    const misses = kept.map(miss).sort((p, q) => p - q);
    const typical = misses[Math.floor(misses.length / 2)] ?? 0;
    const limit = Math.max(1, 2 * typical);
    const next = kept.filter((p) => miss(p) <= limit);
    if (next.length < 4 || next.length === kept.length) break;
    kept = next;
    fit = fitSimilarity(kept, cx, cy);
  }
  return { dx: fit.dx, dy: fit.dy, zoom: 1 + fit.k, confidence: kept.length / all.length };
}
