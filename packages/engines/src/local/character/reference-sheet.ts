import sharp from 'sharp';
import { z } from 'zod';
import { readPngText, withPngText } from './png-text';

export type Point = { x: number; y: number };

/** One face cell of the sheet, px: faces are aligned into squares of this side. */
export const SHEET_CELL = 256;
/** Cells per row of the sheet. */
export const SHEET_COLUMNS = 5;
/** Where the eyes land in a cell: their middle at this height, this far apart (fractions). */
export const EYE_LINE_Y = 0.4;
export const EYE_DISTANCE = 0.3;

const SHEET_KEYWORD = 'lumen-character';
/** The sheet's ground: the light grey the cells' ovals fade into. */
const GROUND = [241, 243, 245] as const;

/** What the sheet says of itself: its layout, and the character's face descriptor. */
export const sheetInfoSchema = z.object({
  version: z.literal(1),
  cell: z.number().int().positive(),
  columns: z.number().int().positive(),
  count: z.number().int().positive(),
  descriptor: z.array(z.number()).length(128),
});
export type SheetInfo = z.infer<typeof sheetInfoSchema>;

/** A decoded RGB picture with the eyes of the face to align. */
export type FaceSource = {
  rgb: Buffer;
  width: number;
  height: number;
  leftEye: Point;
  rightEye: Point;
};

function sample(src: FaceSource, x: number, y: number, channel: number): number {
  const cx = Math.min(src.width - 1, Math.max(0, x));
  const cy = Math.min(src.height - 1, Math.max(0, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(src.width - 1, x0 + 1);
  const y1 = Math.min(src.height - 1, y0 + 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const at = (px: number, py: number) => src.rgb[(py * src.width + px) * 3 + channel] ?? 0;
  const top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx;
  const bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx;
  return top * (1 - fy) + bottom * fy;
}

/**
 * The face turned level and scaled so its eyes sit on the cell's eye line, `EYE_DISTANCE`
 * apart: each cell pixel is read back through the similarity transform that takes the cell's
 * eye points to the picture's (bilinear), so nothing is cropped before it is turned.
 */
export function alignFace(src: FaceSource, side = SHEET_CELL): Buffer {
  const distance = side * EYE_DISTANCE;
  const mid = { x: side / 2, y: side * EYE_LINE_Y };
  const srcMid = {
    x: (src.leftEye.x + src.rightEye.x) / 2,
    y: (src.leftEye.y + src.rightEye.y) / 2,
  };
  // One cell pixel along the eye line, and one down across it, in picture pixels.
  const u = {
    x: (src.rightEye.x - src.leftEye.x) / distance,
    y: (src.rightEye.y - src.leftEye.y) / distance,
  };
  const v = { x: -u.y, y: u.x };
  const out = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const dx = x - mid.x;
      const dy = y - mid.y;
      const sx = srcMid.x + dx * u.x + dy * v.x;
      const sy = srcMid.y + dx * u.y + dy * v.y;
      for (let c = 0; c < 3; c++) out[(y * side + x) * 3 + c] = sample(src, sx, sy, c);
    }
  }
  return out;
}

/**
 * Cleans an aligned cell: levels stretched so the darkest and lightest 1 % reach black and
 * white (pictures of one person taken in different light come out alike), then the face's
 * oval kept and the rest faded into the sheet's ground.
 */
export function cleanCell(rgb: Buffer, side = SHEET_CELL): Buffer {
  const lum = new Array<number>(256).fill(0);
  for (let i = 0; i < rgb.length; i += 3) {
    const l = Math.round(0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!);
    lum[l]!++;
  }
  const total = rgb.length / 3;
  let low = 0;
  let high = 255;
  for (let seen = 0; low < 255 && seen + lum[low]! < total * 0.01; low++) seen += lum[low]!;
  for (let seen = 0; high > 0 && seen + lum[high]! < total * 0.01; high--) seen += lum[high]!;
  const span = Math.max(1, high - low);
  const out = Buffer.alloc(rgb.length);
  const cx = side / 2;
  const cy = side * 0.47;
  const rx = side * 0.4;
  const ry = side * 0.5;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const r = Math.hypot((x - cx) / rx, (y - cy) / ry);
      // Full face inside 0.85 of the oval, faded to the ground by its edge.
      const keep = Math.min(1, Math.max(0, (1 - r) / 0.15));
      for (let c = 0; c < 3; c++) {
        const at = (y * side + x) * 3 + c;
        const levelled = Math.min(255, Math.max(0, ((rgb[at]! - low) * 255) / span));
        out[at] = Math.round(levelled * keep + GROUND[c]! * (1 - keep));
      }
    }
  }
  return out;
}

/**
 * The reference sheet: the cleaned, aligned faces in rows of `SHEET_COLUMNS`, most typical
 * first, as a PNG that carries its layout and the character's descriptor.
 */
export async function makeReferenceSheet(
  cells: Buffer[],
  descriptor: number[],
): Promise<{ png: Buffer; width: number; height: number }> {
  const columns = Math.min(SHEET_COLUMNS, cells.length);
  const rows = Math.ceil(cells.length / SHEET_COLUMNS);
  const width = columns * SHEET_CELL;
  const height = rows * SHEET_CELL;
  const png = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: GROUND[0], g: GROUND[1], b: GROUND[2] },
    },
  })
    .composite(
      cells.map((cell, i) => ({
        input: cell,
        raw: { width: SHEET_CELL, height: SHEET_CELL, channels: 3 as const },
        left: (i % SHEET_COLUMNS) * SHEET_CELL,
        top: Math.floor(i / SHEET_COLUMNS) * SHEET_CELL,
      })),
    )
    .png({ compressionLevel: 6 })
    .toBuffer();
  const info: SheetInfo = {
    version: 1,
    cell: SHEET_CELL,
    columns: SHEET_COLUMNS,
    count: cells.length,
    descriptor: descriptor.map((d) => Math.round(d * 1e6) / 1e6),
  };
  return { png: withPngText(png, SHEET_KEYWORD, JSON.stringify(info)), width, height };
}

/** The layout and descriptor a reference sheet carries; fails clearly on another picture. */
export function readSheetInfo(png: Buffer): SheetInfo {
  const text = readPngText(png, SHEET_KEYWORD);
  const parsed = text === undefined ? undefined : sheetInfoSchema.safeParse(JSON.parse(text));
  if (!parsed?.success) throw new Error('This picture is not a character reference sheet');
  return parsed.data;
}

/** The sheet's first (most typical) face, as a PNG cell. */
export async function firstSheetFace(sheet: Buffer): Promise<Buffer> {
  const info = readSheetInfo(sheet);
  return sharp(sheet)
    .extract({ left: 0, top: 0, width: info.cell, height: info.cell })
    .png()
    .toBuffer();
}
