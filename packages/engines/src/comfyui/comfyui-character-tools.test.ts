import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createComfyUiEngine } from './comfyui-engine';
import { startFakeComfyUi, type FakeComfyUi } from './fake-comfyui-server';
import { createPng } from './fake-png';
import { makeIo, makeTask, nodeOf, nodesOf } from './test-support';

let fake: FakeComfyUi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup() {
  fake = await startFakeComfyUi();
  return { fake, engine: createComfyUiEngine({ baseUrl: fake.baseUrl, pollIntervalMs: 10 }) };
}

/** A character's pictures as the gateway adds them: four references, then the sheet. */
const pictures = ['ref/1.png', 'ref/2.png', 'ref/3.png', 'ref/4.png', 'out/sheet.png'];
const io = () =>
  makeIo(Object.fromEntries(pictures.map((key, i) => [key, createPng(400 + i * 10, 500)])));

describe('comfyui character tools', () => {
  it('draws a character image with PuLID on FLUX from the first reference, prompt worded', async () => {
    const { fake, engine } = await setup();
    const outputs = await engine.run(
      makeTask('character_image', { prompt: 'reading in a café', ratio: '1:1' }, pictures),
      io(),
    );

    expect(fake.uploads.map((u) => u.filename)).toEqual(['lumen-task-character_image-0.png']);
    const prompt = fake.prompts[0]?.prompt;
    expect(nodeOf(prompt, 'LoadImage').image).toBe('lumen-task-character_image-0.png');
    expect(nodeOf(prompt, 'ApplyPulidFlux')).toMatchObject({ weight: 1, image: ['7', 0] });
    expect(nodeOf(prompt, 'KSampler').model).toEqual(['8', 0]);
    expect(nodesOf(prompt, 'CLIPTextEncode')[0]?.text).toBe(
      'The same person as in the reference photos, keeping their face and identity: reading in a café',
    );
    expect(outputs).toHaveLength(1);
    const meta = await sharp(outputs[0]!.bytes).metadata();
    expect(meta.width).toBe(meta.height);
  });

  it('makes a character video with Phantom from the first four references, not the sheet', async () => {
    const { fake, engine } = await setup();
    const [clip] = await engine.run(
      makeTask('character_video', { prompt: '', durationS: 5, ratio: '16:9' }, pictures),
      io(),
    );

    const loaded = nodesOf(fake.prompts[0]?.prompt, 'LoadImage').map((n) => n.image);
    expect(loaded).toHaveLength(4);
    expect(new Set(loaded).size).toBe(4);
    expect(fake.uploads).toHaveLength(4);
    expect(nodesOf(fake.prompts[0]?.prompt, 'CLIPTextEncode')[0]?.text).toMatch(
      /^The same person .*: turning to the camera and smiling/,
    );
    expect(clip).toMatchObject({ kind: 'video', mime: 'video/mp4' });
  });
});
