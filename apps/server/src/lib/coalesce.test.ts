import { describe, expect, it } from 'vitest';
import { createBatchLoader, createCoalescer } from './coalesce';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('createCoalescer', () => {
  it('runs a lone caller at once and groups the callers that wait behind a batch', async () => {
    const batches: number[][] = [];
    const coalescer = createCoalescer<number, number>({
      async run(items) {
        batches.push(items);
        await tick();
        return items.map((n) => ({ ok: true, value: n * 10 }));
      },
    });
    const answers = await Promise.all([1, 2, 3, 4].map((n) => coalescer.run(n)));
    expect(answers).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('refuses one caller alone, and every caller of a batch that fails', async () => {
    let fail = false;
    const coalescer = createCoalescer<number, number>({
      async run(items) {
        await tick();
        if (fail) throw new Error('connection lost');
        return items.map((n) =>
          n % 2 ? { ok: true, value: n } : { ok: false, error: new Error(`even ${n}`) },
        );
      },
    });
    const settled = await Promise.allSettled([1, 2, 3].map((n) => coalescer.run(n)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    fail = true;
    const failed = await Promise.allSettled([5, 7].map((n) => coalescer.run(n)));
    expect(failed.map((s) => s.status)).toEqual(['rejected', 'rejected']);
  });

  it('runs each item of a batch that failed as a whole again on its own, when asked', async () => {
    const sizes: number[] = [];
    const coalescer = createCoalescer<number, number>({
      retryAlone: true,
      async run(items) {
        sizes.push(items.length);
        await tick();
        // One bad item breaks the whole statement; alone, it fails by itself.
        if (items.includes(13)) throw new Error(items.length > 1 ? 'batch broke' : 'thirteen');
        return items.map((value) => ({ ok: true, value }));
      },
    });
    const settled = await Promise.allSettled([1, 2, 13, 4].map((n) => coalescer.run(n)));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : String(s.reason)))).toEqual([
      1,
      2,
      'Error: thirteen',
      4,
    ]);
    expect(sizes).toEqual([1, 3, 1, 1, 1]);
  });

  it('keeps batches under maxBatch and at most `concurrency` running', async () => {
    let running = 0;
    let most = 0;
    const sizes: number[] = [];
    const coalescer = createCoalescer<number, number>({
      maxBatch: 3,
      concurrency: 2,
      async run(items) {
        running++;
        most = Math.max(most, running);
        sizes.push(items.length);
        await tick();
        running--;
        return items.map((value) => ({ ok: true, value }));
      },
    });
    const all = Array.from({ length: 20 }, (_, i) => i);
    expect(await Promise.all(all.map((n) => coalescer.run(n)))).toEqual(all);
    expect(Math.max(...sizes)).toBe(3);
    expect(most).toBe(2);
  });
});

describe('createBatchLoader', () => {
  it('loads distinct keys once per batch and answers undefined for missing ones', async () => {
    const asked: string[][] = [];
    const loader = createBatchLoader(async (keys: string[]) => {
      asked.push(keys);
      await tick();
      return new Map(keys.filter((k) => k !== 'ghost').map((k) => [k, k.toUpperCase()]));
    });
    const answers = await Promise.all(['a', 'b', 'b', 'ghost', 'c'].map((k) => loader.load(k)));
    expect(answers).toEqual(['A', 'B', 'B', undefined, 'C']);
    for (const keys of asked) expect(new Set(keys).size).toBe(keys.length);
    expect(asked.length).toBeLessThan(5);
  });
});
