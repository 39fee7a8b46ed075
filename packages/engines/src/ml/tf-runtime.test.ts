import { describe, expect, it } from 'vitest';
import { loadTf } from './tf-runtime';

describe('tf runtime', () => {
  it('starts the wasm backend once and leaves the process crash handlers alone', async () => {
    const before = [
      process.listeners('uncaughtException').length,
      process.listeners('unhandledRejection').length,
    ];
    const [a, b] = await Promise.all([loadTf(), loadTf()]);
    expect(a).toBe(b);
    expect(a.getBackend()).toBe('wasm');
    expect(await loadTf()).toBe(a);
    expect([
      process.listeners('uncaughtException').length,
      process.listeners('unhandledRejection').length,
    ]).toEqual(before);
  }, 30_000);
});
