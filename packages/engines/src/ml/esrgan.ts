import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as tfNamespace from '@tensorflow/tfjs';
import { loadTf, toModelArtifacts, type Tf } from './tf-runtime';

/** Scales served: @upscalerjs/esrgan-slim ships a dedicated network for each (x2, x4). */
export type UpscaleScale = 2 | 4;

/**
 * Input pixels of context added around each tile. The slim RDN sees about 10 px around each
 * pixel; with 12 px a tiled pass matches a whole-image pass exactly (no seams), measured on
 * the package's own fixture.
 */
export const TILE_PADDING = 12;

const PACKAGE = '@upscalerjs/esrgan-slim';
const require = createRequire(import.meta.url);

/**
 * The @upscalerjs/esrgan-slim folder (models, sample outputs). Its `exports` map hides
 * package.json and the models, so resolve the entry point and walk up to the manifest that
 * names the package.
 */
export function esrganPackageRoot(): string {
  let dir = dirname(require.resolve(PACKAGE));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === PACKAGE) return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Could not find the ${PACKAGE} package folder`);
    dir = parent;
  }
}

/**
 * An IOHandler reading a Layers model from disk: the browser/HTTP loaders would fetch, and
 * the `file://` loader needs @tensorflow/tfjs-node, which cannot be installed here.
 */
export function fileModelHandler(modelJsonPath: string): tfNamespace.io.IOHandler {
  return {
    load: async () => {
      const json = JSON.parse(await readFile(modelJsonPath, 'utf8')) as tfNamespace.io.ModelJSON;
      const paths = json.weightsManifest.flatMap((group) => group.paths);
      const shards = await Promise.all(
        paths.map((path) => readFile(join(dirname(modelJsonPath), path))),
      );
      return toModelArtifacts(json, shards);
    },
  };
}

const models = new Map<UpscaleScale, Promise<tfNamespace.LayersModel>>();

/**
 * The slim ESRGAN for `scale`, loaded once per process. These are UpscalerJS's "rdn"
 * architecture: only built-in Keras layers (no custom classes to register, unlike the thick
 * models' PixelShuffle), taking and returning pixels in 0–255 rather than 0–1.
 */
export function loadEsrgan(scale: UpscaleScale): Promise<tfNamespace.LayersModel> {
  let model = models.get(scale);
  if (!model) {
    model = (async () => {
      const tf = await loadTf();
      const path = join(esrganPackageRoot(), 'models', `x${scale}`, 'model.json');
      return tf.loadLayersModel(fileModelHandler(path));
    })().catch((error: unknown) => {
      models.delete(scale);
      throw new Error(`Could not load the ${scale}× ESRGAN model from ${PACKAGE}`, {
        cause: error,
      });
    });
    models.set(scale, model);
  }
  return model;
}

/** A rectangle of the input image, in input pixels. */
export type Tile = { x: number; y: number; width: number; height: number };

/** Cuts a width×height image into tiles of at most `size`, row by row. */
export function planTiles(width: number, height: number, size: number): Tile[] {
  const tiles: Tile[] = [];
  for (let y = 0; y < height; y += size) {
    for (let x = 0; x < width; x += size) {
      tiles.push({ x, y, width: Math.min(size, width - x), height: Math.min(size, height - y) });
    }
  }
  return tiles;
}

/**
 * Upscales one tile of `image` (a [1, H, W, 3] tensor of 0–255 floats): runs the network on
 * the tile plus TILE_PADDING of real neighbouring pixels, then keeps only the tile's own part
 * of the result, so the zero padding the convolutions see sits outside what we keep.
 */
export async function upscaleTile(
  tf: Tf,
  model: tfNamespace.LayersModel,
  image: tfNamespace.Tensor4D,
  tile: Tile,
  scale: UpscaleScale,
): Promise<Int32Array> {
  const [, height = 0, width = 0] = image.shape;
  const top = Math.max(0, tile.y - TILE_PADDING);
  const left = Math.max(0, tile.x - TILE_PADDING);
  const bottom = Math.min(height, tile.y + tile.height + TILE_PADDING);
  const right = Math.min(width, tile.x + tile.width + TILE_PADDING);
  const pixels = tf.tidy(() => {
    const patch = tf.slice(image, [0, top, left, 0], [1, bottom - top, right - left, 3]);
    const out = model.predict(patch) as tfNamespace.Tensor4D;
    return out
      .slice(
        [0, (tile.y - top) * scale, (tile.x - left) * scale, 0],
        [1, tile.height * scale, tile.width * scale, 3],
      )
      .clipByValue(0, 255)
      .round()
      .toInt();
  });
  try {
    return (await pixels.data()) as Int32Array;
  } finally {
    pixels.dispose();
  }
}
