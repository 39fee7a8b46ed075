import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadTracer, traceToSvg, type TraceImage, type TracerOptions } from './trace';

const base: TracerOptions = {
  ltres: 1,
  qtres: 1,
  pathomit: 8,
  colorsampling: 2,
  numberofcolors: 16,
  colorquantcycles: 1,
  blurradius: 0,
  blurdelta: 20,
  roundcoords: 1,
  strokewidth: 1,
  linefilter: false,
  rightangleenhance: true,
};

/** A picture with gradients, hard edges, holes and noise: every path shape the tracer makes. */
async function picture(width: number, height: number): Promise<TraceImage> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><radialGradient id="g"><stop offset="0" stop-color="#ffd166"/><stop offset="1" stop-color="#073b4c"/></radialGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#ef476f"/>` +
    `<circle cx="${width / 3}" cy="${height / 2}" r="${height / 9}" fill="#ffffff"/>` +
    `<path d="M0 ${height} L${width / 2} ${height / 3} L${width} ${height}Z" fill="#06d6a0" fill-opacity="0.7"/>` +
    `<rect x="${width * 0.7}" y="10" width="${width / 5}" height="${height / 6}" fill="#118ab2" transform="rotate(12)"/>` +
    `</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Deterministic grain, so quantisation meets near ties.
  for (let p = 0; p < data.length; p += 4) {
    const n = ((p * 2654435761) >>> 24) % 7;
    data[p] = Math.min(255, (data[p] ?? 0) + n);
  }
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
  };
}

const cases: Array<[string, Partial<TracerOptions>]> = [
  ['16 colours, one cycle', {}],
  [
    '8 colours, three cycles, line filter',
    { numberofcolors: 8, colorquantcycles: 3, linefilter: true },
  ],
  ['evenly spread palette', { colorsampling: 0, numberofcolors: 7 }],
  [
    'a fixed palette over two cycles',
    {
      colorquantcycles: 2,
      pal: [
        { r: 0, g: 0, b: 0, a: 255 },
        { r: 255, g: 255, b: 255, a: 255 },
        { r: 200, g: 40, b: 90, a: 255 },
      ],
    },
  ],
  ['the library blur', { blurradius: 2, numberofcolors: 5 }],
];

describe('traceToSvg', () => {
  it.each(cases)('writes the same SVG as imagetracerjs itself: %s', async (_name, extra) => {
    const image = await picture(173, 121);
    const options = { ...base, ...extra };
    // The library averages into a given palette in place, so each side gets its own copy.
    const copy = (): TracerOptions => ({ ...options, pal: options.pal?.map((c) => ({ ...c })) });
    const own = await traceToSvg({ ...image, data: image.data.slice() }, copy());
    const library = loadTracer().imagedataToSVG({ ...image, data: image.data.slice() }, copy());
    expect(own.length).toBeGreaterThan(1000);
    expect(own).toBe(library);
  });

  it('leaves a given palette as it was', async () => {
    const pal = [
      { r: 10, g: 10, b: 10, a: 255 },
      { r: 240, g: 240, b: 240, a: 255 },
    ];
    await traceToSvg(await picture(64, 48), { ...base, pal, colorquantcycles: 3 });
    expect(pal).toEqual([
      { r: 10, g: 10, b: 10, a: 255 },
      { r: 240, g: 240, b: 240, a: 255 },
    ]);
  });

  it('reports after each colour and stops when told to', async () => {
    const seen: number[] = [];
    await traceToSvg(await picture(64, 48), { ...base, numberofcolors: 4 }, async (done) => {
      seen.push(done);
    });
    expect(seen).toEqual([0.25, 0.5, 0.75, 1]);
    await expect(
      traceToSvg(await picture(64, 48), base, async () => {
        throw new Error('cancelled');
      }),
    ).rejects.toThrow('cancelled');
  });
});
