import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeTestPhoto } from './local-test-support';
import { unrecognisedLabelSvg } from './mesh-label';
import { renderImageTo3d, renderTextTo3d, thumbnailSize } from './preview-3d';

type Gltf = {
  asset: { version: string };
  accessors: Array<{
    bufferView: number;
    componentType: number;
    count: number;
    type: string;
    min?: number[];
    max?: number[];
  }>;
  bufferViews: Array<{ byteOffset: number; byteLength: number }>;
  buffers: Array<{ byteLength: number }>;
  meshes: Array<{ primitives: Array<{ attributes: Record<string, number>; indices: number }> }>;
};

const componentBytes: Record<number, number> = { 5121: 1, 5123: 2, 5125: 4, 5126: 4 };
const typeSize: Record<string, number> = { SCALAR: 1, VEC3: 3, VEC4: 4 };

/** Parses a GLB the way a viewer would, checking the container as it goes. */
function parseGlb(glb: Buffer) {
  expect(glb.toString('latin1', 0, 4)).toBe('glTF');
  expect(glb.readUInt32LE(4)).toBe(2);
  expect(glb.readUInt32LE(8)).toBe(glb.length);
  const jsonLength = glb.readUInt32LE(12);
  expect(glb.toString('latin1', 16, 20)).toBe('JSON');
  expect(jsonLength % 4).toBe(0);
  const json = JSON.parse(glb.toString('utf8', 20, 20 + jsonLength)) as Gltf;
  const binStart = 20 + jsonLength;
  const binLength = glb.readUInt32LE(binStart);
  expect(glb.toString('latin1', binStart + 4, binStart + 8)).toBe('BIN\0');
  expect(binLength % 4).toBe(0);
  const bin = glb.subarray(binStart + 8, binStart + 8 + binLength);
  return { json, bin };
}

describe('3D preview', () => {
  it('writes a valid GLB whose accessors match the binary chunk', async () => {
    const model = await renderTextTo3d(
      { prompt: 'a glowing crystal', style: 'original', model: 'standard' },
      3,
    );
    const { json, bin } = parseGlb(model.glb);
    expect(json.asset.version).toBe('2.0');
    expect(json.buffers[0]?.byteLength).toBe(bin.length);
    for (const accessor of json.accessors) {
      const view = json.bufferViews[accessor.bufferView];
      expect((view?.byteOffset ?? 1) % 4).toBe(0);
      const bytes =
        accessor.count *
        (componentBytes[accessor.componentType] ?? 0) *
        (typeSize[accessor.type] ?? 0);
      expect(view?.byteLength).toBe(bytes);
      expect((view?.byteOffset ?? 0) + bytes).toBeLessThanOrEqual(bin.length);
    }
    const primitive = json.meshes[0]?.primitives[0];
    expect(Object.keys(primitive?.attributes ?? {}).sort()).toEqual([
      'COLOR_0',
      'NORMAL',
      'POSITION',
    ]);
    const position = json.accessors[primitive?.attributes.POSITION ?? -1];
    const positions = new Float32Array(
      bin.buffer.slice(
        bin.byteOffset,
        bin.byteOffset + (json.bufferViews[position?.bufferView ?? 0]?.byteLength ?? 0),
      ),
    );
    const xs = positions.filter((_, i) => i % 3 === 0);
    expect(position?.min?.[0]).toBe(Math.min(...xs));
    expect(position?.max?.[0]).toBe(Math.max(...xs));
    const indexAccessor = json.accessors[primitive?.indices ?? -1];
    const indexView = json.bufferViews[indexAccessor?.bufferView ?? -1];
    const start = bin.byteOffset + (indexView?.byteOffset ?? 0);
    const indices =
      indexAccessor?.componentType === 5123
        ? new Uint16Array(bin.buffer.slice(start, start + (indexView?.byteLength ?? 0)))
        : new Uint32Array(bin.buffer.slice(start, start + (indexView?.byteLength ?? 0)));
    expect(Math.max(...indices)).toBeLessThan(position?.count ?? 0);
    expect(indices.length % 3).toBe(0);
  });

  it('is deterministic and ships a square PNG thumbnail', async () => {
    const settings = { prompt: 'stone golem', style: 'realistic', model: 'polyart' };
    const [a, b] = await Promise.all([renderTextTo3d(settings, 8), renderTextTo3d(settings, 8)]);
    expect(a.glb.equals(b.glb)).toBe(true);
    expect(a.thumbnail.equals(b.thumbnail)).toBe(true);
    const meta = await sharp(a.thumbnail).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', thumbnailSize, thumbnailSize]);
  });

  it('models the shape the prompt names and says so', async () => {
    const settings = { prompt: 'a ceramic teapot', style: 'original', model: 'standard' };
    const [teapot, blob] = await Promise.all([
      renderTextTo3d(settings, 5),
      renderTextTo3d({ ...settings, prompt: 'a ceramic spirit' }, 5),
    ]);
    expect(teapot.description).toBe('a teapot');
    expect(blob.description).toBeUndefined();
    // 32 tessellated patches against the blob's icosphere.
    expect(teapot.triangleCount).toBeGreaterThan(6000);
    expect(teapot.triangleCount).not.toBe(blob.triangleCount);
    const { json } = parseGlb(teapot.glb);
    const position = json.accessors[json.meshes[0]?.primitives[0]?.attributes.POSITION ?? -1];
    // The teapot is wider (spout to handle) than it is tall; the blob is roughly round.
    const [w = 0, h = 0] = [0, 1].map((k) => (position?.max?.[k] ?? 0) - (position?.min?.[k] ?? 0));
    expect(w / h).toBeGreaterThan(1.4);
  });

  it('paints a named shape in the colour the prompt asks for', async () => {
    const settings = { prompt: 'a red car', style: 'original', model: 'standard' };
    const [red, blue] = await Promise.all([
      renderTextTo3d(settings, 3),
      renderTextTo3d({ ...settings, prompt: 'un coche azul' }, 3),
    ]);
    const colourCount = (glb: Buffer, test: (r: number, g: number, b: number) => boolean) => {
      const { json, bin } = parseGlb(glb);
      const accessor = json.accessors[json.meshes[0]?.primitives[0]?.attributes.COLOR_0 ?? -1];
      const view = json.bufferViews[accessor?.bufferView ?? -1];
      const bytes = bin.subarray(
        view?.byteOffset ?? 0,
        (view?.byteOffset ?? 0) + (view?.byteLength ?? 0),
      );
      let n = 0;
      for (let i = 0; i < bytes.length; i += 4)
        if (test(bytes[i] ?? 0, bytes[i + 1] ?? 0, bytes[i + 2] ?? 0)) n++;
      return n / (bytes.length / 4);
    };
    const isRed = (r: number, g: number, b: number) => r > g + 80 && r > b + 80;
    const isBlue = (r: number, g: number, b: number) => b > r + 80 && b > g + 60;
    // The body turns red or blue; the wheels (most of the vertices), glass and lights keep
    // their own colours, the tail lights red in both.
    expect(colourCount(red.glb, isRed) - colourCount(blue.glb, isRed)).toBeGreaterThan(0.02);
    expect(colourCount(blue.glb, isBlue)).toBeGreaterThan(0.02);
    expect(colourCount(red.glb, isBlue)).toBe(0);
  });

  it('labels the poster of a shape it did not recognise, and only that one', async () => {
    const settings = { prompt: 'a quiet ghost', style: 'original', model: 'standard' };
    const label = unrecognisedLabelSvg(thumbnailSize);
    const meta = await sharp(Buffer.from(label.svg)).metadata();
    // The label's white strokes on its dark pill make a wide spread of brightness there;
    // a bare studio backdrop in the same corner is an even gradient.
    const spread = async (png: Buffer) => {
      const { data } = await sharp(png)
        .extract({
          left: label.left,
          top: label.top,
          width: meta.width ?? 1,
          height: meta.height ?? 1,
        })
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return Math.max(...data) - Math.min(...data);
    };
    const [blob, cup] = await Promise.all([
      renderTextTo3d(settings, 2),
      renderTextTo3d({ ...settings, prompt: 'a quiet cup' }, 2),
    ]);
    expect(await spread(blob.thumbnail)).toBeGreaterThan(90);
    expect(await spread(cup.thumbnail)).toBeLessThan(40);
  });

  it('colours an image-to-3D model from the input picture', async () => {
    const settings = { prompt: '', style: 'realistic', model: 'standard' };
    const meanColour = (glb: Buffer) => {
      const { json, bin } = parseGlb(glb);
      const colour = json.accessors[json.meshes[0]?.primitives[0]?.attributes.COLOR_0 ?? -1];
      const view = json.bufferViews[colour?.bufferView ?? -1];
      const bytes = bin.subarray(
        view?.byteOffset ?? 0,
        (view?.byteOffset ?? 0) + (view?.byteLength ?? 0),
      );
      const sums = [0, 0, 0];
      for (let i = 0; i < bytes.length; i += 4)
        for (let c = 0; c < 3; c++) sums[c] = (sums[c] ?? 0) + (bytes[i + c] ?? 0);
      return sums.map((s) => s / (bytes.length / 4));
    };
    const solid = (background: string) =>
      sharp({ create: { width: 320, height: 320, channels: 3, background } })
        .png()
        .toBuffer();
    const [red, blue] = await Promise.all([solid('#d02020'), solid('#2040d0')]);
    const [r, b] = await Promise.all([
      renderImageTo3d(red, settings, 1),
      renderImageTo3d(blue, settings, 1),
    ]);
    const [rr = 0, rg = 0, rb = 0] = meanColour(r.glb);
    expect(rr).toBeGreaterThan(rg + 60);
    expect(rr).toBeGreaterThan(rb + 60);
    const [br = 0, , bb = 0] = meanColour(b.glb);
    expect(bb).toBeGreaterThan(br + 60);
  });

  it('turns a photo into a model with a thumbnail', async () => {
    const photo = await makeTestPhoto(400, 300);
    const model = await renderImageTo3d(
      photo,
      { prompt: 'my garden', style: 'realistic', model: 'standard' },
      2,
    );
    expect(parseGlb(model.glb).json.asset.version).toBe('2.0');
    expect(model.triangleCount).toBeGreaterThan(1000);
  });
});
