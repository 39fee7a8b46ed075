import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineCancelledError } from '../local/cancellation';
import { createComfyUiEngine } from './comfyui-engine';
import { startFakeComfyUi, type FakeComfyUi } from './fake-comfyui-server';
import { makeIo, makeTask } from './test-support';

let fake: FakeComfyUi | undefined;
let silent: Server | undefined;
afterEach(async () => {
  await fake?.close();
  silent?.closeAllConnections();
  await new Promise((resolve) => (silent ? silent.close(resolve) : resolve(undefined)));
  fake = undefined;
  silent = undefined;
});

async function setup(options: Parameters<typeof startFakeComfyUi>[0] = {}) {
  fake = await startFakeComfyUi(options);
  const engine = createComfyUiEngine({ baseUrl: fake.baseUrl, pollIntervalMs: 10 });
  return { fake, engine };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 5));
  if (!condition()) throw new Error('condition never became true');
}

describe('comfyui engine failures', () => {
  it('fails clearly when ComfyUI rejects the workflow with node_errors', async () => {
    const { fake, engine } = await setup();
    fake.failNext({ kind: 'node_errors' });

    await expect(engine.run(makeTask('txt2img'), makeIo())).rejects.toMatchObject({
      reason: 'rejected',
      message: expect.stringMatching(
        /rejected the workflow \(Prompt outputs failed validation\): node 1 \(UNETLoader\): Value not in list \(unet_name: flux1-dev/,
      ),
    });
  });

  it.each([
    ['WebSocket', true],
    ['polling', false],
  ])('fails with the node and exception of an execution_error (%s)', async (_, websocket) => {
    const { fake, engine } = await setup({ websocket });
    fake.failNext({ kind: 'execution_error', message: 'Allocation on device' });

    await expect(engine.run(makeTask('txt2img'), makeIo())).rejects.toMatchObject({
      reason: 'failed',
      message: 'ComfyUI failed in node 8 (KSampler): torch.OutOfMemoryError: Allocation on device',
    });
  });

  it('interrupts the running prompt when progress says the task was cancelled', async () => {
    const { fake, engine } = await setup({ steps: 50, stepDelayMs: 10 });
    const io = makeIo({}, (percent) => percent < 10);

    await expect(engine.run(makeTask('txt2img'), io)).rejects.toBeInstanceOf(EngineCancelledError);

    const promptId = fake.prompts[0]?.promptId;
    expect(fake.interrupts).toEqual([{ promptId }]);
    expect(fake.deleted).toEqual([]);
  });

  it('interrupts a prompt that runs past the run time limit', async () => {
    fake = await startFakeComfyUi({ steps: 100, stepDelayMs: 10 });
    const engine = createComfyUiEngine({ baseUrl: fake.baseUrl, runTimeoutMs: 150 });

    await expect(engine.run(makeTask('txt2img'), makeIo())).rejects.toMatchObject({
      reason: 'timeout',
      message: 'ComfyUI did not finish the task within 150 ms',
    });
    expect(fake.interrupts).toEqual([{ promptId: fake.prompts[0]?.promptId }]);
  });

  it('removes a still-queued prompt from the queue when the task is aborted', async () => {
    const { fake, engine } = await setup({ holdQueue: true });
    const io = makeIo();
    const running = engine.run(makeTask('txt2img'), io);
    await until(() => fake.prompts.length === 1);

    io.controller.abort();

    await expect(running).rejects.toBeInstanceOf(EngineCancelledError);
    expect(fake.deleted).toEqual([fake.prompts[0]?.promptId]);
    expect(fake.interrupts).toEqual([]);
  });

  it('does not touch ComfyUI for a task cancelled before it starts', async () => {
    const { fake, engine } = await setup();
    const io = makeIo();
    io.controller.abort();

    await expect(engine.run(makeTask('txt2img'), io)).rejects.toBeInstanceOf(EngineCancelledError);
    expect(fake.prompts).toEqual([]);
  });

  it('fails fast with "unreachable" when nothing listens on the port', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const engine = createComfyUiEngine({ baseUrl: `http://127.0.0.1:${port}` });

    const started = Date.now();
    await expect(engine.run(makeTask('txt2img'), makeIo())).rejects.toMatchObject({
      reason: 'unreachable',
      message: expect.stringMatching(
        /ComfyUI at http:\/\/127\.0\.0\.1:\d+\/ is unreachable: .*ECONNREFUSED/,
      ),
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('says "unreachable" when the server accepts but never answers', async () => {
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent?.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const engine = createComfyUiEngine({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 200 });

    await expect(engine.run(makeTask('txt2img'), makeIo())).rejects.toMatchObject({
      reason: 'unreachable',
      message: expect.stringContaining('is unreachable: no answer within 200 ms'),
    });
  });
});
