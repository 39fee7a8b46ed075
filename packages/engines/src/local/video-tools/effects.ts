import sharp from 'sharp';
import type { VideoResolution } from '@lumen/contracts/generation';
import { videoSize } from '../dimensions';
import { EditInputError } from '../edit/edit-input-error';
import { drawOverlay, packLayer } from '../frame-sampler';
import { renderFrameOverlay } from '../video-layers';
import { encodeFrames, posterPng, bytesOf } from './clip';
import { inWorkspace, type VideoToolOptions, type VideoToolResult } from './workspace';
import { preparePicture, type EffectPicture } from './effect-canvas';
import { cakeify, earthZoom, explode, ghibliWith, meeting } from './effect-scenes';
import {
  dance,
  growOld,
  inflate,
  melt,
  muscle,
  squish,
  type EffectBuilder,
  type FramePainter,
} from './effect-warps';
import { styleRecipes } from './style-filters';

/** The effect templates (the `effect_set`) this engine knows, with what each shows. */
export const effectTemplates = {
  hug: { pictures: 2, shows: 'the two pictures move towards each other and meet in a hug' },
  kiss: { pictures: 2, shows: 'the two pictures lean in to each other and meet, a heart rising' },
  inflate: { pictures: 1, shows: 'the subject swells up like a balloon' },
  melt: { pictures: 1, shows: 'the picture sags and drips downwards as if melting' },
  squish: { pictures: 1, shows: 'the subject is pressed flat and springs back a little' },
  explode: { pictures: 1, shows: 'the picture trembles, flashes and bursts into flying pieces' },
  cakeify: { pictures: 1, shows: 'a knife cuts the subject in two and the halves part on cake' },
  dance: { pictures: 1, shows: 'the subject sways and bounces to a beat' },
  muscle: { pictures: 1, shows: 'the arms and shoulders swell with muscle' },
  'grow-old': { pictures: 1, shows: 'the colours fade to sepia, the hair greys, wrinkles deepen' },
  'earth-zoom': { pictures: 1, shows: 'the camera pulls back from the picture out to the planet' },
  ghibli: {
    pictures: 1,
    shows: 'the picture turns into soft anime colours as the camera drifts in',
  },
} as const;

export type EffectKey = keyof typeof effectTemplates;

export type EffectSettings = {
  seed: number;
  durationS?: number;
  fps?: number;
  /** The clip's short side; 720p unless a smaller clip is enough (a template's preview). */
  resolution?: VideoResolution;
};

export type EffectOptions = VideoToolOptions & {
  /** Cuts the subject out (an RGBA PNG back); without it, effects move the whole picture. */
  removeBackground?: (png: Buffer) => Promise<Buffer>;
};

const warps: Partial<Record<EffectKey, EffectBuilder>> = {
  inflate,
  melt,
  squish,
  explode,
  cakeify,
  dance,
  muscle,
  'grow-old': growOld,
  'earth-zoom': earthZoom,
};

const isEffectKey = (key: string): key is EffectKey => Object.hasOwn(effectTemplates, key);

/** The picture in the Miyazaki video style, through the same filter graph as the videos. */
async function anime(picture: EffectPicture, options: VideoToolOptions) {
  const { width, height } = picture.full;
  return inWorkspace(options, async (space) => {
    const rgba = Buffer.from(
      picture.full.data.buffer,
      picture.full.data.byteOffset,
      picture.full.data.byteLength,
    );
    await space.write('picture.png', await posterPng(rgba, width, height));
    const graph = `[0:v]format=yuv444p[v];${styleRecipes.miyazaki.graph};[styled]format=rgb24[out]`;
    await space.ffmpeg([
      ...['-i', space.path('picture.png'), '-filter_complex', graph, '-map', '[out]'],
      ...['-frames:v', '1', '-y', space.path('styled.png')],
    ]);
    const raw = await sharp(await space.read('styled.png'))
      .removeAlpha()
      .raw()
      .toBuffer();
    return packLayer(width, height, raw, 3);
  });
}

/**
 * Effect video on the CPU: one of the twelve templates as a transform of the picture (two
 * pictures for hug and kiss), `durationS` long (5 s), marked PREVIEW: a video model makes
 * the real effect. The size follows the picture's shape at 720p (16:9 for two pictures), or at
 * `settings.resolution`.
 * A wrong number of pictures, an unknown template or an unreadable picture throws
 * EditInputError.
 */
export async function effectVideo(
  images: Buffer[],
  effect: { key: string; prompt: string },
  settings: EffectSettings,
  options: EffectOptions = {},
): Promise<VideoToolResult> {
  if (!isEffectKey(effect.key)) {
    throw new EditInputError('unknown_option', `There is no effect template named ${effect.key}`);
  }
  const template = effectTemplates[effect.key];
  if (images.length !== template.pictures) {
    throw new EditInputError(
      'picture_count',
      `The ${effect.key} effect takes ${template.pictures} picture${template.pictures > 1 ? 's' : ''}, not ${images.length}`,
    );
  }
  const metas = await Promise.all(
    images.map((image) =>
      sharp(image)
        .metadata()
        .catch((error: unknown) => {
          throw new EditInputError(
            'unreadable_image',
            'The picture is not a readable PNG or JPEG',
            { cause: error },
          );
        }),
    ),
  );
  const first = metas[0]!;
  const rotated = (first.orientation ?? 1) >= 5;
  const aspect = rotated ? first.height / first.width : first.width / first.height;
  const resolution = settings.resolution ?? '720p';
  const size =
    template.pictures === 2
      ? videoSize(16 / 9, resolution)
      : videoSize(Math.min(2.5, Math.max(1 / 2.5, aspect)), resolution);
  const { width, height } = size;
  const fps = settings.fps ?? 24;
  const durationS = settings.durationS ?? 5;
  const frameCount = Math.max(1, Math.round(durationS * fps));
  const pictureWidth = template.pictures === 2 ? width / 2 : width;
  const pictures = await Promise.all(
    images.map((image) => preparePicture(image, pictureWidth, height, options.removeBackground)),
  );
  await options.report?.(0.1);
  let paint: FramePainter;
  if (effect.key === 'hug' || effect.key === 'kiss') {
    paint = meeting(effect.key)(pictures[0]!, pictures[1]!, width, height);
  } else if (effect.key === 'ghibli') {
    paint = await ghibliWith(await anime(pictures[0]!, options))(
      pictures[0]!,
      width,
      height,
      settings.seed,
    );
  } else {
    paint = await warps[effect.key]!(pictures[0]!, width, height, settings.seed);
  }
  const mark = await renderFrameOverlay(size);
  const frameAt = (index: number, out: Uint32Array) => {
    const u = frameCount > 1 ? index / (frameCount - 1) : 0;
    paint(u, index / fps, out);
    drawOverlay(out, mark);
  };
  const posterFrame = new Uint32Array(width * height);
  frameAt(Math.round(frameCount * 0.7), posterFrame);
  const video = await inWorkspace(options, async (space) => {
    await encodeFrames(space, 'effect.mp4', {
      width,
      height,
      fps,
      frameCount,
      frame: frameAt,
      progress: [0.12, 0.98],
    });
    return space.read('effect.mp4');
  });
  await options.report?.(1);
  return {
    video,
    poster: await posterPng(bytesOf(posterFrame), width, height),
    width,
    height,
    durationS: frameCount / fps,
    description:
      `A ${durationS} s preview of the ${effect.key} effect: ${template.shows}` +
      (options.removeBackground || template.pictures === 2
        ? ''
        : ', the whole picture moving as one') +
      '. A video model makes the real effect.',
  };
}
