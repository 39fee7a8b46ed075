import { SaxesParser } from 'saxes';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeRaw, drawPng } from './edit-test-support';
import { vectorizeImage, vectorizePresets } from './vectorize';

type Parsed = {
  root?: { name: string; attributes: Record<string, string> };
  paths: number;
  fills: Set<string>;
};

/** Parses the SVG as XML (throwing on anything malformed) and collects what the tests check. */
function parseSvg(svg: Buffer): Parsed {
  const parser = new SaxesParser();
  const parsed: Parsed = { paths: 0, fills: new Set() };
  parser.on('opentag', (tag) => {
    const attributes = Object.fromEntries(
      Object.entries(tag.attributes).map(([k, v]) => [k, String(v)]),
    );
    if (!parsed.root) parsed.root = { name: tag.name, attributes };
    if (tag.name === 'path') {
      parsed.paths++;
      if (attributes.fill) parsed.fills.add(attributes.fill);
    }
  });
  parser.write(svg.toString('utf8')).close();
  return parsed;
}

const poster = (w: number, h: number) =>
  drawPng(
    w,
    h,
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d4e89"/><stop offset="1" stop-color="#f6b26b"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#s)"/><circle cx="${w * 0.3}" cy="${h * 0.4}" r="${h * 0.18}" fill="#ffe14d"/>` +
      `<path d="M0 ${h * 0.75} L${w * 0.4} ${h * 0.45} L${w * 0.7} ${h * 0.8} L${w} ${h * 0.55} V${h} H0Z" fill="#2d4a22"/>`,
  );

describe('vectorizeImage', () => {
  it.each(vectorizePresets)(
    'traces %s into a well-formed SVG at the input size',
    async (preset) => {
      const out = await vectorizeImage(await poster(480, 320), preset);
      const svg = parseSvg(out.svg);
      expect(svg.root?.name).toBe('svg');
      expect(svg.root?.attributes).toMatchObject({
        width: '480',
        height: '320',
        viewBox: '0 0 480 320',
      });
      expect(svg.paths).toBeGreaterThan(0);
      expect([out.width, out.height]).toEqual([480, 320]);
      const png = await decodeRaw(out.png);
      expect([png.width, png.height]).toEqual([480, 320]);
      expect(out.description).toMatch(/imagetracerjs/);
    },
  );

  it('renders close to the picture in colour, and posterizes to at most 8 colours', async () => {
    const input = await poster(400, 300);
    const detailed = await vectorizeImage(input, 'detailed');
    const posterized = await vectorizeImage(input, 'posterized');
    const original = await decodeRaw(input);
    const diff = async (png: Buffer) => {
      const r = await decodeRaw(png);
      let sum = 0;
      for (let p = 0; p < 400 * 300; p++) {
        for (let c = 0; c < 3; c++)
          sum += Math.abs((r.data[p * r.channels + c] ?? 0) - (original.data[p * 3 + c] ?? 0));
      }
      return sum / (400 * 300 * 3);
    };
    expect(await diff(detailed.png)).toBeLessThan(12);
    expect(await diff(posterized.png)).toBeLessThan(25);
    expect(parseSvg(posterized.svg).fills.size).toBeLessThanOrEqual(8);
    expect(parseSvg(posterized.svg).paths).toBeLessThan(parseSvg(detailed.svg).paths);
  });

  it('turns a drawing into black strokes on white for line art', async () => {
    const drawing = await drawPng(
      300,
      300,
      '<rect width="100%" height="100%" fill="#fdfbf2"/><circle cx="150" cy="150" r="90" fill="none" stroke="#333" stroke-width="6"/><path d="M60 250 L240 60" stroke="#222" stroke-width="5"/>',
    );
    const out = await vectorizeImage(drawing, 'line_art');
    const svg = parseSvg(out.svg);
    expect([...svg.fills].sort()).toEqual(['rgb(0,0,0)', 'rgb(255,255,255)']);
    const png = await decodeRaw(out.png);
    const at = (x: number, y: number) => png.data[(y * 300 + x) * png.channels] ?? 0;
    expect(at(150, 60)).toBeLessThan(80); // on the circle's stroke
    expect(at(150, 150)).toBeGreaterThan(200); // inside it, paper
    expect(at(20, 20)).toBeGreaterThan(200);
    // Lines, not fills: little of the page is ink.
    let ink = 0;
    for (let p = 0; p < 300 * 300; p++) if ((png.data[p * png.channels] ?? 0) < 128) ink++;
    expect(ink / (300 * 300)).toBeLessThan(0.15);
  });

  it('draws a photo as lines rather than dark fills', async () => {
    const photo = await poster(400, 300);
    const png = await decodeRaw((await vectorizeImage(photo, 'line_art')).png);
    let ink = 0;
    for (let p = 0; p < 400 * 300; p++) if ((png.data[p * png.channels] ?? 0) < 128) ink++;
    // The dark hill covers a third of the picture; its outline is a small share of that.
    expect(ink / (400 * 300)).toBeGreaterThan(0.002);
    expect(ink / (400 * 300)).toBeLessThan(0.12);
  });

  it('scales a large picture down to trace it, keeping the SVG at the input size', async () => {
    const big = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: '#3366aa' },
    })
      .png()
      .toBuffer();
    const out = await vectorizeImage(big, 'posterized');
    const svg = parseSvg(out.svg);
    expect(svg.root?.attributes).toMatchObject({
      width: '2000',
      height: '1000',
      viewBox: '0 0 1024 512',
    });
    expect(out.description).toMatch(/traced at 1024×512/);
  });
});
