import sharp from 'sharp';
import { loadOpenCv, type CvMat, type CvSize } from '../edit/opencv';
import { createRng, mixSeeds } from '../prng';
import { findSubjects } from '../subjects/find-subjects';
import { findPictogram } from '../subjects/pictograms';

/** The side a design is drawn at: enough for a forearm piece printed at 300 dpi (8.6 cm). */
export const DESIGN_SIDE = 1024;

/** A picture as raw RGB on a white ground, DESIGN_SIDE square. */
export type Art = { rgb: Buffer; side: number };

/** The OpenCV calls the line extraction makes, beyond those the editing tools type. */
interface EdgeCv {
  Mat: new () => CvMat;
  Size: new (width: number, height: number) => CvSize;
  matFromArray(rows: number, cols: number, type: number, data: ArrayLike<number>): CvMat;
  GaussianBlur(src: CvMat, dst: CvMat, size: CvSize, sigma: number): void;
  Canny(src: CvMat, dst: CvMat, low: number, high: number): void;
  CV_8UC1: number;
}

/** A reference picture fitted into the design square on white, its transparency as white. */
export async function referenceArt(bytes: Buffer): Promise<Art> {
  const rgb = await sharp(bytes)
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(DESIGN_SIDE, DESIGN_SIDE, { fit: 'contain', background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return { rgb, side: DESIGN_SIDE };
}

/**
 * The prompt's subjects drawn as the preview draws them (the shipped Noto pictograms), the
 * first large in the middle and the others smaller round it, for a text-only design. With no
 * subject found, a rose: the most asked-for tattoo there is.
 */
export async function subjectsArt(
  prompt: string,
  seed: number,
): Promise<{ art: Art; labels: string[] }> {
  const rng = createRng(mixSeeds(seed, 0x7a7));
  const found = findSubjects(prompt).subjects.slice(0, 3);
  const picked = found
    .map((s) => ({ label: s.label, pictogram: findPictogram(s.pictogram) }))
    .filter((s) => s.pictogram !== undefined);
  if (picked.length === 0) picked.push({ label: 'rose', pictogram: findPictogram('rose') });
  const S = DESIGN_SIDE;
  const slots =
    picked.length === 1
      ? [{ x: 0.5, y: 0.5, size: 0.78 }]
      : picked.length === 2
        ? [
            { x: 0.44, y: 0.46, size: 0.62 },
            { x: 0.74, y: 0.72, size: 0.34 },
          ]
        : [
            { x: 0.5, y: 0.42, size: 0.56 },
            { x: 0.24, y: 0.76, size: 0.3 },
            { x: 0.76, y: 0.76, size: 0.3 },
          ];
  const parts = picked.map((s, i) => {
    const slot = slots[i]!;
    const p = s.pictogram!;
    const side = slot.size * S;
    const jitter = (rng.next() - 0.5) * 0.04 * S;
    const x = slot.x * S - side / 2 + jitter;
    const y = slot.y * S - side / 2 - jitter;
    const flip = rng.next() < 0.5 ? ` transform="translate(${2 * x + side} 0) scale(-1 1)"` : '';
    return `<g${flip}><svg x="${x}" y="${y}" width="${side}" height="${side}" viewBox="0 0 ${p.width} ${p.height}">${p.body}</svg></g>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}"><rect width="${S}" height="${S}" fill="#fff"/>${parts.join('')}</svg>`;
  const rgb = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return { art: { rgb, side: S }, labels: picked.map((s) => s.label) };
}

/** The picture's lightness, 0 (black) to 255 (white). */
export function greyOf(art: Art): Uint8Array {
  const n = art.side * art.side;
  const grey = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    const r = art.rgb[p * 3] ?? 255;
    const g = art.rgb[p * 3 + 1] ?? 255;
    const b = art.rgb[p * 3 + 2] ?? 255;
    grey[p] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  return grey;
}

/**
 * The picture's lines: Canny edges of its lightness after a light blur (which keeps skin
 * texture and JPEG noise from turning into specks), 1 where a line runs.
 */
export async function edgesOf(grey: Uint8Array, side: number, blur: number): Promise<Uint8Array> {
  const { cv: base } = await loadOpenCv();
  const cv = base as unknown as EdgeCv;
  const src = cv.matFromArray(side, side, cv.CV_8UC1, grey);
  const smooth = new cv.Mat();
  const edges = new cv.Mat();
  try {
    const k = Math.max(3, Math.round(blur) * 2 + 1);
    cv.GaussianBlur(src, smooth, new cv.Size(k, k), blur);
    cv.Canny(smooth, edges, 40, 120);
    const out = new Uint8Array(side * side);
    for (let p = 0; p < out.length; p++) out[p] = (edges.data[p] ?? 0) > 0 ? 1 : 0;
    return out;
  } finally {
    src.delete();
    smooth.delete();
    edges.delete();
  }
}

/** Grows a 0/1 mask by `radius` pixels (a disc), so lines read at a tattoo's line weight. */
export function thicken(mask: Uint8Array, side: number, radius: number): Uint8Array {
  if (radius <= 0) return mask;
  const out = new Uint8Array(mask.length);
  const offsets: [number, number][] = [];
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      if (dx * dx + dy * dy <= radius * radius + radius) offsets.push([dx, dy]);
    }
  }
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (!mask[y * side + x]) continue;
      for (const [dx, dy] of offsets) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < side && ny < side) out[ny * side + nx] = 1;
      }
    }
  }
  return out;
}

/** The picture's dark areas (below `level` after a blur of `blur` px), 1 where dark. */
export async function darkAreas(grey: Uint8Array, side: number, blur: number, level: number) {
  const smooth =
    blur > 0
      ? await sharp(Buffer.from(grey), { raw: { width: side, height: side, channels: 1 } })
          .blur(blur)
          .extractChannel(0)
          .raw()
          .toBuffer()
      : Buffer.from(grey);
  const out = new Uint8Array(side * side);
  for (let p = 0; p < out.length; p++) out[p] = (smooth[p] ?? 255) < level ? 1 : 0;
  return out;
}

/** The lightness below which the darker part of the drawn (non-white) pixels lies. */
export function darkLevel(grey: Uint8Array, share: number): number {
  const histogram = new Array<number>(256).fill(0);
  let drawn = 0;
  for (const v of grey) {
    if (v < 240) {
      histogram[v] = (histogram[v] ?? 0) + 1;
      drawn++;
    }
  }
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v] ?? 0;
    if (seen >= drawn * share) return Math.max(30, v + 1);
  }
  return 128;
}
