import type { TattooStyle } from '@lumen/contracts/tools/tattoo';
import sharp from 'sharp';
import type { EngineOutput } from '../../engine';
import type { ProgressReporter } from '../cancellation';
import { vectorizeImage } from '../edit/vectorize';
import { previewMarkPosition, previewMarkSvg } from '../preview-mark';
import { createRng, mixSeeds } from '../prng';
import {
  darkAreas,
  darkLevel,
  edgesOf,
  greyOf,
  referenceArt,
  subjectsArt,
  thicken,
  type Art,
} from './tattoo-art';

export type TattooRun = {
  style: TattooStyle;
  prompt: string;
  seed: number;
  count: number;
  /** A picture to draw the design from; without one the prompt's subjects are drawn. */
  reference?: Buffer;
  /** A photo of the body place, to show the design on. */
  body?: Buffer;
};

/** A design: ink (0/1), colour under it where the style has colour, and how it was made. */
type Design = { side: number; rgba: Buffer; stencil: Uint8Array };

const INK = [22, 22, 24] as const;
/** Old-school flash colours: the palette traditional designs are filled from. */
const flash: readonly (readonly [number, number, number])[] = [
  [192, 41, 43],
  [241, 196, 15],
  [39, 130, 96],
  [41, 98, 160],
  [230, 150, 90],
];

/** Line weight in pixels of the design square, per style. */
const lineRadius: Record<TattooStyle, number> = {
  fine_line: 1,
  blackwork: 2,
  traditional: 3,
  watercolor: 1,
  tribal: 4,
  geometric: 1,
};

function nearestFlash(r: number, g: number, b: number): readonly [number, number, number] {
  let best = flash[0]!;
  let bestD = Infinity;
  for (const c of flash) {
    const d = (c[0] - r) ** 2 + (c[1] - g) ** 2 + (c[2] - b) ** 2;
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

/** Lines and shapes of a geometric piece: a circle, a hexagon and a dotted ring round it. */
async function geometricFrame(side: number, seed: number): Promise<Uint8Array> {
  const rng = createRng(mixSeeds(seed, 0x6e0));
  const c = side / 2;
  const r = side * 0.46;
  const turn = rng.next() * Math.PI;
  const hexagon = Array.from({ length: 6 }, (_, i) => {
    const a = turn + (i * Math.PI) / 3;
    return `${c + r * 0.96 * Math.cos(a)},${c + r * 0.96 * Math.sin(a)}`;
  }).join(' ');
  const dots = Array.from({ length: 48 }, (_, i) => {
    const a = (i * Math.PI * 2) / 48;
    return `<circle cx="${c + r * 1.04 * Math.cos(a)}" cy="${c + r * 1.04 * Math.sin(a)}" r="${side * 0.004}"/>`;
  }).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">` +
    `<rect width="${side}" height="${side}" fill="#fff"/>` +
    `<g fill="none" stroke="#000" stroke-width="${side * 0.004}">` +
    `<circle cx="${c}" cy="${c}" r="${r * 0.88}"/><polygon points="${hexagon}"/></g>` +
    `<g fill="#000">${dots}</g></svg>`;
  const grey = await sharp(Buffer.from(svg)).greyscale().extractChannel(0).raw().toBuffer();
  const out = new Uint8Array(side * side);
  for (let p = 0; p < out.length; p++) out[p] = (grey[p] ?? 255) < 128 ? 1 : 0;
  return out;
}

/**
 * The design in the chosen style from a picture on white: its lines found with Canny and
 * drawn at the style's weight; blackwork and tribal fill the dark masses solid; traditional
 * fills with flash colours; watercolour lays a soft wash of the picture's own colours under
 * fine lines; geometric sets the lines in a circle and hexagon with a dotted ring.
 */
async function designFrom(art: Art, style: TattooStyle, seed: number): Promise<Design> {
  const { side } = art;
  const grey = greyOf(art);
  const lines = thicken(
    await edgesOf(grey, side, style === 'fine_line' ? 1.2 : 2),
    side,
    lineRadius[style],
  );
  let ink = lines;
  if (style === 'blackwork' || style === 'tribal') {
    const dark = await darkAreas(
      grey,
      side,
      style === 'tribal' ? 6 : 1.5,
      darkLevel(grey, style === 'tribal' ? 0.6 : 0.3),
    );
    ink = lines.map((v, p) => (v || dark[p] ? 1 : 0));
  }
  if (style === 'geometric') {
    const frame = await geometricFrame(side, seed);
    ink = lines.map((v, p) => (v || frame[p] ? 1 : 0));
  }
  const rgba = Buffer.alloc(side * side * 4);
  let wash: Buffer | undefined;
  if (style === 'watercolor') {
    // The picture's colours, saturated and bled outwards, as pigment on skin would.
    wash = await sharp(art.rgb, { raw: { width: side, height: side, channels: 3 } })
      .modulate({ saturation: 1.6 })
      .blur(side / 90)
      .raw()
      .toBuffer();
  }
  const washAlpha =
    wash &&
    (await sharp(Buffer.from(grey.map((v) => 255 - v)), {
      raw: { width: side, height: side, channels: 1 },
    })
      .blur(side / 60)
      .extractChannel(0)
      .raw()
      .toBuffer());
  for (let p = 0; p < side * side; p++) {
    const at = p * 4;
    if (ink[p]) {
      rgba[at] = INK[0];
      rgba[at + 1] = INK[1];
      rgba[at + 2] = INK[2];
      rgba[at + 3] = 255;
      continue;
    }
    const r = art.rgb[p * 3] ?? 255;
    const g = art.rgb[p * 3 + 1] ?? 255;
    const b = art.rgb[p * 3 + 2] ?? 255;
    if (style === 'traditional' && (grey[p] ?? 255) < 235) {
      const [fr, fg, fb] = nearestFlash(r, g, b);
      rgba[at] = fr;
      rgba[at + 1] = fg;
      rgba[at + 2] = fb;
      rgba[at + 3] = 255;
    } else if (wash && washAlpha) {
      const a = Math.min(1, ((washAlpha[p] ?? 0) / 255) * 2.2);
      if (a > 0.04) {
        rgba[at] = wash[p * 3] ?? 255;
        rgba[at + 1] = wash[p * 3 + 1] ?? 255;
        rgba[at + 2] = wash[p * 3 + 2] ?? 255;
        rgba[at + 3] = Math.round(a * 200);
      }
    }
  }
  return {
    side,
    rgba,
    stencil:
      style === 'blackwork' || style === 'tribal'
        ? ink
        : thicken(lines, side, style === 'fine_line' ? 1 : 0),
  };
}

/** Black lines on white: what is traced onto transfer paper. */
async function stencilPng(design: Design): Promise<Buffer> {
  const { side } = design;
  const grey = Buffer.alloc(side * side);
  for (let p = 0; p < grey.length; p++) grey[p] = design.stencil[p] ? 0 : 255;
  return sharp(grey, { raw: { width: side, height: side, channels: 1 } })
    .png()
    .toBuffer();
}

async function withPreviewMark(png: Buffer, width: number, height: number): Promise<Buffer> {
  const mark = previewMarkSvg(Math.min(width, height));
  return sharp(png)
    .composite([{ input: Buffer.from(mark.svg), ...previewMarkPosition(width, height) }])
    .png()
    .toBuffer();
}

/**
 * The design on the body photo: scaled to about half the photo's short side, wrapped round
 * a limb (a cylinder: the sides narrow, the middle bows a little) and multiplied into the
 * skin, so its light and texture show through the ink.
 */
async function bodyMockup(
  design: Design,
  body: Buffer,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const photo = await sharp(body)
    .rotate()
    .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: W, height: H } = photo.info;
  const size = Math.round(Math.min(W, H) * 0.5);
  const small = await sharp(design.rgba, {
    raw: { width: design.side, height: design.side, channels: 4 },
  })
    .resize(size, size)
    .raw()
    .toBuffer();
  const left = Math.round((W - size) / 2);
  const top = Math.round((H - size) / 2);
  const out = Buffer.from(photo.data);
  const theta = 0.9;
  const half = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = (x - half) / half;
      // Where on the flat design this point of the curved skin shows.
      const sx = Math.round(
        half + (half * Math.asin(Math.max(-1, Math.min(1, u * Math.sin(theta))))) / theta,
      );
      const sy = Math.round(y - size * 0.04 * (1 - u * u));
      if (sx < 0 || sy < 0 || sx >= size || sy >= size) continue;
      const s = (sy * size + sx) * 4;
      // Ink fades a little towards the sides, which turn away from the light.
      const a = ((small[s + 3] ?? 0) / 255) * 0.88 * (1 - 0.25 * u * u);
      if (a <= 0) continue;
      const px = left + x;
      const py = top + y;
      if (px < 0 || py < 0 || px >= W || py >= H) continue;
      const d = (py * W + px) * 3;
      for (let c = 0; c < 3; c++) {
        const skin = out[d + c] ?? 0;
        const inkC = small[s + c] ?? 0;
        out[d + c] = Math.round(skin * (1 - a) + ((skin * inkC) / 255) * a);
      }
    }
  }
  const bytes = await sharp(out, { raw: { width: W, height: H, channels: 3 } })
    .blur(0.5)
    .png()
    .toBuffer();
  return { bytes, width: W, height: H };
}

const styleNames: Record<TattooStyle, string> = {
  fine_line: 'fine line',
  blackwork: 'blackwork',
  traditional: 'traditional',
  watercolor: 'watercolour',
  tribal: 'tribal',
  geometric: 'geometric',
};

/** A picture on white as a design: its white ground transparent, ink as drawn. */
function whiteToAlpha(art: Art): Buffer {
  const n = art.side * art.side;
  const rgba = Buffer.alloc(n * 4);
  for (let p = 0; p < n; p++) {
    const r = art.rgb[p * 3] ?? 255;
    const g = art.rgb[p * 3 + 1] ?? 255;
    const b = art.rgb[p * 3 + 2] ?? 255;
    const whiteness = Math.min(r, g, b);
    const a = Math.max(0, Math.min(255, Math.round((255 - whiteness) * 1.6)));
    rgba[p * 4] = r;
    rgba[p * 4 + 1] = g;
    rgba[p * 4 + 2] = b;
    rgba[p * 4 + 3] = a;
  }
  return rgba;
}

/** One result's files: the design, its stencil as PNG and SVG, and the body mockup. */
async function designOutputs(
  design: Design,
  what: string,
  preview: boolean,
  seed: number,
  body: Buffer | undefined,
): Promise<EngineOutput[]> {
  const side = design.side;
  let designPng: Buffer = await sharp(design.rgba, {
    raw: { width: side, height: side, channels: 4 },
  })
    .png()
    .toBuffer();
  if (preview) designPng = await withPreviewMark(designPng, side, side);
  const stencil = await stencilPng(design);
  const traced = await vectorizeImage(stencil, 'line_art');
  const base = { kind: 'image', seed, width: side, height: side } as const;
  const outputs: EngineOutput[] = [
    { ...base, mime: 'image/png', bytes: designPng, description: what },
    {
      ...base,
      mime: 'image/png',
      bytes: stencil,
      description: `Stencil (black on white): ${what}`,
    },
    {
      ...base,
      mime: 'image/svg+xml',
      bytes: traced.svg,
      description: `Stencil, traced to SVG: ${what}`,
    },
  ];
  if (body) {
    const mock = await bodyMockup(design, body);
    const bytes = preview ? await withPreviewMark(mock.bytes, mock.width, mock.height) : mock.bytes;
    outputs.push({
      kind: 'image',
      seed,
      mime: 'image/png',
      bytes,
      width: mock.width,
      height: mock.height,
      description: `On the body photo (multiplied into the skin, wrapped round the limb): ${what}`,
    });
  }
  return outputs;
}

/**
 * Tattoo designs on the CPU, one per result: from a reference picture the design, its
 * stencil and the body mockup are real line extraction and compositing; from words alone the
 * prompt's subjects are drawn from the preview's pictograms, so the design is a preview of
 * what a tattoo model would draw, and says so. Each result is the design (transparent PNG),
 * its stencil (PNG and traced SVG, black on white) and, with a body photo, the mockup.
 */
export async function renderTattoos(
  run: TattooRun,
  report: ProgressReporter,
): Promise<EngineOutput[]> {
  const outputs: EngineOutput[] = [];
  const style = styleNames[run.style];
  for (let i = 0; i < run.count; i++) {
    const seed = (run.seed + i) % 2 ** 32;
    let art: Art;
    let what: string;
    if (run.reference) {
      art = await referenceArt(run.reference);
      what = `${style} tattoo design from the reference picture`;
    } else {
      const drawn = await subjectsArt(run.prompt, seed);
      art = drawn.art;
      what =
        `Preview: ${style} tattoo design of ${drawn.labels.join(', ')} (line art of the ` +
        `preview pictograms; a tattoo model draws the real design)`;
    }
    const design = await designFrom(art, run.style, seed);
    outputs.push(
      ...(await designOutputs(design, what, run.reference === undefined, seed, run.body)),
    );
    await report((i + 1) / run.count);
  }
  return outputs;
}

/**
 * A design a tattoo model drew (on white): kept as drawn with its ground made transparent,
 * its stencil taken from its lines in the style's weight, and shown on the body photo.
 */
export async function tattooFromPicture(
  picture: Buffer,
  styleId: TattooStyle,
  seed: number | undefined,
  body: Buffer | undefined,
): Promise<EngineOutput[]> {
  const art = await referenceArt(picture);
  const lined = await designFrom(art, styleId, seed ?? 0);
  const design: Design = { side: art.side, rgba: whiteToAlpha(art), stencil: lined.stencil };
  const what = `${styleNames[styleId]} tattoo design drawn by the model`;
  return designOutputs(design, what, false, seed ?? 0, body);
}
