import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderTattoos, tattooFromPicture } from './tattoo';

const quiet = async () => {};

/** A dark ring on white: its edges and its dark mass are what a stencil must find. */
function ring(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <rect width="100%" height="100%" fill="#fff"/>
    <circle cx="300" cy="300" r="200" fill="none" stroke="#111" stroke-width="60"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function grey(png: Buffer) {
  return sharp(png)
    .flatten({ background: '#fff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
}

describe('tattoos on the CPU', () => {
  it('makes a real design and stencil from a reference picture: lines where its edges are', async () => {
    const outputs = await renderTattoos(
      { style: 'fine_line', prompt: '', seed: 1, count: 1, reference: await ring() },
      quiet,
    );
    expect(outputs.map((o) => o.mime)).toEqual(['image/png', 'image/png', 'image/svg+xml']);
    expect(outputs[0]!.description).toBe('fine line tattoo design from the reference picture');
    const stencil = await grey(outputs[1]!.bytes);
    const side = stencil.info.width;
    const at = (x: number, y: number) => stencil.data[y * side + x] ?? 255;
    // Scaled from 600 to 1024, the ring's band runs from y ≈ 120 (outer edge) to y ≈ 222
    // (inner edge) above the centre: a line at each edge, none inside the band or the ring.
    const near = (y: number) =>
      Math.min(...Array.from({ length: 16 }, (_, i) => at(512, y - 8 + i)));
    expect(near(120)).toBe(0);
    expect(near(222)).toBe(0);
    expect(near(171)).toBe(255);
    expect(at(512, 512)).toBe(255);
    expect(at(5, 5)).toBe(255);
    expect(outputs[2]!.bytes.toString('utf8')).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });

  it('fills dark masses solid in blackwork', async () => {
    const [design] = await renderTattoos(
      { style: 'blackwork', prompt: '', seed: 1, count: 1, reference: await ring() },
      quiet,
    );
    const { data, info } = await sharp(design!.bytes).raw().toBuffer({ resolveWithObject: true });
    // In the middle of the ring's band (y ≈ 120 to 222 above the centre), solid ink.
    const at = (171 * info.width + 512) * 4;
    expect(data[at + 3]).toBe(255);
    expect(data[at]).toBeLessThan(40);
  });

  it('draws the prompt’s subjects for a text-only design and says it is a preview', async () => {
    const outputs = await renderTattoos(
      { style: 'traditional', prompt: 'a rose', seed: 2, count: 2 },
      quiet,
    );
    expect(outputs).toHaveLength(6);
    expect(outputs[0]!.description).toMatch(/^Preview: traditional tattoo design of rose/);
    // Traditional colours the rose from the flash palette: some of its red is there.
    const { data } = await sharp(outputs[0]!.bytes).raw().toBuffer({ resolveWithObject: true });
    let red = 0;
    for (let p = 0; p < data.length; p += 4) {
      if (data[p] === 192 && data[p + 1] === 41 && data[p + 2] === 43) red++;
    }
    expect(red).toBeGreaterThan(5000);
  });

  it('multiplies the design into the body photo, leaving the skin round it untouched', async () => {
    const skin = await sharp({
      create: { width: 700, height: 500, channels: 3, background: '#c68e6e' },
    })
      .png()
      .toBuffer();
    const outputs = await tattooFromPicture(await ring(), 'blackwork', 5, skin);
    expect(outputs).toHaveLength(4);
    expect(outputs[0]!.description).toBe('blackwork tattoo design drawn by the model');
    const mockup = outputs[3]!;
    expect([mockup.width, mockup.height]).toEqual([700, 500]);
    const { data, info } = await sharp(mockup.bytes).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(px(10, 10)[0]).toBeGreaterThan(0xc6 - 4);
    // The ring's top runs through (350, ~175): ink there, darker than skin but not pure black.
    const band = Array.from({ length: 30 }, (_, i) => px(350, 160 + i)[0] ?? 255);
    expect(Math.min(...band)).toBeLessThan(90);
  });
});
