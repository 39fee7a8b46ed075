import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineCancelledError } from '../local/cancellation';
import { createPng } from '../comfyui/fake-png';
import { makeIo, makeTask } from '../comfyui/test-support';
import { startFakeOpenAi, type FakeOpenAi, type FakeOpenAiOptions } from './fake-openai-server';
import { pickImageSize, sizesForModel } from './image-sizes';
import { createOpenAiEngine, type OpenAiEngineOptions } from './openai-engine';

const apiKey = 'sk-test-0123456789';
let fake: FakeOpenAi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(
  fakeOptions: Partial<FakeOpenAiOptions> = {},
  engineOptions: Partial<OpenAiEngineOptions> = {},
) {
  fake = await startFakeOpenAi({ apiKey, ...fakeOptions });
  const engine = createOpenAiEngine({ baseUrl: fake.baseUrl, apiKey, ...engineOptions });
  return { fake, engine };
}

describe('openai engine: images', () => {
  it('generates txt2img with gpt-image-1 and decodes the base64 images', async () => {
    const { fake, engine } = await setup();
    const io = makeIo();

    const outputs = await engine.run(makeTask('txt2img', { ratio: '16:9', count: 2 }), io);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.path).toBe('/images/generations');
    expect(request?.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(request?.json).toEqual({
      model: 'gpt-image-1',
      prompt: 'a red fox in fresh snow',
      n: 2,
      size: '1536x1024',
    });
    expect(outputs).toHaveLength(2);
    for (const output of outputs) {
      expect(output).toMatchObject({ kind: 'image', mime: 'image/png', width: 1536, height: 1024 });
      expect(output.seed).toBeUndefined();
    }
    expect(outputs[0]?.bytes.equals(outputs[1]?.bytes ?? Buffer.alloc(0))).toBe(false);
    expect(io.reported).toEqual([5, 95]);
  });

  it('asks for the model and extra fields an admin routed the task type to', async () => {
    const { fake, engine } = await setup();
    const task = {
      ...makeTask('txt2img', { ratio: '1:1' }),
      route: { model: 'gpt-image-1-mini', input: { quality: 'low' } },
    };
    await engine.run(task, makeIo());
    expect(fake.requests[0]?.json).toMatchObject({ model: 'gpt-image-1-mini', quality: 'low' });
  });

  it('says the negative prompt in words, since the API has no parameter for it', async () => {
    const { fake, engine } = await setup();
    await engine.run(
      makeTask('txt2img', { ratio: '2:3', negativePrompt: 'text, watermark' }),
      makeIo(),
    );
    expect(fake.requests[0]?.json).toMatchObject({
      prompt: 'a red fox in fresh snow\nAvoid: text, watermark',
      size: '1024x1536',
    });
  });

  it('asks DALL·E 3 for one image per request, in base64', async () => {
    const { fake, engine } = await setup({}, { imageModel: 'dall-e-3' });
    const outputs = await engine.run(makeTask('txt2img', { ratio: '21:9', count: 2 }), makeIo());
    expect(fake.requests.map((r) => r.json)).toEqual([
      {
        model: 'dall-e-3',
        prompt: 'a red fox in fresh snow',
        n: 1,
        size: '1792x1024',
        response_format: 'b64_json',
      },
      {
        model: 'dall-e-3',
        prompt: 'a red fox in fresh snow',
        n: 1,
        size: '1792x1024',
        response_format: 'b64_json',
      },
    ]);
    expect(outputs.map((o) => [o.width, o.height])).toEqual([
      [1792, 1024],
      [1792, 1024],
    ]);
  });

  it('downloads images a compatible server answers by URL, without sending the key there', async () => {
    const { fake, engine } = await setup({ answerWithUrls: true }, { imageModel: 'dall-e-2' });
    const [image] = await engine.run(makeTask('txt2img', { size: 512 }), makeIo());
    expect(fake.requests[0]?.json).toMatchObject({ size: '512x512', response_format: 'b64_json' });
    expect(image).toMatchObject({ mime: 'image/png', width: 512, height: 512 });
    expect(fake.downloads).toEqual([undefined]);
  });

  it('sends img2img to /images/edits as multipart with the input image', async () => {
    const { fake, engine } = await setup();
    const photo = createPng(300, 400);
    const io = makeIo({ 'in/photo.png': photo });

    const [image] = await engine.run(makeTask('img2img', { ratio: '3:4' }, ['in/photo.png']), io);

    const [request] = fake.requests;
    expect(request?.path).toBe('/images/edits');
    expect(request?.fields).toEqual({
      model: 'gpt-image-1',
      prompt: 'a red fox in fresh snow',
      n: '1',
      size: '1024x1536',
    });
    expect(request?.files).toEqual([
      { field: 'image', filename: 'input-0.png', type: 'image/png', bytes: photo },
    ]);
    expect(image).toMatchObject({ width: 1024, height: 1536 });
  });

  it('does nothing for a task cancelled at its first progress report', async () => {
    const { fake, engine } = await setup();
    await expect(
      engine.run(
        makeTask('txt2img'),
        makeIo({}, () => false),
      ),
    ).rejects.toBeInstanceOf(EngineCancelledError);
    expect(fake.requests).toEqual([]);
    expect(engine.supports('video_diffusion')).toBe(false);
  });
});

describe('openai engine: errors', () => {
  it('carries the API’s own message for a wrong key', async () => {
    const { engine } = await setup({}, { apiKey: 'sk-wrong' });
    await expect(engine.run(makeTask('txt2img'), makeIo())).rejects.toMatchObject({
      reason: 'rejected',
      details: { status: 401, code: 'invalid_api_key' },
      message:
        'OpenAI-compatible API refused /images/generations (HTTP 401): Incorrect API key provided: sk-wro***.',
    });
  });

  it('maps a safety refusal (4xx) and a server error (5xx)', async () => {
    const { fake, engine } = await setup();
    fake.failNext(400, 'Your request was rejected by the safety system.', 'moderation_blocked');
    await expect(engine.run(makeTask('txt2img'), makeIo())).rejects.toMatchObject({
      reason: 'rejected',
      details: { status: 400, code: 'moderation_blocked' },
      message: expect.stringContaining('rejected by the safety system'),
    });
    fake.failNext(503, 'The engine is currently overloaded.');
    await expect(engine.run(makeTask('txt2img'), makeIo())).rejects.toMatchObject({
      reason: 'failed',
      message: expect.stringContaining('(HTTP 503): The engine is currently overloaded.'),
    });
  });

  it('says "unreachable" on a timeout and on a closed port', async () => {
    const { engine } = await setup({ delayMs: 400 }, { timeoutMs: 100 });
    await expect(engine.run(makeTask('txt2img'), makeIo())).rejects.toMatchObject({
      reason: 'unreachable',
      message: expect.stringContaining('is unreachable: no answer within 100 ms'),
    });

    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const closed = createOpenAiEngine({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey });
    await expect(closed.enhancePrompt('a fox', 'en')).rejects.toMatchObject({
      reason: 'unreachable',
      message: expect.stringContaining('ECONNREFUSED'),
    });
  });
});

describe('openai engine: magic prompt', () => {
  it('rewrites the idea with the chat model and keeps the language', async () => {
    const { fake, engine } = await setup({}, { chatModel: 'gpt-4.1-mini' });
    fake.replyToChat(
      (messages) => `  "${messages[1]?.content}, al atardecer, luz dorada, gran detalle"  `,
    );

    const text = await engine.enhancePrompt('  un zorro rojo en la nieve ', 'es');

    expect(text).toBe('un zorro rojo en la nieve, al atardecer, luz dorada, gran detalle');
    const body = fake.requests[0]?.json as {
      model: string;
      messages: Array<{ role: string; content: string }>;
    };
    expect(fake.requests[0]?.path).toBe('/chat/completions');
    expect(body.model).toBe('gpt-4.1-mini');
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[0]?.content).toMatch(/same language as the idea.*Spanish/);
    expect(body.messages[1]?.content).toBe('un zorro rojo en la nieve');
  });

  it('refuses an empty idea without calling the API', async () => {
    const { fake, engine } = await setup();
    await expect(engine.enhancePrompt('   ', 'en')).rejects.toMatchObject({ reason: 'bad_input' });
    expect(fake.requests).toEqual([]);
  });
});

describe('pickImageSize', () => {
  it.each([
    ['1:1', 1024, 'gpt-image-1', '1024x1024'],
    ['4:3', 1024, 'gpt-image-1', '1536x1024'],
    ['9:16', 1024, 'gpt-image-1', '1024x1536'],
    ['16:9', 1024, 'dall-e-3', '1792x1024'],
    ['1:1', 300, 'dall-e-2', '256x256'],
    ['3:4', 512, 'dall-e-2', '512x512'],
  ])('%s at %i px for %s is %s', (ratio, size, model, expected) => {
    expect(pickImageSize(ratio, size, sizesForModel(model))).toBe(expected);
  });
});
