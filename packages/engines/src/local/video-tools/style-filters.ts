import type { VideoStyle } from '@lumen/contracts/generation';

/**
 * The video styles as ffmpeg filter graphs. Each graph reads `[v]` (the clip at its output size
 * and frame rate) and, where it needs one, `[paper]` (a still paper texture) or `[dx]`/`[dy]`
 * (still displacement maps, 128 = no shift), and writes `[styled]`. A style that only a
 * generative model can really draw (faces and shapes redrawn, brush strokes laid) is marked
 * `preview`: the graph gives its colours and surface, not its drawing.
 */
export type StyleRecipe = {
  graph: string;
  /** The still textures the graph reads. */
  needs: Array<'paper' | 'swirl' | 'wobble' | 'warp'>;
  preview: boolean;
  /** How the look is made, in plain words, for the result's description. */
  how: string;
};

const steps = (levels: number): string => {
  const step = 256 / levels;
  return `trunc(val/${step})*${step}+${Math.round(step / 2)}`;
};

/** Rounds every RGB channel to `levels` values: hard, graphic colour steps (needs RGB). */
const posterize = (levels: number): string => {
  const e = steps(levels);
  return `lutrgb=r='${e}':g='${e}':b='${e}'`;
};

/**
 * Rounds brightness to `light` levels and, when given, colour to `colour` levels (needs YUV):
 * flat shading that keeps each area's hue, as cel painting does.
 */
const posterizeLight = (light: number, colour?: number): string =>
  colour
    ? `lutyuv=y='${steps(light)}':u='${steps(colour)}':v='${steps(colour)}'`
    : `lutyuv=y='${steps(light)}'`;

/** Smooths flat areas and keeps edges: smartblur with a positive threshold, `passes` times. */
const smooth = (radius: number, threshold: number, passes = 1): string =>
  Array.from({ length: passes }, () => `smartblur=lr=${radius}:ls=1:lt=${threshold}`).join(',');

/** Dark outlines on white from a luma edge map; `thick` grows them by a pixel. */
const outlines = (low: number, high: number, thick: boolean, blur = 0): string =>
  [
    'format=gray',
    `edgedetect=low=${low}:high=${high}`,
    'negate',
    thick ? 'erosion' : '',
    blur ? `gblur=sigma=${blur}` : '',
    'format=gbrp',
  ]
    .filter(Boolean)
    .join(',');

/** A soft bloom: the picture blurred and laid over itself with `screen`. */
const glow = (input: string, output: string, sigma: number, opacity: number): string =>
  `[${input}]split[${input}a][${input}b];[${input}b]gblur=sigma=${sigma}[${input}g];` +
  `[${input}a][${input}g]blend=all_mode=screen:all_opacity=${opacity}[${output}]`;

/** Each style's recipe; the decision record 0045 explains the choices. */
export const styleRecipes: Record<VideoStyle, StyleRecipe> = {
  original: { graph: '[v]null[styled]', needs: [], preview: false, how: 'the clip as it is' },
  realistic: {
    graph: '[v]eq=contrast=1.06:saturation=1.08,unsharp=5:5:0.5,format=gbrp[styled]',
    needs: [],
    preview: false,
    how: 'a natural grade with a little more contrast, colour and crispness',
  },
  ink_wash: {
    graph:
      `[v]format=gray,${smooth(5, 25, 2)},curves=all='0/0.03 0.5/0.56 1/1',split[t][l];` +
      // A few washes of ink, their borders bled soft, over dark strokes that bleed a little.
      `[t]lut=c0='trunc(val/56)*56+40',gblur=sigma=2.5,format=gbrp[w];` +
      `[l]${outlines(0.1, 0.25, true, 1.1)}[e];` +
      '[w][e]blend=all_mode=multiply[ink];' +
      '[ink][paper]blend=all_mode=multiply[styled]',
    needs: ['paper'],
    preview: false,
    how: 'greyscale ink washes with bled brush lines on rice paper',
  },
  van_gogh: {
    graph:
      '[v]eq=saturation=1.7:contrast=1.12,format=gbrp,' +
      'colorbalance=rs=-0.05:bs=0.18:bm=0.08:rh=0.12:gh=0.1:bh=-0.12,split[c][cs];' +
      // Colours smeared along swirling lines, then a raking relief of short strokes.
      '[cs][dx][dy]displace=edge=smear[s];' +
      `[s]${posterize(10)}[p];` +
      '[p][paper]blend=all_mode=overlay:all_opacity=0.55[pp];' +
      '[c]format=gray,edgedetect=low=0.12:high=0.3,negate,format=gbrp[e];' +
      '[pp][e]blend=all_mode=multiply:all_opacity=0.5[styled]',
    needs: ['swirl', 'paper'],
    preview: true,
    how: 'swirling smeared colour, blue shadows and yellow lights, and a canvas relief',
  },
  miyazaki: {
    graph:
      `[v]${smooth(5, 20, 2)},eq=saturation=1.3:brightness=0.04:gamma=1.06,split[a][b];` +
      `[a]${posterizeLight(9)},format=gbrp,` +
      'colorbalance=rs=0.03:bs=0.06:rm=0.05:gm=0.04:rh=0.04:gh=0.03:bh=-0.03,gblur=sigma=0.8[c];' +
      `[b]${outlines(0.1, 0.25, false)}[e];` +
      '[c][e]blend=all_mode=multiply:all_opacity=0.45[d];' +
      glow('d', 'styled', 10, 0.25),
    needs: [],
    preview: true,
    how: 'soft painted areas in warm pastel colours with light outlines and a gentle glow',
  },
  barbie: {
    graph:
      '[v]eq=saturation=1.35:brightness=0.05:contrast=1.04,format=gbrp,' +
      'colorbalance=rs=0.12:gs=-0.04:bs=0.1:rm=0.18:gm=-0.06:bm=0.12:rh=0.08:bh=0.06,' +
      "curves=r='0/0.08 0.5/0.62 1/1':g='0/0.02 0.5/0.45 1/0.96':b='0/0.08 0.5/0.55 1/1'[c];" +
      glow('c', 'styled', 8, 0.35),
    needs: [],
    preview: false,
    how: 'a bright pink and pastel grade with a soft dreamy glow',
  },
  cyberpunk: {
    graph:
      '[v]eq=contrast=1.25:saturation=1.4:brightness=-0.04,format=gbrp,' +
      // Teal shadows, magenta highlights.
      'colorbalance=rs=-0.25:gs=0.05:bs=0.25:rm=0.05:gm=-0.1:bm=0.15:rh=0.25:gh=-0.12:bh=0.22,' +
      "curves=r='0/0 0.6/0.68 1/1':b='0/0.1 0.5/0.58 1/1'[c];" +
      `${glow('c', 'g', 14, 0.55)};[g]vignette=angle=0.6[styled]`,
    needs: [],
    preview: false,
    how: 'a teal and magenta grade with neon glow, deep contrast and a vignette',
  },
  cartoon: {
    graph:
      `[v]${smooth(5, 25, 2)},eq=saturation=1.5,split[a][b];` +
      `[a]${posterizeLight(6, 12)},format=gbrp[c];` +
      `[b]${outlines(0.08, 0.2, true)}[e];` +
      '[c][e]blend=all_mode=multiply[styled]',
    needs: [],
    preview: false,
    how: 'edge-preserving smoothing, posterised flat colours and bold dark outlines',
  },
  anime: {
    graph:
      `[v]${smooth(5, 25, 2)},eq=saturation=1.6:brightness=0.05:gamma=1.1,split[a][b];` +
      `[a]${posterizeLight(4, 16)},format=gbrp[c];` +
      `[b]${outlines(0.12, 0.3, false)}[e];` +
      '[c][e]blend=all_mode=multiply:all_opacity=0.85[d];' +
      glow('d', 'styled', 6, 0.2),
    needs: [],
    preview: true,
    how: 'cel-shaded bright colours with thin ink lines',
  },
  vector_art: {
    graph:
      `[v]${smooth(5, 30, 3)},eq=saturation=1.5:contrast=1.1,` +
      `${posterizeLight(4, 8)},${smooth(2, 10)},format=gbrp[styled]`,
    needs: [],
    preview: false,
    how: 'a few flat saturated colours with clean edges',
  },
  abstract: {
    graph:
      // Colours flow over large warping shapes and their hues slowly turn.
      `[v]eq=saturation=1.8:contrast=1.2,hue=H=2*PI*t/4,format=gbrp[c];` +
      `[c][dx][dy]displace=edge=mirror[s];` +
      `[s]${posterize(5)},gblur=sigma=1.5[styled]`,
    needs: ['warp'],
    preview: false,
    how: 'large flowing warps, bold posterised colour and slowly turning hues',
  },
  watercolor: {
    graph:
      `[v]${smooth(4, 15, 2)},eq=saturation=1.15:brightness=0.07:contrast=0.92,split[a][b];` +
      // Soft washes with wobbling edges, pigment pooling darker at the edges, on grainy paper.
      `[a]${posterizeLight(10, 24)},format=gbrp[a2];` +
      '[a2][dx][dy]displace=edge=smear,gblur=sigma=1.6[w];' +
      `[b]${outlines(0.06, 0.18, false, 1.8)}[e];` +
      '[w][e]blend=all_mode=multiply:all_opacity=0.6[x];' +
      "[x][paper]blend=all_mode=multiply,curves=all='0/0.1 1/1'[styled]",
    needs: ['wobble', 'paper'],
    preview: false,
    how: 'soft washes with wobbly edges, pigment pooling at the edges and paper grain',
  },
};
