import { afterEach, describe, expect, it } from 'vitest';
import { createFalEngine } from '../fal/fal-engine';
import { startFakeFal, type FakeFal } from '../fal/fake-fal-server';
import { createComfyUiEngine } from './comfyui-engine';
import { startFakeComfyUi, type FakeComfyUi } from './fake-comfyui-server';
import { createPng } from './fake-png';
import { makeIo, makeTask, nodeOf } from './test-support';

let comfy: FakeComfyUi | undefined;
let fal: FakeFal | undefined;
afterEach(async () => {
  await comfy?.close();
  await fal?.close();
  comfy = undefined;
  fal = undefined;
});

async function comfyEngine() {
  comfy = await startFakeComfyUi();
  return {
    fake: comfy,
    engine: createComfyUiEngine({ baseUrl: comfy.baseUrl, pollIntervalMs: 10 }),
  };
}

describe('portrait and try-on on ComfyUI', () => {
  it('draws portraits with PuLID on FLUX: the face photo is the identity, the style its words', async () => {
    const { fake, engine } = await comfyEngine();
    const io = makeIo({ face: createPng(512, 640, [200, 170, 150]) });
    const task = makeTask(
      'portrait',
      { prompt: 'navy blazer', style: 'oil_painting', ratio: '3:4', count: 2 },
      ['face'],
    );

    const outputs = await engine.run(task, io);

    expect(fake.uploads.map((u) => u.filename)).toEqual(['lumen-task-portrait-0.png']);
    const graph = fake.prompts[0]?.prompt;
    expect(nodeOf(graph, 'LoadImage').image).toBe('lumen-task-portrait-0.png');
    expect(nodeOf(graph, 'ApplyPulidFlux')).toMatchObject({ weight: 1 });
    const text = nodesText(graph);
    expect(text).toContain('oil painting portrait of the person');
    expect(text).toContain('navy blazer');
    expect(nodeOf(graph, 'EmptySD3LatentImage')).toMatchObject({
      width: 768,
      height: 1024,
      batch_size: 2,
    });
    expect(outputs.filter((o) => o.kind === 'image')).toHaveLength(2);
  });

  it('dresses the person with CatVTON: person and garment uploaded in order, the kind of cloth masked', async () => {
    const { fake, engine } = await comfyEngine();
    const io = makeIo({
      person: createPng(600, 800, [90, 90, 90]),
      garment: createPng(500, 500, [20, 140, 130]),
    });
    const task = makeTask('try_on', { prompt: '', tryOn: { category: 'bottom' } }, [
      'person',
      'garment',
    ]);

    const [output] = await engine.run(task, io);

    expect(fake.uploads.map((u) => u.filename)).toEqual([
      'lumen-task-try_on-0.png',
      'lumen-task-try_on-1.png',
    ]);
    const graph = fake.prompts[0]?.prompt;
    expect(nodeOf(graph, 'AutoMasker').cloth_type).toBe('lower');
    // The masker answers the mask first and the masked person second: the try-on takes the mask.
    const masker = Object.entries(graph ?? {}).find(([, n]) => n.class_type === 'AutoMasker');
    expect(nodeOf(graph, 'CatVTON')).toMatchObject({
      mask_image: [masker?.[0], 0],
      seed: 1234,
      steps: 50,
      cfg: 2.5,
    });
    expect(output).toMatchObject({ kind: 'image' });
  });

  it('refuses a try-on with only the person photo before uploading anything', async () => {
    const { fake, engine } = await comfyEngine();
    const io = makeIo({ person: createPng(600, 800) });
    await expect(engine.run(makeTask('try_on', {}, ['person']), io)).rejects.toThrow(
      /needs 2 input image/,
    );
    expect(fake.uploads).toEqual([]);
  });
});

describe('try-on on a hosted API (fal)', () => {
  it('sends CatVTON the person, the garment and the cloth type it names a coat by', async () => {
    const key = 'fal-id:fal-secret';
    fal = await startFakeFal({ key });
    const engine = createFalEngine({ queueUrl: fal.baseUrl, key, pollMs: 10 });
    const io = makeIo({
      person: createPng(600, 800, [90, 90, 90]),
      garment: createPng(500, 500, [20, 140, 130]),
    });

    const [output] = await engine.run(
      makeTask('try_on', { prompt: '', tryOn: { category: 'outerwear' } }, ['person', 'garment']),
      io,
    );

    const submit = fal.requests.find((r) => r.method === 'POST');
    expect(submit?.path).toBe('/fal-ai/cat-vton');
    const body = submit?.json as Record<string, unknown>;
    expect(body.cloth_type).toBe('outer');
    expect(String(body.human_image_url)).toMatch(/^(data:image\/png;base64,|https?:)/);
    expect(body.human_image_url).not.toBe(body.garment_image_url);
    expect(output).toMatchObject({ kind: 'image' });
  });
});

function nodesText(graph: Record<string, { inputs?: Record<string, unknown> }> | undefined) {
  return Object.values(graph ?? {})
    .map((node) => JSON.stringify(node.inputs ?? {}))
    .join(' ');
}
