import { videoStyles, type VideoStyle } from '@lumen/contracts/generation';
import { EditInputError } from '../edit/edit-input-error';
import { openClip } from './clip';
import {
  even,
  grabPoster,
  h264OutputArgs,
  inWorkspace,
  toOutputPixels,
  type VideoToolOptions,
  type VideoToolResult,
} from './workspace';
import { styleRecipes } from './style-filters';
import { displacementMaps, paperTexture, previewMarkPng } from './textures';

/** Stylization works on the clip's first seconds (spec §5 "video edit"). */
export const STYLIZE_SECONDS = 4;
/** Frames above this size are brought down to it: the styles' filters cost per pixel. */
const MAX_LONG_SIDE = 1920;

const styleNames: Record<VideoStyle, string> = {
  original: 'Original',
  realistic: 'Realistic',
  ink_wash: 'Ink wash',
  van_gogh: 'Van Gogh',
  miyazaki: 'Miyazaki',
  barbie: 'Barbie',
  cyberpunk: 'Cyberpunk',
  cartoon: 'Cartoon',
  anime: 'Anime',
  vector_art: 'Vector art',
  abstract: 'Abstract',
  watercolor: 'Watercolor',
};

/**
 * Video stylization on the CPU: the clip's first 4 s (all of it when shorter) restyled frame
 * by frame by one ffmpeg filter graph per style (style-filters.ts), at the clip's size (at
 * most 1920 on the long side) and frame rate, with its sound. Styles that need a generative
 * model to be drawn for real carry the PREVIEW mark.
 */
export async function stylizeVideo(
  video: Buffer,
  style: VideoStyle,
  options: VideoToolOptions = {},
): Promise<VideoToolResult> {
  if (!(videoStyles as readonly string[]).includes(style)) {
    throw new EditInputError('unknown_option', `There is no video style named ${String(style)}`);
  }
  const recipe = styleRecipes[style];
  return inWorkspace(options, async (space) => {
    const clip = await openClip(space, video);
    const fit = Math.min(1, MAX_LONG_SIDE / Math.max(clip.width, clip.height));
    const width = even(clip.width * fit);
    const height = even(clip.height * fit);
    const durationS = Math.min(clip.durationS, STYLIZE_SECONDS);
    const { fps } = clip;
    const stills: Array<{ label: string; file: string; bytes: Promise<Buffer> }> = [];
    const seed = 0x5eed;
    if (recipe.needs.includes('paper')) {
      stills.push({ label: 'paper', file: 'paper.png', bytes: paperTexture(width, height, seed) });
    }
    for (const kind of ['swirl', 'wobble', 'warp'] as const) {
      if (!recipe.needs.includes(kind)) continue;
      const maps = displacementMaps(kind, width, height, seed);
      stills.push({ label: 'dx', file: 'dx.png', bytes: maps.then((m) => m.dx) });
      stills.push({ label: 'dy', file: 'dy.png', bytes: maps.then((m) => m.dy) });
    }
    if (recipe.preview) {
      stills.push({ label: 'mark', file: 'mark.png', bytes: previewMarkPng(width, height) });
    }
    for (const still of stills) await space.write(still.file, await still.bytes);
    await options.report?.(0.05);

    const inputs = [
      ...['-t', durationS.toFixed(3), '-i', space.path('in.mp4')],
      ...stills.flatMap((s) => ['-loop', '1', '-framerate', String(fps), '-i', space.path(s.file)]),
    ];
    const prepared = stills.map(
      (s, i) => `[${i + 1}:v]${s.label === 'mark' ? 'format=rgba' : 'format=gbrp'}[${s.label}]`,
    );
    const scale =
      `scale=${width}:${height}:flags=bicubic` +
      `:in_color_matrix=${clip.matrix}:in_range=${clip.range}`;
    const marked = recipe.preview
      ? '[styled][mark]overlay=0:0:shortest=1[marked];[marked]'
      : '[styled]';
    const graph = [
      `[0:v]fps=${fps},${scale}[v]`,
      ...prepared,
      recipe.graph,
      `${marked}${toOutputPixels}[out]`,
    ].join(';');
    await space.ffmpeg(
      [
        ...inputs,
        ...['-filter_complex', graph, '-map', '[out]', '-map', '0:a:0?'],
        ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
        ...['-r', String(fps), '-t', durationS.toFixed(3)],
        ...h264OutputArgs(),
        ...['-y', space.path('styled.mp4')],
      ],
      { totalS: durationS, from: 0.05, to: 0.95 },
    );
    const result = await space.read('styled.mp4');
    const poster = await grabPoster(space, 'styled.mp4', durationS / 2);
    await options.report?.(1);
    const name = styleNames[style];
    const description =
      style === 'original'
        ? `The first ${durationS.toFixed(1)} s of the clip, unchanged.`
        : `The first ${durationS.toFixed(1)} s of the clip in the ${name} style: ${recipe.how}` +
          (recipe.preview
            ? '. A preview: a generative model redraws the picture in this style.'
            : '.');
    return { video: result, poster, width, height, durationS, description };
  });
}
