import sharp from 'sharp';
import { createRng, mixSeeds } from '../prng';
import { describeSubjects } from '../subjects/describe';
import { findSubjects, type Subject } from '../subjects/find-subjects';
import { findPictogram, type Pictogram } from '../subjects/pictograms';
import { el, num } from '../svg';
import {
  checkpoint,
  drawPreviewMark,
  encodePicture,
  maskBounds,
  readMask,
  readPicture,
  EditInputError,
  type Box,
  type EditOptions,
  type EditResult,
} from './edit-image';
import { solveMembrane } from './membrane';

/** The prompt's main subject (the one its preview draws largest) with a pictogram to draw. */
function mainSubject(prompt: string): { subject: Subject; icon: Pictogram } | undefined {
  const { subjects } = findSubjects(prompt);
  const ordered = [...subjects].sort((a, b) => Number(b.main) - Number(a.main));
  for (const subject of ordered) {
    const icon = findPictogram(subject.pictogram);
    if (icon) return { subject, icon };
  }
  return undefined;
}

/** The pictogram as RGBA pixels filling `box` (its aspect kept), mirrored and sized by the seed. */
async function drawSubject(icon: Pictogram, box: Box, seed: number): Promise<Buffer> {
  const rng = createRng(mixSeeds(seed, 0x1a7));
  const fill = rng.range(0.82, 0.94);
  const flip = rng.chance(0.5);
  const scale = Math.min(box.width / icon.width, box.height / icon.height) * fill;
  const w = icon.width * scale;
  const h = icon.height * scale;
  const x0 = (box.width - w) / 2 + (flip ? w : 0);
  const y0 = (box.height - h) / 2;
  const body = el(
    'g',
    {
      transform: `translate(${num(x0)} ${num(y0)}) scale(${num(flip ? -scale : scale)} ${num(scale)})`,
    },
    icon.body,
  );
  const svg = el(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', width: box.width, height: box.height },
    body,
  );
  return sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
}

/**
 * The repaint preview: draws the prompt's subject (the pictogram the text-to-image previews
 * draw for it) over the masked area and blends it in with a Poisson solve, so its edges take
 * the colours around the mask instead of showing a pasted rectangle. A GPU inpainting model
 * paints the real thing; this shows where and what. Pixels outside the mask are the input's
 * own; the PREVIEW mark is drawn inside the mask when it can hold it.
 */
export async function inpaintPreview(
  image: Buffer,
  mask: Buffer,
  prompt: string,
  seed: number,
  opts: EditOptions = {},
): Promise<EditResult> {
  const picture = await readPicture(image);
  const { width: W, height: H } = picture;
  const hole = await readMask(mask, W, H);
  const bounds = maskBounds(hole, W, H);
  if (!bounds) throw new EditInputError('empty_mask', 'The mask marks no part of the picture');
  await checkpoint(opts, 0.1);

  // The solve runs on the mask's box grown by a pixel, so every hole pixel has its rim inside.
  const x0 = Math.max(0, bounds.x - 1);
  const y0 = Math.max(0, bounds.y - 1);
  const box: Box = {
    x: x0,
    y: y0,
    width: Math.min(W, bounds.x + bounds.width + 1) - x0,
    height: Math.min(H, bounds.y + bounds.height + 1) - y0,
  };
  const n = box.width * box.height;
  const unknown = new Uint8Array(n);
  const target = new Float32Array(n * 3);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const p = (y + box.y) * W + (x + box.x);
      const q = y * box.width + x;
      unknown[q] = hole[p] ?? 0;
      for (let c = 0; c < 3; c++) target[q * 3 + c] = picture.rgb[p * 3 + c] ?? 0;
    }
  }
  // What shows behind the subject: the hole filled smoothly from its rim.
  const source = Float32Array.from(target);
  solveMembrane({ values: source, unknown, width: box.width, height: box.height, channels: 3 });
  const found = mainSubject(prompt);
  if (found) {
    const inner: Box = {
      x: bounds.x - box.x,
      y: bounds.y - box.y,
      width: bounds.width,
      height: bounds.height,
    };
    const sprite = await drawSubject(found.icon, inner, seed);
    for (let y = 0; y < inner.height; y++) {
      for (let x = 0; x < inner.width; x++) {
        const s = (y * inner.width + x) * 4;
        const a = (sprite[s + 3] ?? 0) / 255;
        if (a === 0) continue;
        const q = (y + inner.y) * box.width + (x + inner.x);
        for (let c = 0; c < 3; c++) {
          source[q * 3 + c] = (source[q * 3 + c] ?? 0) * (1 - a) + (sprite[s + c] ?? 0) * a;
        }
      }
    }
  }
  await checkpoint(opts, 0.4);

  // Poisson blend (Pérez et al.): keep the drawing's gradients, take the rim from the picture.
  // The difference between picture and drawing is known on the rim; spread harmonically over
  // the hole, it is the correction that makes the two meet without a seam.
  const correction = new Float32Array(n * 3);
  for (let q = 0; q < n; q++) {
    if (unknown[q]) continue;
    for (let c = 0; c < 3; c++)
      correction[q * 3 + c] = (target[q * 3 + c] ?? 0) - (source[q * 3 + c] ?? 0);
  }
  solveMembrane({ values: correction, unknown, width: box.width, height: box.height, channels: 3 });
  await checkpoint(opts, 0.8);

  const rgb = Buffer.from(picture.rgb);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const q = y * box.width + x;
      if (!unknown[q]) continue;
      const p = (y + box.y) * W + (x + box.x);
      for (let c = 0; c < 3; c++) {
        const v = (source[q * 3 + c] ?? 0) + (correction[q * 3 + c] ?? 0);
        rgb[p * 3 + c] = Math.min(255, Math.max(0, Math.round(v)));
      }
    }
  }
  const result = { width: W, height: H, rgb, ...(picture.alpha ? { alpha: picture.alpha } : {}) };
  const markedInMask = await drawPreviewMark(result, bounds, hole);
  // A mask too small for the mark: the picture still says it is a preview, in its corner.
  if (!markedInMask) await drawPreviewMark(result, { x: 0, y: 0, width: W, height: H });
  const bytes = await encodePicture(result);
  await checkpoint(opts, 1);
  const drawn = found ? describeSubjects([{ label: found.subject.label, count: 1 }]) : undefined;
  return {
    bytes,
    width: W,
    height: H,
    description: drawn
      ? `Repaint preview: ${drawn} drawn in the masked area (${bounds.width}×${bounds.height} px) and Poisson-blended into the picture; a GPU inpainting model paints the real result`
      : `Repaint preview: the prompt names nothing the preview can draw, so the masked area (${bounds.width}×${bounds.height} px) was filled smoothly from its surroundings; a GPU inpainting model paints the real result`,
  };
}
