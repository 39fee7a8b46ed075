/**
 * Times the local engine's heavy paths on this machine:
 *   node --import tsx bench/engines/run.ts [--runs 3]
 * Rows the engine does not serve yet print n/a, so the table keeps its shape as they land.
 * The first run of each row (model loads included) is a warm-up and is not counted.
 */
import { cpus, loadavg } from 'node:os';
import { engineSettingsSchema } from '@lumen/contracts/generation';
import { restyleImage } from '@lumen/engines/local/img2img';
import { renderPreviewImage } from '@lumen/engines/local/preview-image';
import { renderTextToVideo } from '@lumen/engines/local/preview-video';
import { soundEffectFor } from '@lumen/engines/local/sound-effect';
import { withSoundtrack } from '@lumen/engines/local/soundtrack';
import { createBackgroundRemover } from '@lumen/engines/ml/background-removal';
import { createFaceDetector } from '@lumen/engines/ml/face-detector';
import { readPortraitPhoto } from '@lumen/engines/ml/face-test-support';
import { createNsfwScorer } from '@lumen/engines/ml/nsfw-scorer';
import { createUpscaler } from '@lumen/engines/ml/upscale';
import sharp from 'sharp';

type Row = { name: string; run?: () => Promise<unknown> };

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;

const settings = engineSettingsSchema.parse({
  prompt: 'a quiet mountain lake at sunset, pine forest, mist',
  seed: 42,
  size: 1024,
  ratio: '1:1',
  resolution: '720p',
  durationS: 5,
  fps: 24,
});

const photo = await renderPreviewImage({ ...settings, size: 512, style: 'realistic' }, 7);
const photo256 = await sharp(photo.bytes).resize(256, 256).png().toBuffer();
const upscale = createUpscaler();
const scoreNsfw = createNsfwScorer();
const removeBackground = createBackgroundRemover();
const removeBackgroundMedium = createBackgroundRemover({ model: 'medium' });
const detectFaces = createFaceDetector();
const portrait = await readPortraitPhoto();

/** The clip the sound-effect row lays its sound under, rendered on that row's warm-up. */
let clip: Awaited<ReturnType<typeof renderTextToVideo>> | undefined;

const rows: Row[] = [
  { name: 'preview image 1024×1024', run: () => renderPreviewImage(settings, 42) },
  {
    name: 'video 5 s 720p 24 fps',
    run: () => renderTextToVideo({ ...settings, ratio: '16:9' }, 42),
  },
  {
    name: 'sound effect for that clip (synthesis + AAC mux)',
    run: async () => {
      clip ??= await renderTextToVideo({ ...settings, ratio: '16:9' }, 42);
      return withSoundtrack(
        clip,
        soundEffectFor({ ...settings, durationS: clip.durationS }, 42).wav,
      );
    },
  },
  {
    name: 'img2img 512×512',
    run: () => restyleImage(photo.bytes, { ...settings, size: 512, style: 'anime' }, 42),
  },
  { name: 'background removal 512² (IS-Net small)', run: () => removeBackground(photo.bytes) },
  {
    name: 'background removal 512² (IS-Net medium)',
    run: () => removeBackgroundMedium(photo.bytes),
  },
  { name: '2× upscale 256→512', run: () => upscale(photo256, 2) },
  { name: 'upscale 2× 512→1024', run: () => upscale(photo.bytes, 2) },
  { name: 'NSFW score 512²', run: () => scoreNsfw(photo.bytes) },
  { name: 'face detection 500×640 (tiny face detector)', run: () => detectFaces(portrait) },
];

const results: Array<{ name: string; cells: string[] }> = [];
for (const row of rows) {
  if (!row.run) {
    results.push({ name: row.name, cells: ['n/a', 'n/a'] });
    continue;
  }
  await row.run(); // warm-up: module init, JIT, sharp's first pipeline
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await row.run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  results.push({ name: row.name, cells: [median.toFixed(0), (times[0] ?? 0).toFixed(0)] });
}

const width = Math.max(...results.map((r) => r.name.length));
console.log(`local engine, ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}, ${runs} runs`);
console.log(`${'task'.padEnd(width)}  median ms    min ms`);
for (const r of results) {
  console.log(
    `${r.name.padEnd(width)}  ${(r.cells[0] ?? '').padStart(9)}  ${(r.cells[1] ?? '').padStart(8)}`,
  );
}
