import sharp from 'sharp';
import { checkpoint, EditInputError, type EditOptions } from './edit-image';
import { traceToSvg, type TracerOptions } from './trace';

export const vectorizePresets = ['detailed', 'posterized', 'line_art'] as const;
export type VectorizePreset = (typeof vectorizePresets)[number];

export type VectorizeResult = {
  /** image/svg+xml: width and height are the input's, the viewBox the traced size. */
  svg: Buffer;
  /** The SVG rendered at the input's size, for thumbnails and the library. */
  png: Buffer;
  width: number;
  height: number;
  description: string;
};

/**
 * The presets, tuned on photos and drawings (decision 0040). Colour sampling 2 spreads the
 * initial palette evenly over the picture rather than at random, so a picture always traces
 * to the same SVG.
 */
export const vectorizeTracerPresets: Record<
  VectorizePreset,
  TracerOptions & { label: string; smooth: number }
> = {
  detailed: {
    label: 'detailed (16 colours, fine curves)',
    smooth: 0,
    ltres: 0.5,
    qtres: 0.5,
    pathomit: 12,
    colorsampling: 2,
    numberofcolors: 16,
    colorquantcycles: 1,
    blurradius: 0,
    blurdelta: 20,
    roundcoords: 1,
    strokewidth: 1,
    linefilter: false,
    rightangleenhance: true,
  },
  posterized: {
    label: 'posterized (8 colours, smoothed and simplified paths)',
    // A blur before tracing rounds the colour regions; sharp's is far faster than the tracer's.
    smooth: 2,
    ltres: 2,
    qtres: 2,
    pathomit: 24,
    colorsampling: 2,
    numberofcolors: 8,
    colorquantcycles: 3,
    blurradius: 0,
    blurdelta: 20,
    roundcoords: 1,
    strokewidth: 0,
    linefilter: true,
    rightangleenhance: false,
  },
  line_art: {
    label: 'line art (black strokes on white from the picture’s dark lines and edges)',
    smooth: 0,
    ltres: 1,
    qtres: 1,
    pathomit: 10,
    colorsampling: 0,
    numberofcolors: 2,
    colorquantcycles: 1,
    blurradius: 0,
    blurdelta: 20,
    roundcoords: 1,
    strokewidth: 0,
    linefilter: true,
    rightangleenhance: false,
    pal: [
      { r: 0, g: 0, b: 0, a: 255 },
      { r: 255, g: 255, b: 255, a: 255 },
    ],
  },
};

/** Tracing time grows with the pixels; a 1024 px long side keeps a picture under 2 s. */
const traceSide = 1024;

/**
 * The picture's lines as black on white: a pixel is ink where it is clearly darker than its
 * neighbourhood (a local-mean threshold), which keeps a drawing's strokes and turns a
 * photo's edges into lines, where one global threshold would fill its dark areas solid.
 */
async function inkOf(rgba: Buffer, width: number, height: number): Promise<Buffer> {
  const grey = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .normalise()
    .extractChannel(0)
    .raw()
    .toBuffer();
  const sigma = Math.max(1.5, Math.max(width, height) / 120);
  const local = await sharp(grey, { raw: { width, height, channels: 1 } })
    .blur(sigma)
    // sharp hands a blurred single channel back as sRGB; one channel is the value.
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = Buffer.alloc(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    const v = grey[p] ?? 255;
    const ink = v < (local[p] ?? 255) - 14;
    out.fill(ink ? 0 : 255, p * 4, p * 4 + 3);
    out[p * 4 + 3] = 255;
  }
  return out;
}

/**
 * Vector conversion: traces the picture into SVG paths with imagetracerjs (colour
 * quantisation, then each colour's outlines fitted with lines and quadratic curves), in one
 * of three looks. The SVG keeps the input's size, so it drops in where the picture was.
 */
export async function vectorizeImage(
  image: Buffer,
  preset: VectorizePreset,
  opts: EditOptions = {},
): Promise<VectorizeResult> {
  let width: number;
  let height: number;
  let rgba: Buffer<ArrayBufferLike>;
  let tw: number;
  let th: number;
  try {
    const meta = await sharp(image).metadata();
    // EXIF orientations 5–8 turn the picture a quarter: its upright width is its stored height.
    [width, height] =
      (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
    const shrink = Math.min(1, traceSide / Math.max(width, height));
    tw = Math.max(1, Math.round(width * shrink));
    th = Math.max(1, Math.round(height * shrink));
    // A light median first: film grain and JPEG noise would each become a speck of a path.
    rgba = await sharp(image)
      .rotate()
      .resize(tw, th, { fit: 'fill' })
      .median(3)
      .ensureAlpha()
      .raw()
      .toBuffer();
  } catch (error) {
    throw new EditInputError('unreadable_image', 'The picture is not a readable PNG or JPEG', {
      cause: error,
    });
  }
  const { label, smooth, ...options } = vectorizeTracerPresets[preset];
  if (smooth > 0) {
    rgba = await sharp(rgba, { raw: { width: tw, height: th, channels: 4 } })
      .blur(smooth)
      .raw()
      .toBuffer();
  }
  if (preset === 'line_art') rgba = await inkOf(rgba, tw, th);
  await checkpoint(opts, 0.2);
  const traced = await traceToSvg(
    {
      width: tw,
      height: th,
      data: new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length),
    },
    options,
    (done) => checkpoint(opts, 0.2 + 0.6 * done),
  );
  let body = traced.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  // Line art keeps only its ink: the white is one background path under it.
  if (preset === 'line_art') {
    body =
      `<path fill="rgb(255,255,255)" d="M0 0H${tw}V${th}H0Z"/>` +
      body.replace(/<path[^>]*fill="rgb\(255,255,255\)"[^>]*\/>/g, '');
  }
  const svgText =
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${tw} ${th}">${body}</svg>`;
  const svg = Buffer.from(svgText);
  const png = await sharp(svg)
    .resize(width, height, { fit: 'fill' })
    .png({ compressionLevel: 6, adaptiveFiltering: true, palette: false })
    .toBuffer();
  await checkpoint(opts, 1);
  const paths = (svgText.match(/<path/g) ?? []).length;
  const traceNote = tw === width ? '' : ` (traced at ${tw}×${th})`;
  return {
    svg,
    png,
    width,
    height,
    description: `Vectorized with imagetracerjs, ${label}: ${paths} paths${traceNote}`,
  };
}
