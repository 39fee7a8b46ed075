import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerRunner } from '@lumen/worker/runner';
import { writeGlb } from '@lumen/engines/local/glb';
import { createApiCaller } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createToolRuns } from '../../../test/support/tool-runs';
import { startTestWorker } from '../../../test/support/worker';
import { readGlbFacts } from '../media/glb-facts';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let worker: WorkerRunner;
const runs = createToolRuns(() => ({ t, api }));

beforeAll(async () => {
  t = await createTestApp();
  api = createApiCaller(t);
  worker = startTestWorker(t);
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

describe("what an output's file is, on its result", () => {
  it('a video tells its length, frame rate, sound and size', async () => {
    const { ticket } = await api.signIn('facts-video@example.com');
    const submitted = await api.call('POST', '/api/gw/v3/video/video_diffusion/async', ticket, {
      prompt: 'waves on a beach at sunset',
      params: { duration: 5 },
    });
    expect(submitted.code).toBe(0);
    const done = await runs.waitForFinal(
      ticket,
      '/api/gw/v3/video/video_diffusion/async',
      submitted.result.task_id,
    );
    expect(done.task_status).toBe(1);
    const output = done.sub_task_results[0];
    const bytes = await runs.fetchBytes(output.url);
    expect(output.facts).toMatchObject({
      size_bytes: bytes.length,
      has_audio: expect.any(Boolean),
    });
    expect(output.facts.duration_s).toBeCloseTo(5, 0);
    expect(output.facts.fps).toBeGreaterThan(0);
  }, 300_000);

  it('a 3D model tells its vertices, faces, textures and size', async () => {
    const { ticket } = await api.signIn('facts-model@example.com');
    const submitted = await api.call('POST', '/api/gw/v3/3d/text_to_3d/async', ticket, {
      prompt: 'a small wooden chair',
    });
    expect(submitted.code).toBe(0);
    const done = await runs.waitForFinal(
      ticket,
      '/api/gw/v3/3d/text_to_3d/async',
      submitted.result.task_id,
    );
    expect(done.task_status).toBe(1);
    const output = done.sub_task_results[0];
    const glb = await runs.fetchBytes(output.url);
    const expected = readGlbFacts(glb);
    expect(expected?.vertices).toBeGreaterThan(0);
    expect(output.facts).toEqual({ size_bytes: glb.length, ...expected });
  }, 300_000);
});

describe('reading a GLB', () => {
  it('counts a triangle list, and refuses what is no GLB', () => {
    const glb = writeGlb(
      {
        positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]),
        normals: new Float32Array(12),
        colors: new Uint8Array(16),
        indices: new Uint32Array([0, 1, 2, 1, 3, 2]),
      },
      'quad',
    );
    expect(readGlbFacts(glb)).toMatchObject({ vertices: 4, faces: 2 });
    expect(readGlbFacts(Buffer.from('not a model at all, no'))).toBeUndefined();
    const broken = Buffer.from(glb);
    broken.write('{{{{', 20);
    expect(readGlbFacts(broken)).toBeUndefined();
  });
});
