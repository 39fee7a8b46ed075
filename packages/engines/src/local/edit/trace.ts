import { createRequire } from 'node:module';

/**
 * Tracing with imagetracerjs, with its two hot loops rewritten over typed arrays.
 *
 * The library keeps the picture's colour indices and each colour's edge layer as arrays of
 * plain arrays, filled element by element: on a 1024² picture with 16 colours that is 17
 * million growing-array writes before any path is traced, about half of a vectorize. The two
 * functions here compute exactly what the library's `colorquantization` and `layeringstep`
 * compute, into typed rows, and the library's own path scanning, curve fitting and SVG writing
 * run on them unchanged. `trace.test.ts` checks the SVG is byte for byte the library's.
 */

type Colour = { r: number; g: number; b: number; a: number };

/** The options of imagetracerjs this project sets; the library fills in the rest. */
export type TracerOptions = {
  ltres: number;
  qtres: number;
  pathomit: number;
  colorsampling: number;
  numberofcolors: number;
  colorquantcycles: number;
  blurradius: number;
  blurdelta: number;
  roundcoords: number;
  strokewidth: number;
  linefilter: boolean;
  rightangleenhance: boolean;
  pal?: Colour[];
};

export type TraceImage = { width: number; height: number; data: Uint8ClampedArray };

/** The library's options once `checkoptions` has filled in its defaults. */
type FullOptions = TracerOptions & { mincolorratio: number };

type Indexed = { array: Int16Array[]; palette: Colour[] };
type Layer = Int8Array[];

/** The parts of the library's tracer object used here. */
export type ImageTracer = {
  imagedataToSVG(image: TraceImage, options: TracerOptions): string;
  checkoptions(options: TracerOptions): FullOptions;
  generatepalette(colours: number): Colour[];
  samplepalette(colours: number, image: TraceImage): Colour[];
  samplepalette2(colours: number, image: TraceImage): Colour[];
  blur(image: TraceImage, radius: number, delta: number): TraceImage;
  pathscan(layer: Layer, pathomit: number): unknown;
  internodes(paths: unknown, options: FullOptions): unknown;
  batchtracepaths(paths: unknown, ltres: number, qtres: number): unknown;
  getsvgstring(
    tracedata: { layers: unknown[]; palette: Colour[]; width: number; height: number },
    options: FullOptions,
  ): string;
};

let tracer: ImageTracer | undefined;

export function loadTracer(): ImageTracer {
  tracer ??= createRequire(import.meta.url)('imagetracerjs') as ImageTracer;
  return tracer;
}

/**
 * The library's k-means colour quantisation (rectilinear RGBA distance, the first nearest
 * colour on ties, palette averaged between cycles), into rows with a border of −1 as its
 * array has.
 */
function quantize(t: ImageTracer, source: TraceImage, options: FullOptions): Indexed {
  const { width, height } = source;
  const pixels = width * height;
  const array: Int16Array[] = [];
  for (let j = 0; j < height + 2; j++) array.push(new Int16Array(width + 2).fill(-1));
  let palette: Colour[];
  // A copy: averaging replaces palette entries, and the caller's palette must stay as given.
  if (options.pal) palette = options.pal.map((c) => ({ ...c }));
  else if (options.colorsampling === 0) palette = t.generatepalette(options.numberofcolors);
  else if (options.colorsampling === 1) palette = t.samplepalette(options.numberofcolors, source);
  else palette = t.samplepalette2(options.numberofcolors, source);
  const image =
    options.blurradius > 0 ? t.blur(source, options.blurradius, options.blurdelta) : source;
  const data = image.data;
  const n = palette.length;
  const pr = new Int32Array(n);
  const pg = new Int32Array(n);
  const pb = new Int32Array(n);
  const pa = new Int32Array(n);
  const acc = new Float64Array(n * 5);
  for (let cycle = 0; cycle < options.colorquantcycles; cycle++) {
    if (cycle > 0) {
      for (let k = 0; k < n; k++) {
        const count = acc[k * 5 + 4] ?? 0;
        if (count > 0) {
          palette[k] = {
            r: Math.floor((acc[k * 5] ?? 0) / count),
            g: Math.floor((acc[k * 5 + 1] ?? 0) / count),
            b: Math.floor((acc[k * 5 + 2] ?? 0) / count),
            a: Math.floor((acc[k * 5 + 3] ?? 0) / count),
          };
        }
        // A colour too few pixels chose is re-seeded at random, as the library does (never with
        // its default minimum ratio of 0, which this project's presets keep).
        if (count / pixels < options.mincolorratio && cycle < options.colorquantcycles - 1) {
          palette[k] = {
            r: Math.floor(Math.random() * 255),
            g: Math.floor(Math.random() * 255),
            b: Math.floor(Math.random() * 255),
            a: Math.floor(Math.random() * 255),
          };
        }
      }
    }
    for (let k = 0; k < n; k++) {
      const c = palette[k] as Colour;
      pr[k] = c.r;
      pg[k] = c.g;
      pb[k] = c.b;
      pa[k] = c.a;
    }
    acc.fill(0);
    for (let j = 0; j < height; j++) {
      const row = array[j + 1] as Int16Array;
      for (let i = 0; i < width; i++) {
        const idx = (j * width + i) * 4;
        const r = data[idx] ?? 0;
        const g = data[idx + 1] ?? 0;
        const b = data[idx + 2] ?? 0;
        const a = data[idx + 3] ?? 0;
        let best = 0;
        let bestDistance = 1024;
        for (let k = 0; k < n; k++) {
          const d =
            Math.abs((pr[k] ?? 0) - r) +
            Math.abs((pg[k] ?? 0) - g) +
            Math.abs((pb[k] ?? 0) - b) +
            Math.abs((pa[k] ?? 0) - a);
          if (d < bestDistance) {
            bestDistance = d;
            best = k;
          }
        }
        const o = best * 5;
        acc[o] = (acc[o] ?? 0) + r;
        acc[o + 1] = (acc[o + 1] ?? 0) + g;
        acc[o + 2] = (acc[o + 2] ?? 0) + b;
        acc[o + 3] = (acc[o + 3] ?? 0) + a;
        acc[o + 4] = (acc[o + 4] ?? 0) + 1;
        row[i + 1] = best;
      }
    }
  }
  return { array, palette };
}

/**
 * One colour's edge-node layer, as the library's `layeringstep`: each cell says which of the
 * four pixels around its top-left corner have the colour (1 top-left, 2 top-right, 8
 * bottom-left, 4 bottom-right). Signed rows, because the path scan writes its markers back.
 */
function layerOf(indexed: Indexed, colour: number): Layer {
  const rows = indexed.array;
  const height = rows.length;
  const width = (rows[0] as Int16Array).length;
  const layer: Layer = [new Int8Array(width)];
  for (let j = 1; j < height; j++) {
    const above = rows[j - 1] as Int16Array;
    const here = rows[j] as Int16Array;
    const out = new Int8Array(width);
    let left = here[0] === colour ? 8 : 0;
    let aboveLeft = above[0] === colour ? 1 : 0;
    for (let i = 1; i < width; i++) {
      const up = above[i] === colour ? 2 : 0;
      const self = here[i] === colour ? 4 : 0;
      out[i] = aboveLeft + up + left + self;
      aboveLeft = up >> 1;
      left = self << 1;
    }
    layer.push(out);
  }
  return layer;
}

/**
 * The picture traced into an SVG string, as `imagedataToSVG` with the library's default
 * sequential layering gives it. `between` runs after each colour, so a long trace can be
 * cancelled and yields to other work.
 */
export async function traceToSvg(
  image: TraceImage,
  options: TracerOptions,
  between: (done: number) => Promise<void> = async () => {},
): Promise<string> {
  const t = loadTracer();
  const full = t.checkoptions({ ...options });
  const indexed = quantize(t, image, full);
  const layers: unknown[] = [];
  for (let colour = 0; colour < indexed.palette.length; colour++) {
    layers.push(
      t.batchtracepaths(
        t.internodes(t.pathscan(layerOf(indexed, colour), full.pathomit), full),
        full.ltres,
        full.qtres,
      ),
    );
    await between((colour + 1) / indexed.palette.length);
  }
  return t.getsvgstring(
    { layers, palette: indexed.palette, width: image.width, height: image.height },
    full,
  );
}
