import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createPng } from '../comfyui/fake-png';
import { makeIo, makeTask } from '../comfyui/test-support';
import { createFalEngine } from '../fal/fal-engine';
import { startFakeFal, type FakeFal } from '../fal/fake-fal-server';

const key = 'fal-id:fal-secret';
let fake: FakeFal | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** What a logo model draws: a dark brown disc on white. */
async function drawnLogo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <rect width="100%" height="100%" fill="#fff"/><circle cx="256" cy="256" r="150" fill="#6f4e37"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function setup(picture: Buffer) {
  fake = await startFakeFal({
    key,
    produce: (_app, _input, publish) => ({
      images: [{ url: publish({ bytes: picture, name: 'out.png' }), content_type: 'image/png' }],
      seed: 1,
      has_nsfw_concepts: [false],
    }),
  });
  return { fake, engine: createFalEngine({ queueUrl: fake.baseUrl, key, pollMs: 10 }) };
}

const submitted = (f: FakeFal) => f.requests.filter((r) => r.method === 'POST');

const logo = {
  brand: 'Lumen',
  slogan: '',
  industry: 'coffee',
  style: 'minimal' as const,
  colors: ['#6f4e37'],
};

describe('the studios on a hosted API (fal)', () => {
  it('asks FLUX for the brand’s logo and traces it into an SVG with a transparent ground, a PNG and a mockup', async () => {
    const { fake, engine } = await setup(await drawnLogo());
    const outputs = await engine.run(makeTask('logo', { prompt: '', logo }), makeIo());

    const [submit] = submitted(fake);
    expect(submit?.path).toBe('/fal-ai/flux/dev');
    const prompt = String((submit?.json as { prompt?: string }).prompt);
    expect(prompt).toContain('"Lumen"');
    expect(prompt).toContain('coffee');
    expect(prompt).toContain('#6f4e37');
    expect(prompt).toContain('plain white background');

    expect(outputs.map((o) => o.mime)).toEqual(['image/svg+xml', 'image/png', 'image/png']);
    const svg = outputs[0]!.bytes.toString('utf8');
    expect(svg).toContain('<title>Lumen</title>');
    expect(svg).toContain('aria-label="Lumen"');
    expect(svg).not.toMatch(/fill="rgb\(255,255,255\)"/);
    const { data, info } = await sharp(outputs[1]!.bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(0);
    const middle = ((info.height / 2) * info.width + info.width / 2) * 4;
    expect(data[middle + 3]).toBe(255);
  });

  it('sends a tattoo’s reference picture to the image-to-image model, never the body photo', async () => {
    const skin = createPng(300, 200, [200, 150, 120]);
    const reference = createPng(320, 320, [20, 20, 20]);
    const { fake, engine } = await setup(await drawnLogo());
    const task = makeTask(
      'tattoo',
      { prompt: 'a swallow', tattoo: { style: 'traditional', reference: true, body: true } },
      ['ref', 'skin'],
    );
    const outputs = await engine.run(task, makeIo({ ref: reference, skin }));

    const [submit] = submitted(fake);
    expect(submit?.path).toBe('/fal-ai/flux/dev/image-to-image');
    const body = submit?.json as { prompt: string; image_url: string };
    expect(body.prompt).toMatch(/^American traditional tattoo flash.* of a swallow/);
    const sent = Buffer.from(body.image_url.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(sent.equals(reference)).toBe(true);
    // Design, stencil (PNG and SVG), and the design on the body photo at the photo's size.
    expect(outputs.map((o) => o.mime)).toEqual([
      'image/png',
      'image/png',
      'image/svg+xml',
      'image/png',
    ]);
    expect([outputs[3]!.width, outputs[3]!.height]).toEqual([300, 200]);
  });

  it('draws a tattoo from words alone with the text model, even with a body photo along', async () => {
    const { fake, engine } = await setup(await drawnLogo());
    const task = makeTask(
      'tattoo',
      { prompt: 'a koi', tattoo: { style: 'watercolor', reference: false, body: true } },
      ['skin'],
    );
    await engine.run(task, makeIo({ skin: createPng(300, 200, [200, 150, 120]) }));
    const [submit] = submitted(fake);
    expect(submit?.path).toBe('/fal-ai/flux/dev');
    expect(submit?.json).not.toHaveProperty('image_url');
  });
});
