/**
 * One NSFW scoring, and batches of them: milliseconds per picture when the model scores one
 * picture per call and when it scores 2, 4, 8 or 16 in one call, in this thread and on the
 * pool of threads the server uses, alternating so the machine's load falls on both alike.
 *   node --import tsx bench/queue/nsfw.ts [repeats]
 */
import os from 'node:os';
import {
  createNsfwBatchScorer,
  createNsfwScorer,
  createThreadedNsfwScorer,
} from '@lumen/engines/ml/nsfw-scorer';
import sharp from 'sharp';

const REPEATS = Number(process.argv[2] ?? 3);

/** A 512×384 picture of noise: the model does the same work for any content. */
async function picture(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(512 * 384 * 3);
  let x = seed;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = x & 0xff;
  }
  return sharp(raw, { raw: { width: 512, height: 384, channels: 3 } })
    .png()
    .toBuffer();
}

const pictures = await Promise.all(Array.from({ length: 16 }, (_, i) => picture(i + 1)));
const single = createNsfwScorer();
const batch = createNsfwBatchScorer();
const pool = createThreadedNsfwScorer();
await single(pictures[0]!);
await pool.preload();

const results = new Map<string, number[]>();
const record = (name: string, ms: number) => results.set(name, [...(results.get(name) ?? []), ms]);

for (let r = 0; r < REPEATS; r++) {
  for (const size of [1, 2, 4, 8, 16]) {
    const some = pictures.slice(0, size);
    let t0 = performance.now();
    for (const p of some) await single(p);
    record(`here, one per call, ${size}`, (performance.now() - t0) / size);
    t0 = performance.now();
    await batch(some);
    record(`here, ${size} in one call`, (performance.now() - t0) / size);
    t0 = performance.now();
    await Promise.all(some.map((p) => pool(p)));
    record(`thread pool, ${size} at once`, (performance.now() - t0) / size);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
console.log(`machine ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`);
console.log('| scoring | ms per picture (median of repeats) | pictures/s |');
console.log('|---|---|---|');
for (const [name, xs] of results) {
  const ms = median(xs);
  console.log(`| ${name} | ${ms.toFixed(1)} | ${(1000 / ms).toFixed(1)} |`);
}
process.exit(0);
