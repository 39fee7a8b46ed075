import sharp, { type OverlayOptions } from 'sharp';
import type { ImageTranslateSettings, OcrLine } from '@lumen/contracts/ecommerce';
import {
  checkpoint,
  EditInputError,
  readPicture,
  type EditOptions,
  type EditResult,
  type Picture,
} from '../edit/edit-image';
import { eraseMasked } from '../edit/erase';
import { fitTextLayer } from './shop-text';

/** Reads the lines of text in a picture (OCR). */
export type TextReader = (image: Buffer) => Promise<OcrLine[]>;

/** Translates lines from one language into another, in order (a language model). */
export type LineTranslator = (
  lines: string[],
  source: string,
  target: string,
  signal?: AbortSignal,
) => Promise<string[]>;

type Line = { text: string; translation: string; box: OcrLine['box'] };

const cjkTargets = new Set(['zh', 'ja']);

function clampBox(box: OcrLine['box'], width: number, height: number) {
  const x = Math.max(0, Math.floor(box.x));
  const y = Math.max(0, Math.floor(box.y));
  return {
    x,
    y,
    width: Math.max(1, Math.min(width - x, Math.ceil(box.width))),
    height: Math.max(1, Math.min(height - y, Math.ceil(box.height))),
  };
}

function hex(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The text's colour in a box: the ground is the colour of the box's rim; the ink is the mean of
 * the pixels that stand furthest from it (the darkest strokes on light ground, and so on).
 */
export function inkColour(
  picture: Picture,
  box: { x: number; y: number; width: number; height: number },
): string {
  const { rgb, width } = picture;
  const at = (x: number, y: number) => (y * width + x) * 3;
  const rim: number[][] = [];
  for (let x = box.x; x < box.x + box.width; x++) {
    for (const y of [box.y, box.y + box.height - 1]) {
      const i = at(x, y);
      rim.push([rgb[i] ?? 0, rgb[i + 1] ?? 0, rgb[i + 2] ?? 0]);
    }
  }
  const median = (c: number) => {
    const v = rim.map((p) => p[c] ?? 0).sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)] ?? 0;
  };
  const ground = [median(0), median(1), median(2)];
  const far: { d: number; p: number[] }[] = [];
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = at(x, y);
      const p = [rgb[i] ?? 0, rgb[i + 1] ?? 0, rgb[i + 2] ?? 0];
      const d = p.reduce((s, v, c) => s + Math.abs(v - (ground[c] ?? 0)), 0);
      far.push({ d, p });
    }
  }
  far.sort((a, b) => b.d - a.d);
  const top = far.slice(0, Math.max(1, Math.round(far.length * 0.08)));
  const mean = (c: number) => top.reduce((s, f) => s + (f.p[c] ?? 0), 0) / top.length;
  if ((top[0]?.d ?? 0) < 40) {
    // No ink stands out: the text reads against the ground in black or white.
    const lum = 0.299 * (ground[0] ?? 0) + 0.587 * (ground[1] ?? 0) + 0.114 * (ground[2] ?? 0);
    return lum > 128 ? '#111111' : '#ffffff';
  }
  return hex(mean(0), mean(1), mean(2));
}

/** A white-on-black mask of the lines' boxes, a little larger than the boxes. */
async function maskOf(lines: Line[], width: number, height: number): Promise<Buffer> {
  const rects = lines
    .map(({ box }) => {
      const pad = Math.max(2, box.height * 0.15);
      return `<rect x="${box.x - pad}" y="${box.y - pad}" width="${box.width + pad * 2}" height="${box.height + pad * 2}" fill="#fff"/>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#000"/>${rects}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Image translation on the CPU: the lines (the user's, or OCR's translated by a language
 * model) are inpainted away with the magic eraser's fill and the translations drawn in their
 * boxes, in the ink colour found there and at the size that fits the box.
 */
export async function translatePicture(
  image: Buffer,
  settings: ImageTranslateSettings,
  deps: { readText?: TextReader; translate?: LineTranslator },
  opts: EditOptions = {},
): Promise<EditResult> {
  const picture = await readPicture(image);
  const { width, height } = picture;
  let lines: Line[];
  if (settings.lines && settings.lines.length > 0) {
    lines = settings.lines.map((l) => ({ ...l }));
  } else {
    if (!deps.readText || !deps.translate) {
      throw new EditInputError(
        'no_translation',
        'No language model is configured to translate: give each line its translation',
      );
    }
    const found = await deps.readText(image);
    await checkpoint(opts, 0.3);
    const translations = await deps.translate(
      found.map((l) => l.text),
      settings.source,
      settings.target,
      opts.signal,
    );
    lines = found.map((l, i) => ({ text: l.text, translation: translations[i] ?? '', box: l.box }));
  }
  lines = lines
    .map((l) => ({ ...l, box: clampBox(l.box, width, height) }))
    .filter((l) => l.box.x < width && l.box.y < height);
  if (lines.length === 0) {
    throw new EditInputError('no_text', 'No text was found in the picture to translate');
  }
  const inks = lines.map((l) => inkColour(picture, l.box));
  const erased = await eraseMasked(image, await maskOf(lines, width, height), {
    ...opts,
    report: async (f) => opts.report?.(0.3 + f * 0.5),
  });
  const cjk = cjkTargets.has(settings.target);
  const overlays: OverlayOptions[] = [];
  for (const [i, line] of lines.entries()) {
    const { box } = line;
    // Leave room to the picture's edge for a translation longer than its original.
    const room = Math.max(box.width, Math.min(width - box.x, box.width * 1.4));
    const made = await fitTextLayer(
      line.translation,
      {
        font: cjk ? 'cjk' : 'sans',
        bold: box.height > height * 0.05,
        sizePx: box.height * 0.95,
        color: inks[i] ?? '#111111',
        maxWidth: room,
      },
      Math.max(8, box.height * 0.45),
    );
    if (!made) continue;
    const centred = Math.abs(box.x + box.width / 2 - width / 2) < width * 0.04;
    const left = centred ? Math.round(width / 2 - made.width / 2) : box.x;
    const top = Math.round(box.y + box.height / 2 - made.height / 2);
    overlays.push({
      input: made.bytes,
      left: Math.max(0, Math.min(width - made.width, left)),
      top: Math.max(0, Math.min(height - made.height, top)),
    });
  }
  const bytes = await sharp(erased.bytes).composite(overlays).png().toBuffer();
  await checkpoint(opts, 1);
  return {
    bytes,
    width,
    height,
    description: `${lines.length} line${lines.length === 1 ? '' : 's'} translated from ${settings.source} to ${settings.target}: the old text inpainted away, the new text drawn in its colour and size`,
  };
}
