/**
 * Times a 4K enhance of a 1024² picture on the CPU, as the local engine runs it (ESRGAN 4×
 * in 128 px tiles, then Lanczos to 3840²), beside a reference run on the same machine: a
 * plain sharp Lanczos resize of the same picture to the same size. Prints both, their ratio
 * and the longest gap between progress reports:
 *   node --import tsx bench/engines/upscale-4k.ts [--runs 1]
 * The model load is timed apart from the runs.
 */
import { cpus, loadavg } from 'node:os';
import { engineSettingsSchema } from '@lumen/contracts/generation';
import { planUpscale } from '@lumen/contracts/image-tools';
import { resizeExactly } from '@lumen/engines/image-tool-finish';
import { renderPreviewImage } from '@lumen/engines/local/preview-image';
import { loadEsrgan } from '@lumen/engines/ml/esrgan';
import { networkScaleFor } from '@lumen/engines/ml/ml-handlers';
import { createUpscaler } from '@lumen/engines/ml/upscale';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 1;

const settings = engineSettingsSchema.parse({
  prompt: 'a quiet mountain lake at sunset, pine forest, mist',
  seed: 42,
  size: 1024,
});
const picture = (await renderPreviewImage({ ...settings, style: 'realistic' }, 7)).bytes;
const plan = planUpscale('4k', 1024, 1024);
if (!plan.ok) throw new Error('1024² should reach 4K');
const scale = networkScaleFor({ ...settings, upscale: { scale: '4k', ...plan } }, 1024);

let started = performance.now();
await loadEsrgan(scale);
const loadMs = performance.now() - started;

const upscale = createUpscaler();
const times: number[] = [];
let longestGapMs = 0;
let width = 0;
let height = 0;
for (let run = 0; run < runs; run++) {
  started = performance.now();
  let last = started;
  const out = await upscale(picture, scale, () => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
  });
  const exact = await resizeExactly(out.bytes, plan.width, plan.height);
  times.push(performance.now() - started);
  ({ width, height } = exact);
}
started = performance.now();
await resizeExactly(picture, plan.width, plan.height);
const referenceMs = performance.now() - started;

const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
const fmt = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(`CPU: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load ${loadavg()[0]?.toFixed(2)}`);
console.log(`4K enhance 1024² → ${width}×${height} (ESRGAN ${scale}× + Lanczos)`);
console.log(`  model load               ${fmt(loadMs)}`);
console.log(`  enhance (median of ${runs})     ${fmt(median)}`);
console.log(`  longest progress gap     ${fmt(longestGapMs)}`);
console.log(`  reference: sharp Lanczos ${Math.round(referenceMs)} ms`);
console.log(`  ratio enhance/reference  ${Math.round(median / referenceMs)}×`);
