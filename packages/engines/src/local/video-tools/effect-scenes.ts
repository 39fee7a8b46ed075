import { lerp, type Layer } from '../frame-sampler';
import { createRng, mixSeeds } from '../prng';
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
import type { EffectBuilder, FramePainter } from './effect-warps';

/**
 * The effects that build a small scene around the picture: pieces flying apart, a cake
 * inside, the planet around it, two people meeting.
 */

/** Explode: the picture trembles, flashes, and bursts into pieces that fly out and fall. */
export const explode: EffectBuilder = (p, W, H, seed) => {
  const rng = createRng(mixSeeds(seed, 0xb0));
  const cols = 14;
  const rows = Math.max(4, Math.round((cols * H) / W));
  const cw = W / cols;
  const ch = H / rows;
  const pieces = Array.from({ length: cols * rows }, (_, i) => {
    const x = (i % cols) * cw;
    const y = Math.floor(i / cols) * ch;
    const dx = x + cw / 2 - p.subject.cx;
    const dy = y + ch / 2 - p.subject.cy;
    const d = Math.hypot(dx, dy) || 1;
    const speed = rng.range(0.25, 0.7) * Math.max(W, H);
    return {
      x,
      y,
      vx: (dx / d) * speed,
      vy: (dy / d) * speed - rng.range(0.1, 0.5) * H,
      delay: rng.range(0, 0.08),
    };
  });
  const burst = 0.3;
  return (u, t, out) => {
    if (u < burst) {
      // Trembling harder and harder before the burst.
      const shake = ramp(u, 0, burst) * 0.012 * W;
      const ox = Math.sin(t * 53) * shake;
      const oy = Math.cos(t * 41) * shake;
      for (let y = 0, o = 0; y < H; y++) {
        for (let x = 0; x < W; x++, o++) out[o] = sampleAt(p.full, x + ox, y + oy);
      }
      return;
    }
    const s = (u - burst) * 5;
    const flash = Math.max(0, 1 - s * 2.5);
    const ember = rgbWord(40 + 200 * flash, 18 + 150 * flash, 10 + 90 * flash);
    out.fill(ember);
    for (const piece of pieces) {
      const tt = Math.max(0, s - piece.delay) * 0.28;
      const px = Math.round(piece.x + piece.vx * tt);
      const py = Math.round(piece.y + piece.vy * tt + 0.5 * H * tt * tt);
      const shrink = Math.max(0.2, 1 - tt * 0.6);
      const w = Math.max(1, Math.round(cw * shrink));
      const h = Math.max(1, Math.round(ch * shrink));
      for (let j = 0; j < h; j++) {
        const y = py + j;
        if (y < 0 || y >= H) continue;
        const sy = Math.min(H - 1, Math.floor(piece.y + j / shrink));
        for (let i = 0; i < w; i++) {
          const x = px + i;
          if (x < 0 || x >= W) continue;
          const sx = Math.min(W - 1, Math.floor(piece.x + i / shrink));
          out[y * W + x] = shade(p.full.data[sy * W + sx]!, 256 + Math.round(200 * flash));
        }
      }
    }
  };
};

/** Layers of sponge, cream and jam with pores, the inside of the cake. */
function cakeTexture(W: number, H: number, seed: number): Uint32Array {
  const pores = noiseField(W, H, 3, mixSeeds(seed, 0xca4e));
  const waves = noiseField(W, 1, W / 6, mixSeeds(seed, 0xca4f));
  const band = Math.max(12, H / 9);
  const tex = new Uint32Array(W * H);
  for (let y = 0, o = 0; y < H; y++) {
    for (let x = 0; x < W; x++, o++) {
      const phase = ((((y + waves[x]! * band * 0.15) / band) % 1) + 1) % 1;
      if (phase < 0.14) tex[o] = rgbWord(250, 244, 232);
      else if (phase < 0.2) tex[o] = rgbWord(196, 42, 70);
      else {
        const hole = pores[o]! > 0.45 ? 0.78 : 1 - 0.12 * pores[o]!;
        tex[o] = rgbWord(232 * hole, 178 * hole, 104 * hole);
      }
    }
  }
  return tex;
}

/** Cakeify: a knife cuts down the subject and the halves part to show it is cake inside. */
export const cakeify: EffectBuilder = (p, W, H, seed) => {
  const cake = cakeTexture(W, H, seed);
  const cut = Math.round(p.subject.cx);
  const solid = p.cutout ?? p.full;
  return (u, _t, out) => {
    const blade = ramp(u, 0.05, 0.35) * (H + 0.2 * H) - 0.1 * H;
    const gap = ramp(u, 0.4, 0.7) * 0.2 * W;
    for (let y = 0, o = 0; y < H; y++) {
      for (let x = 0; x < W; x++, o++) {
        const left = x < cut - gap / 2;
        const right = x >= cut + gap / 2;
        const sx = left ? x + gap / 2 : right ? x - gap / 2 : cut;
        const source = sampleAt(solid, sx, y);
        const ground = p.cutout ? p.backdrop.data[o]! : rgbWord(245, 236, 222);
        if (left || right) {
          // The cut faces near the gap show cake where the subject is.
          const face = gap > 0 && Math.abs(sx - cut) < 6 && source >>> 24 > 128;
          out[o] = face ? cake[o]! : over(source, ground);
        } else {
          out[o] = source >>> 24 > 128 ? cake[o]! : ground;
        }
        if (gap === 0 && y < blade && Math.abs(x - cut) < 1.5 && source >>> 24 > 128) {
          out[o] = rgbWord(60, 40, 30);
        }
      }
    }
    // The blade itself: a bright steel line ahead of the cut.
    for (let y = Math.max(0, Math.round(blade - 0.12 * H)); y < Math.min(H, blade); y++) {
      for (let x = cut - 3; x <= cut + 3; x++) {
        if (x >= 0 && x < W) out[y * W + x] = rgbWord(225, 230, 238);
      }
    }
  };
};

/** A lit globe of radius r at the frame's middle over stars; continents from noise. */
function globePainter(W: number, H: number, seed: number) {
  const land = noiseField(512, 256, 40, mixSeeds(seed, 0xea7));
  const rng = createRng(mixSeeds(seed, 0x57a));
  const stars = Array.from({ length: Math.round((W * H) / 2500) }, () => ({
    o: rng.int(0, W * H - 1),
    b: rng.int(120, 255),
  }));
  return (out: Uint32Array, r: number, spin: number, picture: Layer, pictureScale: number) => {
    out.fill(rgbWord(4, 6, 16));
    for (const s of stars) out[s.o] = rgbWord(s.b, s.b, s.b);
    const cx = W / 2;
    const cy = H / 2;
    const y0 = Math.max(0, Math.floor(cy - r * 1.08));
    const y1 = Math.min(H, Math.ceil(cy + r * 1.08));
    for (let y = y0; y < y1; y++) {
      for (let x = 0; x < W; x++) {
        const nx = (x + 0.5 - cx) / r;
        const ny = (y + 0.5 - cy) / r;
        const d2 = nx * nx + ny * ny;
        const o = y * W + x;
        if (d2 > 1) {
          // A thin blue atmosphere just outside the rim.
          const glow = Math.max(0, 1 - (Math.sqrt(d2) - 1) / 0.08);
          if (glow > 0) out[o] = lerp(out[o]!, rgbWord(90, 150, 255), Math.round(glow * 160));
          continue;
        }
        const nz = Math.sqrt(1 - d2);
        const lon = Math.atan2(nx, nz) + spin;
        const lat = Math.asin(ny);
        const lx = ((((lon / (2 * Math.PI)) % 1) + 1) % 1) * 511;
        const ly = (lat / Math.PI + 0.5) * 255;
        const h = land[(ly | 0) * 512 + (lx | 0)]!;
        const light = Math.max(0.15, 0.35 + 0.75 * (nz * 0.8 - nx * 0.3 - ny * 0.3));
        const c =
          h > 0.12 ? [70 + 90 * h, 120 + 40 * h, 60] : [20, 60 + 40 * (h + 1), 150 + 50 * (h + 1)];
        out[o] = rgbWord(c[0]! * light, c[1]! * light, c[2]! * light);
      }
    }
    // The picture, now a small patch at the middle of the globe.
    const pw = W * pictureScale;
    const ph = H * pictureScale;
    for (let y = Math.floor(cy - ph / 2); y < cy + ph / 2; y++) {
      for (let x = Math.floor(cx - pw / 2); x < cx + pw / 2; x++) {
        if (x < 0 || y < 0 || x >= W || y >= H) continue;
        out[y * W + x] = sampleAt(
          picture,
          (x - cx) / pictureScale + W / 2,
          (y - cy) / pictureScale + H / 2,
        );
      }
    }
  };
}

/** Earth zoom: the camera pulls back from the picture, through the land, out to the planet. */
export const earthZoom: EffectBuilder = (p, W, H, seed) => {
  const fields = noiseField(W, H, Math.max(6, H / 40), mixSeeds(seed, 0xf1e));
  const globe = globePainter(W, H, seed);
  const planet = new Uint32Array(W * H);
  return (u, _t, out) => {
    const zoom = Math.exp(-4.2 * ramp(u, 0.05, 0.85));
    // Around the shrinking picture, fields and woods seen from ever higher up.
    for (let y = 0, o = 0; y < H; y++) {
      for (let x = 0; x < W; x++, o++) {
        const sx = (x - W / 2) / zoom + W / 2;
        const sy = (y - H / 2) / zoom + H / 2;
        if (sx >= 0 && sy >= 0 && sx < W && sy < H) {
          out[o] = sampleAt(p.full, sx, sy);
          continue;
        }
        const fx = ((((sx * 0.05) % W) + W) % W) | 0;
        const fy = ((((sy * 0.05) % H) + H) % H) | 0;
        const n = fields[fy * W + fx]!;
        out[o] = rgbWord(80 + 60 * n, 110 + 40 * n, 60 + 30 * n);
      }
    }
    const space = ramp(u, 0.45, 0.75);
    if (space > 0) {
      const r = H * (1.6 - 1.2 * ramp(u, 0.45, 1));
      globe(planet, r, u * 1.5, p.full, Math.max(0.004, zoom));
      const w = Math.round(space * 256);
      for (let o = 0; o < out.length; o++) out[o] = lerp(out[o]!, planet[o]!, w);
    }
  };
};

/** Ghibli: the picture dissolves into its anime-styled twin while the camera drifts in. */
export function ghibliWith(styled: Layer): EffectBuilder {
  return (p, W, H): FramePainter =>
    (u, _t, out) => {
      const zoom = 1 + 0.08 * ramp(u, 0, 1);
      const mix = Math.round(256 * ramp(u, 0.1, 0.45));
      for (let y = 0, o = 0; y < H; y++) {
        for (let x = 0; x < W; x++, o++) {
          const sx = (x - W / 2) / zoom + W / 2;
          const sy = (y - H / 2) / zoom + H / 2 - 0.02 * H * u;
          out[o] = lerp(sampleAt(p.full, sx, sy), sampleAt(styled, sx, sy), mix);
        }
      }
    };
}

/**
 * Hug and kiss: the two pictures, each prepared for its half of the frame, move towards each
 * other and meet in the middle: their subjects' inner edges overlap a little. For a hug they
 * press together and sway; for a kiss they lean in and a heart rises between them.
 */
export function meeting(kind: 'hug' | 'kiss') {
  return (a: EffectPicture, b: EffectPicture, W: number, H: number): FramePainter => {
    const hw = a.full.width;
    const overlap = (kind === 'hug' ? 0.05 : 0.03) * W;
    const reachA = hw + overlap - (a.subject.left + a.subject.width);
    const reachB = hw - overlap - (hw + b.subject.left);
    return (u, t, out) => {
      const meet = ramp(u, 0.08, 0.6);
      const sway = kind === 'hug' ? Math.sin(t * 3) * 0.01 * W * ramp(u, 0.6, 0.8) : 0;
      const lean = kind === 'kiss' ? 0.12 * ramp(u, 0.45, 0.7) : 0;
      const shiftA = meet * reachA + sway;
      const shiftB = meet * reachB + sway;
      for (let y = 0, o = 0; y < H; y++) {
        // Leaning in: the tops move further than the feet, a shear about the lower third.
        const tilt = lean * (H * 0.66 - y);
        for (let x = 0; x < W; x++, o++) {
          const ground = x < hw ? a.backdrop.data[y * hw + x]! : b.backdrop.data[y * hw + x - hw]!;
          const pa = sampleInside(a.cutout ?? a.full, x - shiftA - tilt, y);
          const pb = sampleInside(b.cutout ?? b.full, x - hw - shiftB + tilt, y);
          out[o] = over(pb, over(pa, ground));
        }
      }
      if (kind === 'kiss') drawHeart(out, W, H, ramp(u, 0.7, 0.95), t);
    };
  };
}

/** A red heart rising above the middle, growing as `grow` goes 0–1. */
function drawHeart(out: Uint32Array, W: number, H: number, grow: number, t: number): void {
  if (grow <= 0) return;
  const size = 0.07 * H * grow * (1 + 0.06 * Math.sin(t * 10));
  const cx = W / 2;
  const cy = H * 0.22 - 0.05 * H * grow;
  for (let y = Math.floor(cy - size * 1.5); y < cy + size * 1.5; y++) {
    for (let x = Math.floor(cx - size * 1.5); x < cx + size * 1.5; x++) {
      if (x < 0 || y < 0 || x >= W || y >= H) continue;
      const nx = (x - cx) / size;
      const ny = -(y - cy) / size;
      // The classic implicit heart: (x² + y² − 1)³ − x²·y³ ≤ 0.
      const f = (nx * nx + ny * ny - 1) ** 3 - nx * nx * ny ** 3;
      if (f <= 0) out[y * W + x] = rgbWord(228, 38, 72);
    }
  }
}
