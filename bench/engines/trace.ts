/**
 * The tracing step of vectorize, imagetracerjs's own loops against this project's typed-array
 * quantisation and layering (packages/engines/src/local/edit/trace.ts), on the 1024² landscape
 * preview that bench/engines/edit.ts uses, interleaved in one run:
 *   node --import tsx bench/engines/trace.ts [--rounds 5]
 * Prints the median time of each and their ratio per preset; the two SVGs must be identical.
 */
import { cpus, loadavg } from 'node:os';
import { engineSettingsSchema } from '@lumen/contracts/generation';
import { loadTracer, traceToSvg, type TraceImage } from '@lumen/engines/local/edit/trace';
import { vectorizePresets, vectorizeTracerPresets } from '@lumen/engines/local/edit/vectorize';
import { renderPreviewImage } from '@lumen/engines/local/preview-image';
import sharp from 'sharp';

const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 5;

const settings = engineSettingsSchema.parse({
  prompt: 'a fox by a quiet mountain lake at sunset, pine forest',
  seed: 42,
  size: 1024,
});
const picture = (await renderPreviewImage({ ...settings, style: 'realistic' }, 7)).bytes;
const { data, info } = await sharp(picture)
  .median(3)
  .ensureAlpha()
  .raw()
  .toBuffer({ resolveWithObject: true });
const image = (): TraceImage => ({
  width: info.width,
  height: info.height,
  data: new Uint8ClampedArray(data),
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

console.log(
  `tracing a ${info.width}×${info.height} picture, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load ${loadavg()[0]?.toFixed(2)}, ${rounds} rounds`,
);
console.log('preset        library ms   own ms   own ÷ library');
for (const preset of vectorizePresets) {
  const { label: _label, smooth: _smooth, ...options } = vectorizeTracerPresets[preset];
  const copy = () => ({ ...options, pal: options.pal?.map((c) => ({ ...c })) });
  const library: number[] = [];
  const own: number[] = [];
  const ratios: number[] = [];
  // A warm-up of each, then rounds that alternate which goes first.
  const first = loadTracer().imagedataToSVG(image(), copy());
  if ((await traceToSvg(image(), copy())) !== first) throw new Error(`${preset}: the SVGs differ`);
  for (let r = 0; r < rounds; r++) {
    const runLibrary = async () => {
      const t = performance.now();
      loadTracer().imagedataToSVG(image(), copy());
      library.push(performance.now() - t);
    };
    const runOwn = async () => {
      const t = performance.now();
      await traceToSvg(image(), copy());
      own.push(performance.now() - t);
    };
    if (r % 2 === 0) {
      await runLibrary();
      await runOwn();
    } else {
      await runOwn();
      await runLibrary();
    }
    ratios.push((own.at(-1) ?? 0) / (library.at(-1) ?? 1));
  }
  console.log(
    `${preset.padEnd(12)}  ${median(library).toFixed(0).padStart(10)}  ${median(own).toFixed(0).padStart(7)}   ${median(ratios).toFixed(2)}`,
  );
}
console.log(`load after: ${loadavg()[0]?.toFixed(2)}`);
