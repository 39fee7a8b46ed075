import type { EngineSettings } from '@lumen/contracts/generation';
import sharp from 'sharp';
import type { ProgressReporter } from './cancellation';
import { planCamera, type CameraPlan } from './camera-path';
import { parseRatio, videoSize, type Size } from './dimensions';
import { encodeH264 } from './ffmpeg-encoder';
import { drawLayer, drawOverlay, mixFrames, packLayer } from './frame-sampler';
import { buildPreviewScene, encodePreviewPng, renderSceneRgba } from './preview-image';
import { mixSeeds } from './prng';
import { renderSceneSvg } from './scene-svg';
import { describePreview } from './subjects/describe';
import { drawSubjectSprites, renderSubjectSprites } from './subjects/sprites';
import { applyTexture } from './texture';
import { coverLayer, renderFrameOverlay, viewOf } from './video-layers';

export type VideoSettings = Pick<
  EngineSettings,
  | 'prompt'
  | 'style'
  | 'model'
  | 'ratio'
  | 'resolution'
  | 'durationS'
  | 'fps'
  | 'motionStrength'
  | 'camera'
>;

export type VideoRunOptions = {
  ffmpegPath?: string;
  tempDir?: string;
  signal?: AbortSignal;
  onProgress?: ProgressReporter;
};

export type RenderedVideo = {
  video: Buffer;
  /** The first frame as PNG: the poster players show before playback. */
  poster: Buffer;
  width: number;
  height: number;
  durationS: number;
  frameCount: number;
  seed: number;
  /** What the clip shows, in words (see subjects/describe.ts). */
  description?: string;
};

async function encodeClip(
  settings: VideoSettings,
  seed: number,
  options: VideoRunOptions,
  size: Size,
  drawFrame: (u: number, out: Uint32Array) => void,
): Promise<RenderedVideo> {
  const { onProgress } = options;
  const frameCount = Math.max(1, Math.round(settings.durationS * settings.fps));
  const toU = (i: number) => (frameCount > 1 ? i / (frameCount - 1) : 0);
  const first = new Uint32Array(size.width * size.height);
  drawFrame(0, first);
  const rgba = Buffer.from(first.buffer);
  const poster = await sharp(rgba, { raw: { ...size, channels: 4 } })
    .removeAlpha()
    .raw()
    .toBuffer();
  const video = await encodeH264({
    ...size,
    fps: settings.fps,
    frameCount,
    renderFrame: (i, out) => drawFrame(toU(i), out),
    ffmpegPath: options.ffmpegPath,
    tempDir: options.tempDir,
    signal: options.signal,
    onProgress: onProgress ? (f) => onProgress(0.05 + 0.93 * f) : undefined,
  });
  await onProgress?.(1);
  return {
    video,
    poster: await encodePreviewPng({ ...size, data: poster }, false),
    ...size,
    durationS: frameCount / settings.fps,
    frameCount,
    seed,
  };
}

/**
 * Text to video: the preview scene rendered as a far and a near layer with room around the
 * frame, then filmed with the planned camera; the near layer moves more (parallax).
 */
export async function renderTextToVideo(
  settings: VideoSettings,
  seed: number,
  options: VideoRunOptions = {},
): Promise<RenderedVideo> {
  const size = videoSize(parseRatio(settings.ratio), settings.resolution);
  const scene = buildPreviewScene(settings, seed);
  const margin = 0.15;
  const parallax = 0.45 * settings.motionStrength;
  const limits = { margin, maxBaseZoom: 1.1, maxZoom: 1.5, reach: 1 };
  const plan = planCamera(settings, mixSeeds(seed, 0xca), limits);
  const density = Math.min(1.5, plan.maxZoom);
  const canvas = {
    ...size,
    view: {
      x: -margin * size.width,
      y: -margin * size.height,
      w: size.width * (1 + 2 * margin),
      h: size.height * (1 + 2 * margin),
    },
    pixelWidth: Math.round(size.width * (1 + 2 * margin) * density),
    pixelHeight: Math.round(size.height * (1 + 2 * margin) * density),
  };
  const backSvg = renderSceneSvg(scene, canvas, 'back');
  const backRgb = await sharp(Buffer.from(backSvg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const back = { width: backRgb.info.width, height: backRgb.info.height, data: backRgb.data };
  // Surfaces that belong to the painting move with it; film grain would only cost bitrate.
  if (scene.style.texture !== 'grain') applyTexture(back, scene.style, mixSeeds(seed, 0x7e));
  const backLayer = packLayer(back.width, back.height, back.data, 3);
  const frontRgba = await renderSceneRgba(scene, canvas, 'front');
  const frontLayer = packLayer(frontRgba.width, frontRgba.height, frontRgba.data, 4);
  // A vignette would cost a full-frame blend per frame; video keeps only the seal.
  const glass = { ...scene, style: { ...scene.style, vignette: 0 } };
  const overlay = await renderFrameOverlay(size, renderSceneSvg(glass, size, 'overlay'));
  const sprites = await renderSubjectSprites(scene, size, density);
  const cycles = Math.max(1, Math.round(settings.durationS / 2));
  const description = describePreview(settings.prompt, scene);
  await options.onProgress?.(0.05);
  const clip = await encodeClip(settings, seed, options, size, (u, out) => {
    const pose = plan.pose(u);
    const backPose = {
      cx: 0.5 + (pose.cx - 0.5) * (1 - parallax),
      cy: 0.5 + (pose.cy - 0.5) * (1 - parallax),
      zoom: pose.zoom ** (1 - parallax),
    };
    drawLayer(out, size.width, size.height, backLayer, viewOf(backPose, backLayer, size, margin));
    drawLayer(out, size.width, size.height, frontLayer, viewOf(pose, frontLayer, size, margin));
    // The subjects stand on the nearest ridge, so they travel with it.
    drawSubjectSprites(out, size, sprites, pose, u, cycles);
    drawOverlay(out, overlay);
  });
  return description ? { ...clip, description } : clip;
}

/**
 * Image to video: the photo, slightly zoomed in for room, panned and zoomed by the plan;
 * lower rows slide further than upper ones, a cheap ground-plane parallax.
 */
export async function renderImageToVideo(
  input: Buffer,
  settings: VideoSettings,
  seed: number,
  options: VideoRunOptions = {},
): Promise<RenderedVideo> {
  const size = videoSize(parseRatio(settings.ratio), settings.resolution);
  const parallax = 0.3 * settings.motionStrength;
  const plan: CameraPlan = planCamera(settings, mixSeeds(seed, 0xcb), {
    margin: 0,
    maxBaseZoom: 1.3,
    maxZoom: 1.6,
    reach: 1 + parallax,
  });
  const layer = await coverLayer(input, size, Math.min(1.5, plan.maxZoom));
  const overlay = await renderFrameOverlay(size);
  await options.onProgress?.(0.05);
  return encodeClip(settings, seed, options, size, (u, out) => {
    const pose = plan.pose(u);
    drawLayer(
      out,
      size.width,
      size.height,
      layer,
      viewOf(pose, layer, size, 0, (pose.cx - 0.5) * parallax * 2),
    );
    drawOverlay(out, overlay);
  });
}

/** Keyframes: the first image dissolves into the last while both drift in a slight zoom. */
export async function renderKeyframesVideo(
  first: Buffer,
  last: Buffer,
  settings: VideoSettings,
  seed: number,
  options: VideoRunOptions = {},
): Promise<RenderedVideo> {
  const size = videoSize(parseRatio(settings.ratio), settings.resolution);
  const zoom = 1 + 0.08 * (0.5 + settings.motionStrength);
  const [a, b] = await Promise.all([coverLayer(first, size, zoom), coverLayer(last, size, zoom)]);
  const overlay = await renderFrameOverlay(size);
  const other = new Uint32Array(size.width * size.height);
  await options.onProgress?.(0.05);
  return encodeClip(settings, seed, options, size, (u, out) => {
    const w = u * u * (3 - 2 * u);
    drawLayer(
      out,
      size.width,
      size.height,
      a,
      viewOf({ cx: 0.5, cy: 0.5, zoom: 1 + (zoom - 1) * u }, a, size, 0),
    );
    drawLayer(
      other,
      size.width,
      size.height,
      b,
      viewOf({ cx: 0.5, cy: 0.5, zoom: zoom - (zoom - 1) * u }, b, size, 0),
    );
    mixFrames(out, out, other, Math.round(w * 256));
    drawOverlay(out, overlay);
  });
}
