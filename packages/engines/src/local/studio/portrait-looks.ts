import type { PortraitStyle } from '@lumen/contracts/tools/portrait';
import type { Rng } from '../prng';
import { boxBlur, clamp255, inkLines, kuwahara, luminance, softBlur } from './filters';

type Rgb = readonly [number, number, number];

/** A picture being made: RGB pixels and the person's alpha (0–1) over the backdrop. */
export type Canvas = { width: number; height: number; rgb: Buffer; alpha: Float32Array };

/**
 * One look of the portrait studio: the backdrop laid behind the person, the grade of the
 * person's own pixels, and the finish applied to the whole picture (paint, ink, grain).
 */
type Look = {
  backdrop(width: number, height: number, rng: Rng): Buffer;
  grade?(rgb: Buffer, pixels: number): void;
  finish?(canvas: Canvas, rng: Rng): void;
  /** What was done, for the output's description. */
  words: string;
};

/** A radial gradient from `inner` (behind the head, at `cy` of the height) to `outer`. */
function radial(width: number, height: number, inner: Rgb, outer: Rgb, cy = 0.38): Buffer {
  const out = Buffer.alloc(width * height * 3);
  const reach = Math.hypot(width, height) * 0.62;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = Math.min(1, Math.hypot(x - width / 2, y - height * cy) / reach) ** 1.4;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) out[o + c] = clamp255(inner[c]! * (1 - t) + outer[c]! * t);
    }
  }
  return out;
}

/** Soft blotches of ±`amount` brightness, as a painted or printed ground has. */
function mottle(rgb: Buffer, width: number, height: number, rng: Rng, amount: number): void {
  const noise = new Float32Array(width * height).map(() => rng.next() - 0.5);
  const soft = softBlur(noise, width, height, Math.max(4, width / 40));
  let max = 1e-6;
  for (const v of soft) max = Math.max(max, Math.abs(v));
  for (let p = 0; p < soft.length; p++) {
    const d = (soft[p]! / max) * amount;
    for (let c = 0; c < 3; c++) rgb[p * 3 + c] = clamp255(rgb[p * 3 + c]! + d);
  }
}

/** Darkens the corners by up to `strength`. */
function vignette(canvas: Canvas, strength: number): void {
  const { width, height, rgb } = canvas;
  const reach = Math.hypot(width / 2, height / 2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = Math.hypot(x - width / 2, y - height / 2) / reach;
      const k = 1 - strength * t * t;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) rgb[o + c] = clamp255(rgb[o + c]! * k);
    }
  }
}

/** Contrast about mid-grey, then saturation about each pixel's own grey. */
function contrastSaturation(rgb: Buffer, pixels: number, contrast: number, saturation: number) {
  for (let p = 0; p < pixels; p++) {
    const o = p * 3;
    const g = 0.299 * rgb[o]! + 0.587 * rgb[o + 1]! + 0.114 * rgb[o + 2]!;
    for (let c = 0; c < 3; c++) {
      const v = g + (rgb[o + c]! - g) * saturation;
      rgb[o + c] = clamp255((v - 128) * contrast + 128);
    }
  }
}

/** Film grain: ±`amount` of seeded noise, the same on the three channels. */
function grain(canvas: Canvas, rng: Rng, amount: number): void {
  const { rgb } = canvas;
  for (let p = 0; p < canvas.width * canvas.height; p++) {
    const d = (rng.next() + rng.next() - 1) * amount;
    for (let c = 0; c < 3; c++) rgb[p * 3 + c] = clamp255(rgb[p * 3 + c]! + d);
  }
}

/** The Kuwahara filter over the whole canvas, at a radius that suits its size. */
function paint(canvas: Canvas, scale: number): void {
  const radius = Math.max(2, Math.round((Math.min(canvas.width, canvas.height) / 1024) * scale));
  canvas.rgb = kuwahara(canvas.rgb, canvas.width, canvas.height, radius);
}

/** A woven canvas: a fine crossing pattern of ±`amount` brightness. */
function canvasWeave(canvas: Canvas, amount: number): void {
  const { width, height, rgb } = canvas;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d =
        (Math.sin(x * 1.9) * Math.sin(y * 0.35) + Math.sin(y * 1.9) * Math.sin(x * 0.35)) * amount;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) rgb[o + c] = clamp255(rgb[o + c]! + d);
    }
  }
}

/** Cel shading: brightness in a few flat bands, hue kept, then ink along the edges. */
function celShade(canvas: Canvas): void {
  const { width, height } = canvas;
  const pixels = width * height;
  paint(canvas, 4);
  canvas.rgb = kuwahara(canvas.rgb, width, height, 2);
  const { rgb } = canvas;
  const lum = luminance(rgb, pixels);
  const smooth = boxBlur(lum, width, height, 1);
  const ink = inkLines(smooth, width, height, 60, 160);
  const bands = [0.42, 0.68, 0.86, 1];
  for (let p = 0; p < pixels; p++) {
    const l = Math.max(1, lum[p]!);
    const level = bands[Math.min(3, Math.floor((l / 256) * 4))]! * 240;
    const k = level / l;
    const dark = 1 - 0.85 * ink[p]! * (canvas.alpha[p]! > 0.05 ? 1 : 0.4);
    for (let c = 0; c < 3; c++) rgb[p * 3 + c] = clamp255(rgb[p * 3 + c]! * k * dark);
  }
  contrastSaturation(rgb, pixels, 1.02, 1.3);
}

/**
 * A neon rim: the person's outline lit magenta from the left and cyan from the right, as
 * signs on either side of a night street would.
 */
function neonRim(canvas: Canvas): void {
  const { width, height, rgb, alpha } = canvas;
  const glow = softBlur(alpha, width, height, Math.max(3, width / 120));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const rim = Math.max(0, glow[p]! - alpha[p]!) * 2.2 + Math.max(0, alpha[p]! - glow[p]!) * 1.4;
      if (rim <= 0) continue;
      const t = x / width;
      const colour: Rgb = [255 * (1 - t) + 20 * t, 40 * (1 - t) + 230 * t, 200 * (1 - t) + 255 * t];
      for (let c = 0; c < 3; c++) {
        rgb[p * 3 + c] = clamp255(rgb[p * 3 + c]! + colour[c]! * Math.min(1, rim));
      }
    }
  }
}

/** Lifts shadows and softens contrast: the soft, even light of a headshot studio. */
function softLight(rgb: Buffer, pixels: number): void {
  for (let p = 0; p < pixels * 3; p++) {
    const v = rgb[p]! / 255;
    rgb[p] = clamp255(255 * (0.06 + 0.94 * v ** 0.88));
  }
  contrastSaturation(rgb, pixels, 0.96, 0.95);
}

const looks: Record<PortraitStyle, Look> = {
  headshot: {
    words: 'neutral grey studio backdrop, soft even light',
    backdrop: (w, h, rng) => {
      const warm = rng.range(-6, 6);
      return radial(w, h, [176 + warm, 178, 181 - warm], [86 + warm, 89, 94 - warm]);
    },
    grade: softLight,
    finish: (canvas) => vignette(canvas, 0.12),
  },
  studio: {
    words: 'coloured studio backdrop with a spot behind the head, key light from the side',
    backdrop: (w, h, rng) => {
      const base = rng.pick<Rgb>([
        [24, 70, 82],
        [96, 30, 44],
        [28, 40, 84],
        [58, 48, 40],
      ]);
      return radial(w, h, [base[0] * 2.1, base[1] * 2.1, base[2] * 2.1], base, 0.34);
    },
    grade: (rgb, pixels) => contrastSaturation(rgb, pixels, 1.1, 1.05),
    finish: (canvas) => {
      const { width, height, rgb, alpha } = canvas;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const p = y * width + x;
          const k = 1 + alpha[p]! * (0.1 - 0.24 * (x / width));
          for (let c = 0; c < 3; c++) rgb[p * 3 + c] = clamp255(rgb[p * 3 + c]! * k);
        }
      }
      vignette(canvas, 0.3);
    },
  },
  anime: {
    words: 'edge-preserving flattening into cel-shaded bands with ink lines, pastel sky',
    backdrop: (w, h) => radial(w, h, [250, 236, 242], [150, 196, 240], 0.2),
    finish: celShade,
  },
  oil_painting: {
    words: 'Kuwahara painterly filter, warm varnish, woven canvas texture',
    backdrop: (w, h, rng) => {
      const ground = radial(w, h, [122, 104, 72], [44, 40, 30]);
      mottle(ground, w, h, rng, 22);
      return ground;
    },
    grade: (rgb, pixels) => contrastSaturation(rgb, pixels, 1.06, 1.18),
    finish: (canvas) => {
      paint(canvas, 7);
      const { rgb } = canvas;
      for (let p = 0; p < canvas.width * canvas.height; p++) {
        rgb[p * 3] = clamp255(rgb[p * 3]! * 1.04 + 4);
        rgb[p * 3 + 2] = clamp255(rgb[p * 3 + 2]! * 0.9);
      }
      canvasWeave(canvas, 5);
    },
  },
  cyberpunk: {
    words: 'teal and magenta split grade, neon rim light, night-city backdrop, scanlines',
    backdrop: (w, h, rng) => {
      const out = Buffer.alloc(w * h * 3);
      const lights = Array.from({ length: 26 }, () => ({
        x: rng.range(0, w),
        y: rng.range(0, h * 0.85),
        r: rng.range(w * 0.01, w * 0.05),
        hue: rng.chance(0.5),
      }));
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const t = x / w;
          const o = (y * w + x) * 3;
          let r = 14 + 70 * (1 - t) * (y / h);
          let g = 10 + 20 * t;
          let b = 34 + 60 * (y / h);
          for (const l of lights) {
            const d = Math.hypot(x - l.x, y - l.y) / l.r;
            if (d > 1) continue;
            const k = (1 - d) * 0.7;
            r += (l.hue ? 255 : 0) * k;
            g += (l.hue ? 40 : 220) * k;
            b += 230 * k;
          }
          out[o] = clamp255(r);
          out[o + 1] = clamp255(g);
          out[o + 2] = clamp255(b);
        }
      }
      return out;
    },
    grade: (rgb, pixels) => {
      for (let p = 0; p < pixels; p++) {
        const o = p * 3;
        const l = (0.299 * rgb[o]! + 0.587 * rgb[o + 1]! + 0.114 * rgb[o + 2]!) / 255;
        // Shadows lean teal, highlights magenta.
        rgb[o] = clamp255(rgb[o]! * 0.9 + 40 * l - 10 * (1 - l));
        rgb[o + 1] = clamp255(rgb[o + 1]! * 0.88 + 14 * (1 - l));
        rgb[o + 2] = clamp255(rgb[o + 2]! * 0.95 + 30 * l + 26 * (1 - l));
      }
      contrastSaturation(rgb, pixels, 1.14, 1.15);
    },
    finish: (canvas) => {
      neonRim(canvas);
      const { width, height, rgb } = canvas;
      for (let y = 0; y < height; y += 3) {
        for (let x = 0; x < width; x++) {
          const o = (y * width + x) * 3;
          for (let c = 0; c < 3; c++) rgb[o + c] = clamp255(rgb[o + c]! * 0.92);
        }
      }
    },
  },
  vintage: {
    words: 'sepia tone, faded blacks, film grain and a vignette on a paper ground',
    backdrop: (w, h, rng) => {
      const ground = radial(w, h, [214, 200, 176], [150, 132, 106]);
      mottle(ground, w, h, rng, 14);
      return ground;
    },
    finish: (canvas, rng) => {
      const { rgb } = canvas;
      for (let p = 0; p < canvas.width * canvas.height; p++) {
        const o = p * 3;
        const [r, g, b] = [rgb[o]!, rgb[o + 1]!, rgb[o + 2]!];
        const sr = 0.393 * r + 0.769 * g + 0.189 * b;
        const sg = 0.349 * r + 0.686 * g + 0.168 * b;
        const sb = 0.272 * r + 0.534 * g + 0.131 * b;
        rgb[o] = clamp255(22 + 0.8 * sr);
        rgb[o + 1] = clamp255(18 + 0.8 * sg);
        rgb[o + 2] = clamp255(14 + 0.8 * sb);
      }
      grain(canvas, rng, 14);
      vignette(canvas, 0.5);
    },
  },
  watercolour: {
    words: 'soft washes on white paper (a watercolour model repaints the person)',
    backdrop: (w, h, rng) => {
      const ground = radial(w, h, [252, 250, 244], [226, 232, 236]);
      mottle(ground, w, h, rng, 8);
      return ground;
    },
    finish: (canvas, rng) => {
      paint(canvas, 5);
      contrastSaturation(canvas.rgb, canvas.width * canvas.height, 0.86, 0.9);
      const { rgb } = canvas;
      for (let p = 0; p < rgb.length; p++) rgb[p] = clamp255(rgb[p]! * 0.85 + 40);
      grain(canvas, rng, 5);
    },
  },
  pixar: {
    words: 'smooth skin and bright colours (a 3D-animation model redraws the person)',
    backdrop: (w, h) => radial(w, h, [255, 224, 170], [120, 170, 220], 0.3),
    finish: (canvas) => {
      paint(canvas, 5);
      contrastSaturation(canvas.rgb, canvas.width * canvas.height, 1.05, 1.35);
    },
  },
  fantasy: {
    words: 'violet and gold glow (a fantasy model redraws costume and scene)',
    backdrop: (w, h, rng) => {
      const ground = radial(w, h, [236, 190, 120], [40, 20, 70], 0.3);
      mottle(ground, w, h, rng, 18);
      return ground;
    },
    grade: (rgb, pixels) => contrastSaturation(rgb, pixels, 1.08, 1.2),
    finish: (canvas) => {
      paint(canvas, 3);
      vignette(canvas, 0.35);
    },
  },
};

export function lookOf(style: PortraitStyle): Look {
  return looks[style];
}
