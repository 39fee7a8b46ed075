/**
 * Pixel filters of the portrait and try-on studios, on 8-bit RGB (3 channels) or one-channel
 * planes, written out in full because they run on every pixel of a megapixel picture: each is
 * linear in the picture's size whatever its radius (summed-area tables, running sums).
 */

/** Rec. 601 luminance of an RGB picture, 0–255. */
export function luminance(rgb: Uint8Array, pixels: number): Float32Array {
  const out = new Float32Array(pixels);
  for (let p = 0; p < pixels; p++) {
    out[p] = 0.299 * rgb[p * 3]! + 0.587 * rgb[p * 3 + 1]! + 0.114 * rgb[p * 3 + 2]!;
  }
  return out;
}

/** A box blur of a plane, `radius` px each way, in two running-sum passes. */
export function boxBlur(
  plane: Float32Array,
  width: number,
  height: number,
  radius: number,
): Float32Array {
  const r = Math.max(0, Math.round(radius));
  if (r === 0) return plane.slice();
  const tmp = new Float32Array(plane.length);
  const out = new Float32Array(plane.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    let n = 0;
    for (let x = -r; x < width; x++) {
      const add = x + r;
      if (add < width) {
        sum += plane[row + add]!;
        n++;
      }
      const drop = x - r - 1;
      if (drop >= 0) {
        sum -= plane[row + drop]!;
        n--;
      }
      if (x >= 0) tmp[row + x] = sum / n;
    }
  }
  for (let x = 0; x < width; x++) {
    let sum = 0;
    let n = 0;
    for (let y = -r; y < height; y++) {
      const add = y + r;
      if (add < height) {
        sum += tmp[add * width + x]!;
        n++;
      }
      const drop = y - r - 1;
      if (drop >= 0) {
        sum -= tmp[drop * width + x]!;
        n--;
      }
      if (y >= 0) out[y * width + x] = sum / n;
    }
  }
  return out;
}

/** A softer blur: the box blur three times, close to a Gaussian of σ ≈ radius. */
export function softBlur(
  plane: Float32Array,
  width: number,
  height: number,
  radius: number,
): Float32Array {
  let out = plane;
  for (let i = 0; i < 3; i++) out = boxBlur(out, width, height, radius * 0.58);
  return out;
}

/**
 * The Kuwahara filter, the classic painterly smoothing: each pixel takes the mean colour of
 * whichever of its four overlapping (radius+1)² quadrants varies least in brightness, so flat
 * areas become strokes of one colour while edges stay sharp. Summed-area tables make it the
 * same cost for any radius.
 */
export function kuwahara(rgb: Uint8Array, width: number, height: number, radius: number): Buffer {
  const W = width + 1;
  const size = W * (height + 1);
  const sums = [0, 1, 2].map(() => new Float64Array(size));
  const lum = new Float64Array(size);
  const lum2 = new Float64Array(size);
  for (let y = 0; y < height; y++) {
    const rs = [0, 0, 0];
    let rl = 0;
    let rl2 = 0;
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 3;
      const l = 0.299 * rgb[p]! + 0.587 * rgb[p + 1]! + 0.114 * rgb[p + 2]!;
      rl += l;
      rl2 += l * l;
      const at = (y + 1) * W + x + 1;
      const up = y * W + x + 1;
      for (let c = 0; c < 3; c++) {
        rs[c]! += rgb[p + c]!;
        sums[c]![at] = sums[c]![up]! + rs[c]!;
      }
      lum[at] = lum[up]! + rl;
      lum2[at] = lum2[up]! + rl2;
    }
  }
  const box = (t: Float64Array, x0: number, y0: number, x1: number, y1: number) =>
    t[(y1 + 1) * W + x1 + 1]! - t[y0 * W + x1 + 1]! - t[(y1 + 1) * W + x0]! + t[y0 * W + x0]!;
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let best = Infinity;
      let bx0 = x;
      let by0 = y;
      let bx1 = x;
      let by1 = y;
      for (const [dx, dy] of [
        [-1, -1],
        [1, -1],
        [-1, 1],
        [1, 1],
      ] as const) {
        const x0 = Math.max(0, dx < 0 ? x - radius : x);
        const x1 = Math.min(width - 1, dx < 0 ? x : x + radius);
        const y0 = Math.max(0, dy < 0 ? y - radius : y);
        const y1 = Math.min(height - 1, dy < 0 ? y : y + radius);
        const n = (x1 - x0 + 1) * (y1 - y0 + 1);
        const mean = box(lum, x0, y0, x1, y1) / n;
        const variance = box(lum2, x0, y0, x1, y1) / n - mean * mean;
        if (variance < best) {
          best = variance;
          [bx0, by0, bx1, by1] = [x0, y0, x1, y1];
        }
      }
      const n = (bx1 - bx0 + 1) * (by1 - by0 + 1);
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) out[o + c] = Math.round(box(sums[c]!, bx0, by0, bx1, by1) / n);
    }
  }
  return out;
}

/**
 * Ink lines: where the (already smoothed) brightness changes sharply, as a 0–1 darkness per
 * pixel from the Sobel gradient's size between `low` and `high`.
 */
export function inkLines(
  lum: Float32Array,
  width: number,
  height: number,
  low: number,
  high: number,
): Float32Array {
  const out = new Float32Array(width * height);
  const at = (x: number, y: number) =>
    lum[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))]!;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const gx =
        at(x + 1, y - 1) +
        2 * at(x + 1, y) +
        at(x + 1, y + 1) -
        at(x - 1, y - 1) -
        2 * at(x - 1, y) -
        at(x - 1, y + 1);
      const gy =
        at(x - 1, y + 1) +
        2 * at(x, y + 1) +
        at(x + 1, y + 1) -
        at(x - 1, y - 1) -
        2 * at(x, y - 1) -
        at(x + 1, y - 1);
      const g = Math.hypot(gx, gy);
      out[y * width + x] = Math.min(1, Math.max(0, (g - low) / (high - low)));
    }
  }
  return out;
}

export const clamp255 = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
