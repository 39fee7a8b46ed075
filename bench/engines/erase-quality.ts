/**
 * Measures how well each magic-eraser fill restores what an object hid: test pictures are
 * drawn twice, with and without an object, the object's shape is the mask, and the error is
 * the mean absolute difference (0–255, per channel) between the erased picture and the
 * picture drawn without the object, over the mask. Also times each fill.
 *   node --import tsx bench/engines/erase-quality.ts [--size 512]
 */
import { cpus, loadavg } from 'node:os';
import { eraseMasked } from '@lumen/engines/local/edit/erase';
import type { FillMethod } from '@lumen/engines/local/edit/erase-fills';
import { renderPreviewImage } from '@lumen/engines/local/preview-image';
import { engineSettingsSchema } from '@lumen/contracts/generation';
import sharp from 'sharp';

const sizeArg = process.argv.indexOf('--size');
const S = sizeArg > 0 ? Number(process.argv[sizeArg + 1]) : 512;
const methods: FillMethod[] = ['telea', 'navier-stokes', 'membrane', 'pyramid'];

const svg = (body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}">${body}</svg>`);
const object = `<rect x="${S * 0.3}" y="${S * 0.32}" width="${S * 0.38}" height="${S * 0.38}" rx="${S * 0.04}" fill="#d01c1c"/>`;
const maskSvg = svg(
  `<rect width="100%" height="100%" fill="#000"/>${object.replace('#d01c1c', '#fff')}`,
);

const grounds: Record<string, string> = {
  flat: `<rect width="100%" height="100%" fill="#6f9fc6"/>`,
  gradient: `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d3b6e"/><stop offset="1" stop-color="#f0c080"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`,
  stripes: `<defs><pattern id="p" width="${S / 16}" height="${S / 16}" patternUnits="userSpaceOnUse" patternTransform="rotate(30)"><rect width="100%" height="100%" fill="#e8e0c8"/><rect width="${S / 32}" height="${S / 16}" fill="#486a3a"/></pattern></defs><rect width="100%" height="100%" fill="url(#p)"/>`,
  texture: `<filter id="t"><feTurbulence type="fractalNoise" baseFrequency="0.06" numOctaves="3" seed="4"/><feColorMatrix type="matrix" values="0 0 0 0 0.35  0 0.6 0 0 0.3  0 0 0.2 0 0.1  0 0 0 0 1"/></filter><rect width="100%" height="100%" filter="url(#t)"/>`,
};

async function raw(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().raw().toBuffer();
}

const pictures: Array<{ name: string; truth: Buffer; withObject: Buffer }> = [];
for (const [name, body] of Object.entries(grounds)) {
  pictures.push({
    name,
    truth: await sharp(svg(body)).png().toBuffer(),
    withObject: await sharp(svg(body + object))
      .png()
      .toBuffer(),
  });
}
const settings = engineSettingsSchema.parse({
  prompt: 'a quiet mountain lake at sunset, pine forest',
  seed: 3,
  size: S,
});
const scene = await renderPreviewImage({ ...settings, style: 'realistic' }, 3);
pictures.push({
  name: 'landscape',
  truth: scene.bytes,
  withObject: await sharp(scene.bytes)
    .composite([{ input: svg(object) }])
    .png()
    .toBuffer(),
});
const mask = await sharp(maskSvg).png().toBuffer();
const maskRaw = await sharp(mask).greyscale().raw().toBuffer();

await eraseMasked(pictures[0]!.withObject, mask); // loads OpenCV
console.log(
  `CPU: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load ${loadavg()[0]?.toFixed(2)}; ${S}² pictures, ${Math.round((maskRaw.filter((v) => v >= 128).length / maskRaw.length) * 100)} % mask`,
);
console.log(`| picture | ${methods.join(' | ')} |`);
console.log(`| --- | ${methods.map(() => '---').join(' | ')} |`);
const totals = new Map<FillMethod, { error: number; ms: number }>();
for (const pic of pictures) {
  const truth = await raw(pic.truth);
  const cells: string[] = [];
  for (const method of methods) {
    const started = performance.now();
    const out = await eraseMasked(pic.withObject, mask, { method });
    const ms = performance.now() - started;
    const got = await raw(out.bytes);
    let sum = 0;
    let n = 0;
    for (let p = 0; p < maskRaw.length; p++) {
      if ((maskRaw[p] ?? 0) < 128) continue;
      for (let c = 0; c < 3; c++) sum += Math.abs((got[p * 3 + c] ?? 0) - (truth[p * 3 + c] ?? 0));
      n += 3;
    }
    const error = sum / n;
    const t = totals.get(method) ?? { error: 0, ms: 0 };
    totals.set(method, { error: t.error + error, ms: t.ms + ms });
    cells.push(`${error.toFixed(1)} (${Math.round(ms)} ms)`);
  }
  console.log(`| ${pic.name} | ${cells.join(' | ')} |`);
}
console.log(
  `| mean | ${methods
    .map((m) => {
      const t = totals.get(m)!;
      return `${(t.error / pictures.length).toFixed(1)} (${Math.round(t.ms / pictures.length)} ms)`;
    })
    .join(' | ')} |`,
);
