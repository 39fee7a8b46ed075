/**
 * Times the CPU image-editing tools on this machine:
 *   node --import tsx bench/engines/edit.ts [--runs 3]
 * The pictures are 1024² previews of a landscape; the masks cover 15 % of them. The first run
 * of each row (OpenCV's start, the icon set, JIT) is a warm-up and is not counted.
 */
import { cpus, loadavg } from 'node:os';
import { engineSettingsSchema } from '@lumen/contracts/generation';
import { eraseMasked } from '@lumen/engines/local/edit/erase';
import { inpaintPreview } from '@lumen/engines/local/edit/inpaint';
import { editByInstruction } from '@lumen/engines/local/edit/instruction-edit';
import { outpaintCanvas } from '@lumen/engines/local/edit/outpaint';
import { vectorizeImage } from '@lumen/engines/local/edit/vectorize';
import { renderPreviewImage } from '@lumen/engines/local/preview-image';
import sharp from 'sharp';

type Row = { name: string; run: () => Promise<unknown> };

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;

const settings = engineSettingsSchema.parse({
  prompt: 'a fox by a quiet mountain lake at sunset, pine forest',
  seed: 42,
  size: 1024,
});
const picture = (await renderPreviewImage({ ...settings, style: 'realistic' }, 7)).bytes;
// An ellipse of 15 % of the picture: π·a·b = 0.15·1024².
const rx = 250;
const ry = Math.round((0.15 * 1024 * 1024) / (Math.PI * rx));
const mask = await sharp(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><rect width="100%" height="100%"/><ellipse cx="560" cy="620" rx="${rx}" ry="${ry}" fill="#fff"/></svg>`,
  ),
)
  .png()
  .toBuffer();

const rows: Row[] = [
  { name: 'erase 1024², 15 % mask (default fill)', run: () => eraseMasked(picture, mask) },
  {
    name: 'erase 1024², 15 % mask (OpenCV Telea, reference)',
    run: () => eraseMasked(picture, mask, { method: 'telea' }),
  },
  { name: 'outpaint 1024² 1:1 → 16:9', run: () => outpaintCanvas(picture, { whRatio: '16:9' }) },
  { name: 'vectorize 1024² detailed', run: () => vectorizeImage(picture, 'detailed') },
  { name: 'vectorize 1024² posterized', run: () => vectorizeImage(picture, 'posterized') },
  { name: 'vectorize 1024² line art', run: () => vectorizeImage(picture, 'line_art') },
  {
    name: 'instruction edit 1024² "make it night"',
    run: () => editByInstruction(picture, 'make it night'),
  },
  {
    name: 'inpaint preview 1024², 15 % mask',
    run: () => inpaintPreview(picture, mask, 'a deer standing by the water', 5),
  },
];

const results: Array<{ name: string; median: number; min: number }> = [];
for (const row of rows) {
  await row.run();
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
  `image editing on the CPU, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load ${loadavg()[0]?.toFixed(2)}, ${runs} runs`,
);
console.log(`${'task'.padEnd(width)}  median ms    min ms`);
for (const r of results) {
  console.log(
    `${r.name.padEnd(width)}  ${r.median.toFixed(0).padStart(9)}  ${r.min.toFixed(0).padStart(8)}`,
  );
}
