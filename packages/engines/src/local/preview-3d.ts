import type { EngineSettings } from '@lumen/contracts/generation';
import sharp from 'sharp';
import { luma, mixRgb, type Rgb } from './color';
import { writeGlb } from './glb';
import { buildShape, type Mesh, type ShapeOptions } from './mesh';
import { rasterizeMesh } from './mesh-raster';
import { derivePalette } from './palette';
import { encodePreviewPng } from './preview-image';
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
};

export const thumbnailSize = 512;

async function finish(mesh: Mesh, name: string, colours: Rgb[], seed: number): Promise<Rendered3d> {
  const rng = createRng(mixSeeds(seed, 0x3d));
  const light = colours[colours.length - 1] ?? [220, 220, 220];
  const background: [Rgb, Rgb] = [
    mixRgb(light, [255, 255, 255], 0.75),
    mixRgb(light, [120, 120, 130], 0.45),
  ];
  // Render at twice the size and shrink: cheap anti-aliasing for the hard triangle edges.
  const big = rasterizeMesh(mesh, thumbnailSize * 2, {
    yaw: rng.range(-0.9, 0.9),
    pitch: 0.32,
    background,
  });
  const data = await sharp(big.data, { raw: { width: big.width, height: big.height, channels: 3 } })
    .resize(thumbnailSize, thumbnailSize)
    .raw()
    .toBuffer();
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

/** Text to 3D: a seeded shape coloured from the prompt's palette. */
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
  const shape: ShapeOptions = {
    seed: mixSeeds(seed, hashString(settings.prompt)),
    faceted: settings.model === 'polyart' || style.ridge === 'faceted',
    colours,
  };
  return finish(buildShape(shape), settings.prompt.slice(0, 64) || 'preview', colours, seed);
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
