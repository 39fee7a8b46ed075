import { afterEach, describe, expect, it } from 'vitest';
import { createComfyUiEngine } from './comfyui-engine';
import { startFakeComfyUi, type FakeComfyUi } from './fake-comfyui-server';
import { createPng } from './fake-png';
import { makeIo, makeTask, nodeOf } from './test-support';

let fake: FakeComfyUi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup() {
  fake = await startFakeComfyUi();
  const engine = createComfyUiEngine({ baseUrl: fake.baseUrl, pollIntervalMs: 10 });
  return { fake, engine };
}

const textOf = (graph: Parameters<typeof nodeOf>[0]) =>
  Object.values(graph ?? {})
    .filter((n) => n.class_type === 'CLIPTextEncode')
    .map((n) => String(n.inputs.text));

describe('comfyui studios', () => {
  it('draws a logo with FLUX from the brand’s words, and traces what it drew into the studio’s results', async () => {
    const { fake, engine } = await setup();
    const logo = {
      brand: 'Lumen',
      slogan: 'Roasted',
      industry: 'coffee',
      style: 'emblem' as const,
      colors: [],
    };
    const outputs = await engine.run(makeTask('logo', { prompt: 'a bean', logo }), makeIo());

    expect(fake.uploads).toHaveLength(0);
    const graph = fake.prompts[0]?.prompt;
    expect(nodeOf(graph, 'FluxGuidance').guidance).toBe(4);
    const [positive] = textOf(graph);
    expect(positive).toMatch(/^emblem logo.*"Lumen".*coffee.*"Roasted".*a bean/);
    expect(outputs.map((o) => o.mime)).toEqual(['image/svg+xml', 'image/png', 'image/png']);
    expect(outputs[0]!.bytes.toString('utf8')).toContain('<title>Lumen</title>');
  });

  it('redraws a tattoo reference with the picture graph, uploading the reference and not the body photo', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({
      ref: createPng(400, 400, [30, 30, 30]),
      skin: createPng(300, 200, [200, 150, 120]),
    });
    const task = makeTask(
      'tattoo',
      { prompt: '', tattoo: { style: 'geometric', reference: true, body: true } },
      ['ref', 'skin'],
    );
    const outputs = await engine.run(task, io);

    expect(fake.uploads.map((u) => u.filename)).toEqual(['lumen-task-tattoo-0.png']);
    const graph = fake.prompts[0]?.prompt;
    expect(nodeOf(graph, 'LoadImage').image).toBe('lumen-task-tattoo-0.png');
    expect(nodeOf(graph, 'KSampler').denoise).toBe(0.75);
    expect(textOf(graph)[0]).toMatch(
      /^geometric tattoo design.*the subject of the reference picture/,
    );
    expect(outputs).toHaveLength(4);
    expect([outputs[3]!.width, outputs[3]!.height]).toEqual([300, 200]);
  });

  it('draws a tattoo from words with the text graph when only a body photo comes along', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ skin: createPng(300, 200, [200, 150, 120]) });
    const task = makeTask(
      'tattoo',
      { prompt: 'a dragon', tattoo: { style: 'tribal', reference: false, body: true } },
      ['skin'],
    );
    await engine.run(task, io);
    expect(fake.uploads).toHaveLength(0);
    const graph = fake.prompts[0]?.prompt;
    expect(Object.values(graph ?? {}).some((n) => n.class_type === 'LoadImage')).toBe(false);
    expect(textOf(graph)[0]).toMatch(/^tribal tattoo design.* of a dragon/);
  });
});
