import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from './config';

describe('loadWorkerConfig', () => {
  it('parses engines and task types', () => {
    const config = loadWorkerConfig({
      WORKER_SERVER_URL: 'https://api.example.com',
      WORKER_TOKEN: 'a-long-enough-token',
      WORKER_ENGINES: 'local, comfyui',
      WORKER_TASK_TYPES: 'txt2img,video_diffusion',
    });
    expect(config.WORKER_ENGINES).toEqual(['local', 'comfyui']);
    expect(config.WORKER_TASK_TYPES).toEqual(['txt2img', 'video_diffusion']);
    expect(config.WORKER_CONCURRENCY).toBe(1);
  });

  it('lists every problem', () => {
    expect(() =>
      loadWorkerConfig({ WORKER_SERVER_URL: 'nope', WORKER_TOKEN: 'short', WORKER_ENGINES: 'gpu' }),
    ).toThrow(/WORKER_SERVER_URL[\s\S]*WORKER_TOKEN[\s\S]*WORKER_ENGINES/);
  });
});
