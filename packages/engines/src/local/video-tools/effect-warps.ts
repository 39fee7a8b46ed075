import type { Layer } from '../frame-sampler';
import { mixSeeds } from '../prng';
import { noiseField } from '../texture';
import {
  over,
  ramp,
  rgbWord,
  sampleAt,
  sampleInside,
  shade,
  type EffectPicture,
} from './effect-canvas';

/**
 * The effects that bend one picture: each builds its fixed parts once and returns a frame
 * painter for u (0–1 through the clip) and t (seconds). Where the subject was cut out, the
 * subject moves over the blurred backdrop; otherwise the whole picture moves.
 */
export type FramePainter = (u: number, t: number, out: Uint32Array) => void;
export type EffectBuilder = (
  picture: EffectPicture,
  width: number,
  height: number,
  seed: number,
) => FramePainter | Promise<FramePainter>;

/** The moving part: the cut-out subject over the backdrop, or the whole picture. */
function subjectLayers(p: EffectPicture): { moving: Layer; ground?: Layer } {
  return p.cutout ? { moving: p.cutout, ground: p.backdrop } : { moving: p.full };
}

/** Paints each pixel from where `source` says it comes from, in the moving layer. */
function paintWarp(
  p: EffectPicture,
  W: number,
  H: number,
  out: Uint32Array,
  source: (x: number, y: number, at: Float64Array) => void,
): void {
  const { moving, ground } = subjectLayers(p);
  const at = new Float64Array(2);
  for (let y = 0, o = 0; y < H; y++) {
    for (let x = 0; x < W; x++, o++) {
      source(x + 0.5, y + 0.5, at);
      const sx = at[0]! - 0.5;
      const sy = at[1]! - 0.5;
      out[o] = ground
        ? over(sampleInside(moving, sx, sy), ground.data[o]!)
        : sampleAt(moving, sx, sy);
    }
  }
}

/** Inflate: a bulge about the subject's middle that swells like a balloon, with a wobble. */
export const inflate: EffectBuilder = (p, W, H) => {
  const { cx, cy, width, height } = p.subject;
  const R = Math.max(width, height) * 0.75;
  return (u, t, out) => {
    const s = 0.95 * ramp(u, 0.05, 0.8) + 0.06 * Math.sin(t * 7) * ramp(u, 0.6, 1);
    paintWarp(p, W, H, out, (x, y, at) => {
      const dx = x - cx;
      const dy = y - cy;
      const r = Math.hypot(dx, dy);
      // r_source = r·(r/R)^s: the middle is magnified, the rim at R stays put.
      const k = r < R && r > 0 ? (r / R) ** s : 1;
      at[0] = cx + dx * k;
      at[1] = cy + dy * k;
    });
  };
};

/** Melt: everything sags downwards, faster in dripping streaks, with a warm wet sheen. */
export const melt: EffectBuilder = (p, W, H, seed) => {
  const streaks = noiseField(W, 1, W / 18, mixSeeds(seed, 0x3e1));
  const drip = Float32Array.from(streaks, (n) => 0.12 + 0.55 * Math.max(0, n) ** 1.5);
  return (u, t, out) => {
    const m = ramp(u, 0.08, 0.95);
    paintWarp(p, W, H, out, (x, y, at) => {
      const d = drip[Math.min(W - 1, x | 0)]! * m;
      // The top holds; lower rows show what was higher up, stretched: the picture runs down.
      at[0] = x + Math.sin(y / 23 + t * 3) * 4 * m * (y / H);
      at[1] = y * (1 - d);
    });
  };
};

/** Squish: pressed flat from above, bulging sideways, then springing back a little. */
export const squish: EffectBuilder = (p, W, H) => {
  const base = p.cutout ? p.subject.top + p.subject.height : H;
  const { cx } = p.subject;
  return (u, t, out) => {
    const press =
      ramp(u, 0.1, 0.45) - 0.25 * ramp(u, 0.65, 0.8) + 0.05 * Math.sin(t * 9) * ramp(u, 0.8, 1);
    const sy = 1 - 0.55 * press;
    const sx = 1 + 0.35 * press;
    paintWarp(p, W, H, out, (x, y, at) => {
      at[0] = cx + (x - cx) / sx;
      at[1] = base + (y - base) / sy;
    });
  };
};

/** Dance: the subject sways from its feet to a beat (two beats a second) and bounces on each. */
export const dance: EffectBuilder = (p, W, H) => {
  const pivotX = p.subject.cx;
  const pivotY = p.cutout ? p.subject.top + p.subject.height : H;
  // Without a cut-out the whole frame sways: zoom in enough that its corners stay covered.
  const cover = p.cutout ? 1 : 1.18;
  return (u, t, out) => {
    const beat = Math.sin(Math.PI * 2 * t);
    const angle = 0.13 * beat * ramp(u, 0, 0.1);
    const bounce = Math.abs(Math.sin(Math.PI * 2 * t)) * 0.035 * H;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    paintWarp(p, W, H, out, (x, y, at) => {
      const dx = (x - pivotX) / cover;
      const dy = (y - pivotY + bounce) / cover;
      at[0] = pivotX + cos * dx + sin * dy;
      at[1] = pivotY - sin * dx + cos * dy;
    });
  };
};

/** Muscle: the arms and shoulders swell and the chest widens, with a harder, warmer grade. */
export const muscle: EffectBuilder = (p, W, H) => {
  const { cx, left, top, width, height } = p.subject;
  const bulges = [-0.3, 0.3].map((side) => ({ x: cx + side * width, y: top + 0.42 * height }));
  const R = 0.22 * width;
  return (u, _t, out) => {
    const s = 0.9 * ramp(u, 0.1, 0.75);
    const widen = 1 + 0.1 * s;
    paintWarp(p, W, H, out, (x, y, at) => {
      let sx = cx + (x - cx) / (y > top + height * 0.3 ? widen : 1);
      let sy = y;
      for (const b of bulges) {
        const dx = sx - b.x;
        const dy = sy - b.y;
        const r = Math.hypot(dx, dy);
        if (r < R && r > 0) {
          const k = (r / R) ** s;
          sx = b.x + dx * k;
          sy = b.y + dy * k;
        }
      }
      at[0] = sx;
      at[1] = sy;
    });
    const k = 256 + Math.round(20 * s);
    for (let o = 0; o < out.length; o++) {
      const x = o % W;
      if (x >= left && x < left + width) out[o] = shade(out[o]!, k);
    }
  };
};

/**
 * Grow old: the colour drains towards a warm sepia, the contrast softens, hair greys at the
 * top of the subject and fine wrinkle lines deepen over it.
 */
export const growOld: EffectBuilder = (p, W, H, seed) => {
  const ridges = noiseField(W, H, Math.max(4, H / 90), mixSeeds(seed, 0x01d));
  const coarse = noiseField(W, H, Math.max(8, H / 30), mixSeeds(seed, 0x01e));
  const { left, top, width, height } = p.subject;
  const lines = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const o = y * W + x;
      const inside = x >= left && x < left + width && y >= top && y < top + height * 0.6;
      // Thin creases where the noise crosses zero, stronger where the coarse field says so.
      const crease = Math.max(0, 1 - Math.abs(ridges[o]!) * 9) * (0.5 + 0.5 * coarse[o]!);
      lines[o] = inside ? crease : 0;
    }
  }
  const hairLine = top + height * 0.18;
  return (u, _t, out) => {
    const age = ramp(u, 0.05, 0.9);
    for (let y = 0, o = 0; y < H; y++) {
      const grey = y < hairLine ? age : age * 0.55;
      for (let x = 0; x < W; x++, o++) {
        const px = p.full.data[o]!;
        let r = px & 255;
        let g = (px >>> 8) & 255;
        let b = (px >>> 16) & 255;
        const l = 0.3 * r + 0.59 * g + 0.11 * b;
        r += (l * 1.08 + 10 - r) * grey;
        g += (l * 0.98 + 4 - g) * grey;
        b += (l * 0.82 - b) * grey;
        const fade = 1 - 0.18 * age;
        const lift = 22 * age;
        const dark = 1 - 0.45 * lines[o]! * age;
        out[o] = rgbWord(
          Math.min(255, (r * fade + lift) * dark),
          Math.min(255, (g * fade + lift) * dark),
          Math.min(255, (b * fade + lift) * dark),
        );
      }
    }
  };
};
