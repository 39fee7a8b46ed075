import { describe, expect, it } from 'vitest';
import { createEngineSet, enginesWhenConfigured, mergeConnections } from './create-engines';

const hosted = enginesWhenConfigured('hosted', 8);

const openai = {
  baseUrl: 'http://127.0.0.1:9/v1',
  apiKey: 'sk-test',
  imageModel: 'gpt-image-1',
  chatModel: 'gpt-4o-mini',
};

describe('the engines a worker offers', () => {
  it('offers a hosted API once it is configured, without being named', () => {
    const set = createEngineSet('w');
    const before = set.build({ offered: ['local'], whenConfigured: hosted, connections: {} });
    expect(before.engines.map((e) => e.name)).toEqual(['local']);
    const after = set.build({
      offered: ['local'],
      whenConfigured: hosted,
      connections: { openai },
    });
    expect(after.engines.map((e) => e.name)).toEqual(['local', 'openai']);
  });

  it('offers no hosted API unless named when its slots are off', () => {
    const set = createEngineSet('w');
    const built = set.build({
      offered: ['local'],
      whenConfigured: enginesWhenConfigured('hosted', 0),
      connections: { openai },
    });
    expect(built.engines.map((e) => e.name)).toEqual(['local']);
  });

  it('keeps an engine whose connection did not change and replaces one whose did', () => {
    const set = createEngineSet('w');
    const first = set.build({
      offered: ['local'],
      whenConfigured: hosted,
      connections: { openai },
    });
    const same = set.build({ offered: ['local'], whenConfigured: hosted, connections: { openai } });
    expect(same.engines[0]).toBe(first.engines[0]);
    expect(same.engines[1]).toBe(first.engines[1]);
    const moved = set.build({
      offered: ['local'],
      whenConfigured: hosted,
      connections: { openai: { ...openai, apiKey: 'sk-other' } },
    });
    expect(moved.engines[0]).toBe(first.engines[0]);
    expect(moved.engines[1]).not.toBe(first.engines[1]);
  });

  it('offers ComfyUI once configured when told to offer all configured engines', () => {
    const set = createEngineSet('w');
    const all = enginesWhenConfigured('all', 8);
    const none = set.build({ offered: ['local'], whenConfigured: all, connections: {} });
    expect(none).toEqual({ engines: [expect.anything()], skipped: [] });
    const built = set.build({
      offered: ['local'],
      whenConfigured: all,
      connections: { comfyui: { url: 'http://127.0.0.1:8188' } },
    });
    expect(built.engines.map((e) => e.name)).toEqual(['local', 'comfyui']);
  });

  it('leaves out a named engine that has no connection, saying why', () => {
    const built = createEngineSet('w').build({
      offered: ['local', 'comfyui'],
      whenConfigured: hosted,
      connections: {},
    });
    expect(built.engines.map((e) => e.name)).toEqual(['local']);
    expect(built.skipped).toEqual([expect.stringContaining('comfyui')]);
  });

  it('lets the worker’s own environment win over the server’s connection', () => {
    const merged = mergeConnections(
      { comfyui: { url: 'http://gpu.local:8188' } },
      { comfyui: { url: 'http://other:8188' }, openai },
    );
    expect(merged).toEqual({ comfyui: { url: 'http://gpu.local:8188' }, openai });
  });
});
