/**
 * NSFW scoring, the old runtime against the new: nsfwjs's MobileNetV2 on TensorFlow.js's wasm
 * backend, and the same network converted to ONNX on onnxruntime-node, with the same input
 * preparation and score. Milliseconds per picture when the model scores one picture per call
 * and 2, 4, 8 or 16 in one call, in this thread (onnxruntime with 1 and with 2 threads per
 * call) and on the pool of scoring threads the server uses; every variant runs in every round,
 * one after another, so the machine's load falls on all alike, and the ratio old ÷ new is taken
 * within each round. Also the longest event-loop stall while 16 pictures are scored here and on
 * the pool.
 *   node --import tsx bench/queue/nsfw.ts [rounds]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import os from 'node:os';
import { createOnnxNsfwProbabilities } from '@lumen/engines/ml/nsfw-onnx';
import {
  createNsfwBatchScorer,
  createThreadedNsfwScorer,
  type NsfwBatchScorer,
} from '@lumen/engines/ml/nsfw-scorer';
import { createTfjsNsfwProbabilities } from '@lumen/engines/ml/nsfw-tfjs';
import sharp from 'sharp';

const ROUNDS = Number(process.argv[2] ?? 3);
const SIZES = [1, 2, 4, 8, 16];

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

const load = () => os.loadavg()[0]!.toFixed(1);
const loadAtStart = load();
const pictures = await Promise.all(Array.from({ length: 16 }, (_, i) => picture(i + 1)));

const runtimes: Record<string, NsfwBatchScorer> = {
  'tfjs-wasm': createNsfwBatchScorer({ probabilities: createTfjsNsfwProbabilities() }),
  'onnx, 1 thread': createNsfwBatchScorer({
    probabilities: createOnnxNsfwProbabilities({ intraOpThreads: 1 }),
  }),
  'onnx, 2 threads': createNsfwBatchScorer({
    probabilities: createOnnxNsfwProbabilities({ intraOpThreads: 2 }),
  }),
};
const pool = createThreadedNsfwScorer();
const started = performance.now();
for (const score of Object.values(runtimes)) await score(pictures.slice(0, 1));
await pool.preload();
console.log(`models loaded and warmed in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const results = new Map<string, number[]>();
const record = (name: string, ms: number) => results.set(name, [...(results.get(name) ?? []), ms]);

/** The longest the event loop waited while `work` ran, in ms. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 2 });
  delay.enable();
  await work();
  // A timer the work held up reports its delay when it fires, after the work's answer.
  await new Promise((resolve) => setTimeout(resolve, 20));
  delay.disable();
  return delay.max / 1e6;
}

for (let r = 0; r < ROUNDS; r++) {
  for (const size of SIZES) {
    const some = pictures.slice(0, size);
    for (const [name, score] of Object.entries(runtimes)) {
      let t0 = performance.now();
      for (const p of some) await score([p]);
      record(`${name}, one per call, ${size}`, (performance.now() - t0) / size);
      t0 = performance.now();
      await score(some);
      record(`${name}, ${size} in one call`, (performance.now() - t0) / size);
    }
    const t0 = performance.now();
    await Promise.all(some.map((p) => pool(p)));
    record(`onnx thread pool, ${size} at once`, (performance.now() - t0) / size);
  }
  record(
    'stall: onnx here, 16 in one call',
    await longestStall(() => runtimes['onnx, 1 thread']!(pictures)),
  );
  record(
    'stall: onnx thread pool, 16 at once',
    await longestStall(() => Promise.all(pictures.map((p) => pool(p)))),
  );
  record(
    'stall: tfjs-wasm here, 16 in one call',
    await longestStall(() => runtimes['tfjs-wasm']!(pictures)),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
/** Old ÷ new per round, then the median of those: each ratio compares one round's times. */
const ratio = (old: string, now: string) => {
  const a = results.get(old) ?? [];
  const b = results.get(now) ?? [];
  return median(a.map((x, i) => x / (b[i] ?? NaN)));
};

console.log(
  `machine ${os.cpus().length} cores, ${ROUNDS} rounds, load ${loadAtStart} at start, ${load()} at end`,
);
console.log('| scoring | ms per picture (median of rounds) | pictures/s |');
console.log('|---|---|---|');
for (const [name, xs] of results) {
  if (name.startsWith('stall')) continue;
  const ms = median(xs);
  console.log(`| ${name} | ${ms.toFixed(1)} | ${(1000 / ms).toFixed(1)} |`);
}
console.log('\n| tfjs-wasm ÷ onnx (1 thread), per round, median | one per call | in one call |');
console.log('|---|---|---|');
for (const size of SIZES) {
  console.log(
    `| ${size} pictures | ${ratio(`tfjs-wasm, one per call, ${size}`, `onnx, 1 thread, one per call, ${size}`).toFixed(1)}× | ${ratio(`tfjs-wasm, ${size} in one call`, `onnx, 1 thread, ${size} in one call`).toFixed(1)}× |`,
  );
}
console.log('\n| longest event-loop stall while scoring 16 pictures | ms (median of rounds) |');
console.log('|---|---|');
for (const [name, xs] of results) {
  if (name.startsWith('stall')) console.log(`| ${name.slice(7)} | ${median(xs).toFixed(0)} |`);
}
process.exit(0);
