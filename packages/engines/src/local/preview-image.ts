import type { EngineSettings } from '@lumen/contracts/generation';
import sharp from 'sharp';
import { imageSize, parseRatio, type Size } from './dimensions';
import { mixSeeds } from './prng';
import { previewMarkPosition, previewMarkSvg } from './preview-mark';
import { buildScene, type Scene } from './scene';
import type { SceneCanvas, ScenePart } from './scene-draw';
import { coverInSnow, isSnowScene } from './scene-snow';
import { renderSceneSvg } from './scene-svg';
import { applyModel, getStyleTreatment } from './styles';
import { placeSubjects } from './subjects/compose';
import { describePreview } from './subjects/describe';
import { findSubjects } from './subjects/find-subjects';
import { applyTexture, type RgbImage } from './texture';

export type PreviewImageSettings = Pick<
  EngineSettings,
  'prompt' | 'ratio' | 'count' | 'seed' | 'style' | 'model' | 'size'
>;

export type RenderedImage = {
  bytes: Buffer;
  width: number;
  height: number;
  seed: number;
  /** What the picture shows, in words (see subjects/describe.ts). */
  description?: string;
};

/** Output i of a batch uses seed + i, wrapping like the 32-bit seed it is. */
export const seedForIndex = (seed: number, index: number): number => (seed + index) >>> 0;

/**
 * The scene a prompt describes: its background from the prompt's words (scene words of any
 * of the four languages read in English), the subjects it names standing in front.
 */
export function buildPreviewScene(
  settings: Pick<EngineSettings, 'prompt' | 'style' | 'model' | 'ratio'>,
  seed: number,
): Scene {
  const style = applyModel(getStyleTreatment(settings.style), settings.model);
  const { subjects, sceneWords, subjectColours } = findSubjects(settings.prompt);
  const said = new Set(settings.prompt.toLowerCase().match(/\p{L}+/gu) ?? []);
  const extra = sceneWords.filter((w) => !said.has(w));
  // A subject's colour is the subject's ("a red fox"), not the sky's.
  const own = subjectColours.reduce(
    (text, word) => text.replace(new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'u'), ' '),
    settings.prompt,
  );
  const scene = buildScene(
    extra.length ? `${own} ${extra.join(' ')}` : own,
    mixSeeds(seed, 0x51),
    style,
    settings.model === 'professional' ? 1 : 0,
  );
  if (isSnowScene(sceneWords)) coverInSnow(scene);
  scene.subjects = placeSubjects(subjects, scene, parseRatio(settings.ratio), seed);
  return scene;
}

/** Rasterises part of a scene; RGBA because the front layers of a video are cut-outs. */
export async function renderSceneRgba(scene: Scene, canvas: SceneCanvas, part: ScenePart) {
  const svg = renderSceneSvg(scene, canvas, part);
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** The finished picture without the mark: scene, overlay and the style's surface texture. */
export async function renderScenePixels(scene: Scene, size: Size, seed: number): Promise<RgbImage> {
  const svg = renderSceneSvg(scene, size, 'all');
  const data = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const img = { width: size.width, height: size.height, data };
  applyTexture(img, scene.style, mixSeeds(seed, 0x7e));
  return img;
}

/**
 * PNG with fixed encoder settings and no metadata, so the same pixels always give the same
 * bytes; every local picture carries the PREVIEW mark.
 */
export async function encodePreviewPng(img: RgbImage, mark = true): Promise<Buffer> {
  const pipeline = sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });
  if (mark) {
    const m = previewMarkSvg(Math.min(img.width, img.height));
    pipeline.composite([
      { input: Buffer.from(m.svg), ...previewMarkPosition(img.width, img.height) },
    ]);
  }
  return pipeline.png({ compressionLevel: 6, adaptiveFiltering: true, palette: false }).toBuffer();
}

export async function renderPreviewImage(
  settings: PreviewImageSettings,
  seed: number,
): Promise<RenderedImage> {
  const size = imageSize(parseRatio(settings.ratio), settings.size);
  const scene = buildPreviewScene(settings, seed);
  const pixels = await renderScenePixels(scene, size, seed);
  const description = describePreview(settings.prompt, scene);
  return {
    bytes: await encodePreviewPng(pixels),
    ...size,
    seed,
    ...(description ? { description } : {}),
  };
}

/** txt2img: `count` pictures, output i from seed + i. */
export async function renderPreviewImages(
  settings: PreviewImageSettings,
  onProgress?: (fraction: number) => Promise<void>,
): Promise<RenderedImage[]> {
  const out: RenderedImage[] = [];
  for (let i = 0; i < settings.count; i++) {
    out.push(await renderPreviewImage(settings, seedForIndex(settings.seed, i)));
    await onProgress?.((i + 1) / settings.count);
  }
  return out;
}
