/**
 * Times the CPU video tools on this machine:
 *   node --import tsx bench/engines/video-tools.ts [--runs 1]
 * The clips are a textured picture filmed by a panning camera, with a tone for sound. ESRGAN
 * is timed on single frames (its model load apart) and projected onto the 3 s clip, beside
 * the sharpened Lanczos resize that 4K enhancement uses when ESRGAN would run past its
 * budget. Each row runs once unwatched first (JIT, OpenCV-free code paths, ffmpeg's cache).
 */
import { cpus, loadavg } from 'node:os';
import { extendVideo } from '@lumen/engines/local/video-tools/extend';
import { effectVideo } from '@lumen/engines/local/video-tools/effects';
import { stylizeVideo } from '@lumen/engines/local/video-tools/stylize';
import { upscaleVideo } from '@lumen/engines/local/video-tools/upscale-video';
import {
  makeTestClip,
  makeTexturedPicture,
} from '@lumen/engines/local/video-tools/video-test-support';
import { createUpscaler } from '@lumen/engines/ml/upscale';
import sharp from 'sharp';

type Row = { name: string; run: () => Promise<unknown> };

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 1;

const hd = await makeTestClip({
  width: 1280,
  height: 720,
  seconds: 4,
  fps: 24,
  panPerS: 60,
  tone: true,
});
const small = await makeTestClip({
  width: 640,
  height: 360,
  seconds: 3,
  fps: 24,
  panPerS: 30,
  tone: true,
});
const picture = await makeTexturedPicture(1280, 720);
const frame = await sharp(await makeTexturedPicture(640, 360))
  .png()
  .toBuffer();

const upscaler = createUpscaler();
const started = performance.now();
await upscaler(frame, 4);
const esrganFirstMs = performance.now() - started;

const rows: Row[] = [
  { name: 'extend 720p 4 s clip by 5 s', run: () => extendVideo(hd, { durationS: 5, seed: 1 }) },
  {
    name: '4K of 640×360 3 s (Lanczos + unsharp)',
    run: () => upscaleVideo(small, { longSide: 3840, method: 'lanczos' }),
  },
  { name: 'ESRGAN 4× one 640×360 frame', run: () => upscaler(frame, 4) },
  { name: 'stylize 720p 4 s cartoon', run: () => stylizeVideo(hd, 'cartoon') },
  { name: 'stylize 720p 4 s cyberpunk', run: () => stylizeVideo(hd, 'cyberpunk') },
  { name: 'stylize 720p 4 s watercolor', run: () => stylizeVideo(hd, 'watercolor') },
  {
    name: 'effect inflate 720p 5 s (no cut-out)',
    run: () => effectVideo([picture], { key: 'inflate', prompt: '' }, { seed: 1 }),
  },
];

const results: Array<{ name: string; median: number; min: number }> = [];
for (const row of rows) {
  if (runs > 1) await row.run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await row.run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  results.push({
    name: row.name,
    median: times[Math.floor(times.length / 2)] ?? 0,
    min: times[0] ?? 0,
  });
}

const width = Math.max(...results.map((r) => r.name.length));
console.log(
  `video tools on the CPU, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load ${loadavg()[0]?.toFixed(2)}, ${runs} runs`,
);
console.log(`ESRGAN first call (model load + one frame): ${esrganFirstMs.toFixed(0)} ms`);
console.log(`${'task'.padEnd(width)}  median ms    min ms`);
for (const r of results) {
  console.log(
    `${r.name.padEnd(width)}  ${r.median.toFixed(0).padStart(9)}  ${r.min.toFixed(0).padStart(8)}`,
  );
}
const esrgan = results.find((r) => r.name.startsWith('ESRGAN'));
if (esrgan) {
  console.log(
    `ESRGAN projected for the 3 s clip (72 frames, before encoding): ${((esrgan.median * 72) / 1000).toFixed(0)} s`,
  );
}
