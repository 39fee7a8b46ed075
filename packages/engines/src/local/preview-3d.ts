import type { EngineSettings } from '@lumen/contracts/generation';
import sharp from 'sharp';
import { luma, mixRgb, type Rgb } from './color';
import { writeGlb } from './glb';
import { buildShape, type Mesh, type ShapeOptions } from './mesh';
import { unrecognisedLabelSvg } from './mesh-label';
import { rasterizeMesh } from './mesh-raster';
import { derivePalette } from './palette';
import { encodePreviewPng } from './preview-image';
import { buildPrimitive } from './primitives/catalogue';
import { colourForPrompt } from './primitives/colour-words';
import { facet } from './primitives/geometry';
import type { Materials } from './primitives/primitive';
import { primitiveForPrompt } from './primitives/match';
import { createRng, hashString, mixSeeds } from './prng';
import { applyModel, getStyleTreatment } from './styles';

export type Model3dSettings = Pick<EngineSettings, 'prompt' | 'style' | 'model'>;

export type Rendered3d = {
  glb: Buffer;
  thumbnail: Buffer;
  /** The thumbnail is square, this many pixels a side (spec §9: default image width 512). */
  thumbnailSize: number;
  vertexCount: number;
  triangleCount: number;
  seed: number;
  /** What the model shows in words ("a teapot"); absent for the stand-in blob. */
  description?: string;
};

export const thumbnailSize = 512;

/** How `finish` frames and labels the model. */
type Framing = {
  /** The camera's turn that shows this shape best; the seed swings it a little. */
  yaw?: number;
  /** The poster says the shape was not recognised (the text-to-3D blob). */
  unrecognised?: boolean;
};

async function finish(
  mesh: Mesh,
  name: string,
  colours: Rgb[],
  seed: number,
  framing: Framing = {},
): Promise<Rendered3d> {
  const rng = createRng(mixSeeds(seed, 0x3d));
  const light = colours[colours.length - 1] ?? [220, 220, 220];
  const background: [Rgb, Rgb] = [
    mixRgb(light, [255, 255, 255], 0.75),
    mixRgb(light, [120, 120, 130], 0.45),
  ];
  const swing = rng.range(-0.9, 0.9);
  // Render at twice the size and shrink: cheap anti-aliasing for the hard triangle edges.
  const big = rasterizeMesh(mesh, thumbnailSize * 2, {
    yaw: framing.yaw === undefined ? swing : framing.yaw + swing * 0.25,
    pitch: 0.32,
    background,
  });
  const raw = { width: thumbnailSize, height: thumbnailSize, channels: 3 } as const;
  let data = await sharp(big.data, { raw: { width: big.width, height: big.height, channels: 3 } })
    .resize(thumbnailSize, thumbnailSize)
    .raw()
    .toBuffer();
  if (framing.unrecognised) {
    const label = unrecognisedLabelSvg(thumbnailSize);
    data = await sharp(data, { raw })
      .composite([{ input: Buffer.from(label.svg), left: label.left, top: label.top }])
      .removeAlpha()
      .raw()
      .toBuffer();
  }
  return {
    glb: writeGlb(mesh, name),
    thumbnail: await encodePreviewPng({ width: thumbnailSize, height: thumbnailSize, data }),
    thumbnailSize,
    vertexCount: mesh.positions.length / 3,
    triangleCount: mesh.indices.length / 3,
    seed,
  };
}

const byLuma = (colours: Rgb[]): Rgb[] => [...colours].sort((a, b) => luma(a) - luma(b));

/**
 * A primitive's materials from the palette (dark to light): the body is the colour the prompt
 * names ("a red car"), or else the palette's most colourful middle colour, lifted when it is
 * so dark that the shape's shading would be lost.
 */
function materialsFrom(colours: Rgb[], prompt: string): Materials {
  const grey: Rgb = [150, 150, 150];
  const dark = colours[0] ?? grey;
  const light = colours[colours.length - 1] ?? grey;
  const middle = colours.slice(1, -1);
  const chroma = (c: Rgb) => Math.max(...c) - Math.min(...c);
  const vivid = middle.reduce<Rgb | undefined>(
    (best, c) => (!best || chroma(c) > chroma(best) ? c : best),
    undefined,
  );
  const named = colourForPrompt(prompt);
  const body = vivid ?? grey;
  const lift = Math.max(0, (110 - luma(body)) / 160);
  return {
    dark,
    trim: colours[1] ?? dark,
    body: named ?? mixRgb(body, [255, 255, 255], lift),
    light,
  };
}

/**
 * Text to 3D: when the prompt names a shape the engine ships (a teapot, a chair, a house…) the
 * model is that shape, its proportions varied by the seed; otherwise a seeded blob whose
 * poster says the shape was not recognised. Either way the colours come from the prompt's
 * palette.
 */
export async function renderTextTo3d(settings: Model3dSettings, seed: number): Promise<Rendered3d> {
  const style = applyModel(getStyleTreatment(settings.style), settings.model);
  const { palette } = derivePalette(settings.prompt, seed, style);
  // Mostly the land's colours with one accent, so objects read as made of something; the
  // neon and candy styles keep more of their accents.
  const vivid = style.id === 'cyberpunk' || style.id === 'abstract' || style.id === 'barbie';
  const colours = byLuma([
    palette.land[4] ?? palette.ink,
    palette.land[3] ?? palette.ink,
    palette.land[1] ?? palette.skyMid,
    ...palette.accents.slice(0, vivid ? 3 : 1),
    palette.horizon,
  ]);
  const name = settings.prompt.slice(0, 64) || 'preview';
  const faceted = settings.model === 'polyart' || style.ridge === 'faceted';
  const shapeSeed = mixSeeds(seed, hashString(settings.prompt));
  const primitive = primitiveForPrompt(settings.prompt);
  if (primitive) {
    const built = buildPrimitive(primitive, materialsFrom(colours, settings.prompt), shapeSeed);
    const mesh = faceted ? facet(built.mesh) : built.mesh;
    const model = await finish(mesh, name, colours, seed, { yaw: built.yaw });
    return { ...model, description: built.label };
  }
  const shape: ShapeOptions = {
    seed: shapeSeed,
    faceted,
    colours,
  };
  return finish(buildShape(shape), name, colours, seed, { unrecognised: true });
}

/**
 * Image to 3D: the shape is seeded by the picture too, its colours come from the picture's
 * dominant colour and its front is painted with the picture projected straight on.
 */
export async function renderImageTo3d(
  input: Buffer,
  settings: Model3dSettings,
  seed: number,
): Promise<Rendered3d> {
  const side = 32;
  const [stats, small] = await Promise.all([
    sharp(input).stats(),
    sharp(input)
      .rotate()
      .resize(side, side, { fit: 'fill' })
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .raw()
      .toBuffer(),
  ]);
  const dominant: Rgb = [stats.dominant.r, stats.dominant.g, stats.dominant.b];
  const channelMean = (c: number) => Math.round(stats.channels[c]?.mean ?? 128);
  const mean: Rgb = [channelMean(0), channelMean(1), channelMean(2)];
  const colours = byLuma([
    mixRgb(dominant, [0, 0, 0], 0.55),
    dominant,
    mean,
    mixRgb(dominant, [255, 255, 255], 0.6),
  ]);
  const colourAt: ShapeOptions['colourAt'] = ([x, y]) => {
    const u = Math.min(side - 1, Math.max(0, Math.floor(((x + 1) / 2) * side)));
    const v = Math.min(side - 1, Math.max(0, Math.floor(((1 - y) / 2) * side)));
    const p = (v * side + u) * 3;
    return [small[p] ?? 0, small[p + 1] ?? 0, small[p + 2] ?? 0];
  };
  const shape: ShapeOptions = {
    seed: mixSeeds(seed, hashString(small.toString('latin1'))),
    faceted: settings.model === 'polyart',
    colours,
    colourAt,
  };
  return finish(buildShape(shape), settings.prompt.slice(0, 64) || 'image model', colours, seed);
}
