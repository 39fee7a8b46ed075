import sharp from 'sharp';
import type { BackgroundRemover } from '../../ml/background-removal';
import { checkpoint, EditInputError, readPicture } from '../edit/edit-image';
import { drawLayer, drawSprite, packLayer, type Layer } from '../frame-sampler';
import { buildPreviewScene } from '../preview-image';
import { createRng, mixSeeds } from '../prng';
import { renderSceneSvg } from '../scene-svg';
import { viewOf } from '../video-layers';
import { encodeToolClip, type VideoToolOptions, type VideoToolResult } from './tool-clip';

export type ElementsOptions = VideoToolOptions & {
  seed: number;
  durationS: number;
  width: number;
  height: number;
  fps?: number;
  /** Cuts each reference's subject out (IS-Net); without it, a soft oval crop stands in. */
  removeBackground?: BackgroundRemover;
};

/** Room around the frame that the background keeps for the camera's drift. */
const MARGIN = 0.08;

type Actor = {
  sprite: Layer;
  depth: number;
  x: number;
  bottom: number;
  phase: number;
  drift: number;
};

/** A reference with a soft oval alpha: the middle of a portrait or product shot, edges faded. */
async function ovalCutOut(image: Buffer): Promise<Buffer> {
  const meta = await sharp(image).rotate().metadata();
  const w = meta.autoOrient.width;
  const h = meta.autoOrient.height;
  const mask = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><radialGradient id="g" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0.78" stop-color="#fff"/><stop offset="1" stop-color="#000"/>
    </radialGradient></defs>
    <ellipse cx="${w / 2}" cy="${h / 2}" rx="${w * 0.48}" ry="${h * 0.49}" fill="url(#g)"/>
  </svg>`;
  const alpha = await sharp(Buffer.from(mask)).greyscale().extractChannel(0).raw().toBuffer();
  const rgb = await sharp(image).rotate().removeAlpha().raw().toBuffer();
  const rgba = Buffer.alloc(w * h * 4);
  for (let p = 0; p < w * h; p++) {
    rgb.copy(rgba, p * 4, p * 3, p * 3 + 3);
    rgba[p * 4 + 3] = alpha[p]!;
  }
  return sharp(rgba, { raw: { width: w, height: h, channels: 4 } })
    .png()
    .toBuffer();
}

/** The cut-out trimmed to its visible part and sized to `height` px, as a premultiplied sprite. */
async function spriteOf(rgba: Buffer, height: number): Promise<Layer> {
  const trimmed = await sharp(rgba)
    .ensureAlpha()
    .trim({ threshold: 1 })
    .png()
    .toBuffer()
    .catch(() => rgba);
  const { data, info } = await sharp(trimmed)
    .ensureAlpha()
    .resize({ height: Math.max(8, Math.round(height)) })
    .extend({ top: 2, bottom: 2, left: 2, right: 2, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return packLayer(info.width, info.height, data, 4);
}

/** The prompt's preview scene without its own subjects, with room around it, or the blend. */
async function backgroundOf(
  images: Buffer[],
  prompt: string,
  opts: ElementsOptions,
): Promise<{ layer: Layer; words: string }> {
  const size = { width: opts.width, height: opts.height };
  const pixelWidth = Math.round(size.width * (1 + 2 * MARGIN));
  const pixelHeight = Math.round(size.height * (1 + 2 * MARGIN));
  if (prompt.trim()) {
    const scene = buildPreviewScene(
      { prompt, style: 'realistic', model: 'standard', ratio: `${size.width}:${size.height}` },
      opts.seed,
    );
    scene.subjects = [];
    const svg = renderSceneSvg(
      scene,
      {
        ...size,
        view: {
          x: -MARGIN * size.width,
          y: -MARGIN * size.height,
          w: pixelWidth,
          h: pixelHeight,
        },
        pixelWidth,
        pixelHeight,
      },
      'all',
    );
    const { data, info } = await sharp(Buffer.from(svg))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      layer: packLayer(info.width, info.height, data, 3),
      words: 'a scene drawn from the prompt',
    };
  }
  const layers = await Promise.all(
    images.map((image) =>
      sharp(image)
        .rotate()
        .removeAlpha()
        .resize(pixelWidth, pixelHeight, { fit: 'cover' })
        .raw()
        .toBuffer(),
    ),
  );
  const blend = Buffer.alloc(pixelWidth * pixelHeight * 3);
  for (let i = 0; i < blend.length; i++) {
    blend[i] = Math.round(layers.reduce((s, l) => s + l[i]!, 0) / layers.length);
  }
  const blurred = await sharp(blend, {
    raw: { width: pixelWidth, height: pixelHeight, channels: 3 },
  })
    .blur(Math.max(8, pixelWidth / 40))
    .modulate({ brightness: 1.05, saturation: 0.8 })
    .raw()
    .toBuffer();
  return {
    layer: packLayer(pixelWidth, pixelHeight, blurred, 3),
    words: 'a blurred blend of the references',
  };
}

/**
 * Multi-image reference video: each reference's subject cut out and staged side by side in
 * one scene, the nearer ones larger; the camera drifts slowly, nearer layers move further
 * (parallax), and each subject sways and bobs gently on its own phase.
 */
export async function elementsVideo(
  images: Buffer[],
  prompt: string,
  opts: ElementsOptions,
): Promise<VideoToolResult> {
  if (images.length < 2 || images.length > 4) {
    throw new EditInputError('bad_image_count', 'Multi-image video takes two to four pictures');
  }
  const width = Math.max(2, Math.round(opts.width / 2) * 2);
  const height = Math.max(2, Math.round(opts.height / 2) * 2);
  const size = { width, height };
  for (const image of images) await readPicture(image);
  const fps = opts.fps ?? 24;
  const rng = createRng(mixSeeds(opts.seed, 0xe1));
  const cutOuts: Buffer[] = [];
  for (const [i, image] of images.entries()) {
    cutOuts.push(
      opts.removeBackground
        ? (await opts.removeBackground(image, undefined, opts.signal)).bytes
        : await ovalCutOut(image),
    );
    await checkpoint(opts, (0.3 * (i + 1)) / images.length);
  }
  const background = await backgroundOf(images, prompt, { ...opts, width, height });
  const n = images.length;
  const actors: Actor[] = [];
  for (const [i, cut] of cutOuts.entries()) {
    // Alternate near and far, so neighbours overlap a little like people in a group.
    const depth = i % 2 === 0 ? 1 : 0.85;
    const sprite = await spriteOf(cut, height * (n > 2 ? 0.55 : 0.66) * depth);
    actors.push({
      sprite,
      depth,
      x: (i + 0.5) / n,
      bottom: 0.94 - (1 - depth) * 0.35,
      phase: rng.range(0, Math.PI * 2),
      drift: rng.range(-0.02, 0.02),
    });
  }
  actors.sort((a, b) => a.depth - b.depth);
  await checkpoint(opts, 0.4);
  const frameCount = Math.max(2, Math.round(opts.durationS * fps));
  const pan = rng.range(-1, 1) * 0.05;
  const clip = await encodeToolClip(
    {
      width,
      height,
      fps,
      frameCount,
      progressFrom: 0.4,
      renderFrame: (index, out) => {
        const u = index / (frameCount - 1);
        const t = index / fps;
        const eased = u * u * (3 - 2 * u);
        const camera = { cx: 0.5 + pan * (eased - 0.5), cy: 0.5, zoom: 1 + 0.05 * eased };
        drawLayer(
          out,
          width,
          height,
          background.layer,
          viewOf(camera, background.layer, size, MARGIN),
        );
        for (const actor of actors) {
          // Nearer subjects slide further against the camera's drift and grow more with its zoom.
          const scale = 1 + 0.05 * eased * (1 + actor.depth);
          const sx =
            (actor.x + actor.drift * eased - (camera.cx - 0.5) * (1 + actor.depth)) * width;
          const bob = 0.008 * height * Math.sin(2 * Math.PI * (t / 2.6) + actor.phase);
          const sway = 0.006 * width * Math.sin(2 * Math.PI * (t / 3.4) + actor.phase * 1.7);
          const w = actor.sprite.width * scale;
          const h = actor.sprite.height * scale;
          const left = sx + sway - w / 2;
          const top = actor.bottom * height + bob - h;
          drawSprite(out, width, height, actor.sprite, {
            x0: -left / scale,
            y0: -top / scale,
            scale: 1 / scale,
          });
        }
      },
    },
    opts,
  );
  const how = opts.removeBackground ? 'cut out (IS-Net)' : 'in soft oval crops';
  return {
    ...clip,
    description:
      `Multi-image reference video (preview quality): ${n} references ${how}, staged over ` +
      `${background.words}, with parallax and gentle motion, ${clip.durationS.toFixed(1)} s`,
  };
}
