// Web bundle sizes: builds the web app into a scratch folder (with Vite's manifest) and reports
// what a first visit downloads — the entry chunk and everything it imports statically — and what
// opening a page adds on top. Sizes are bytes on disk ("raw"), gzip level 9 and brotli quality 11
// (the `.gz`/`.br` twins the build writes and the app server sends). Exits with status 1 when
// the first visit's JS is over its budget, 250 kB as brotli (scripts/test.sh runs it).
//   node bench/web/bundle-size.mjs [outDir]   (default .tmp/bundle-size)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** What a first visit may download in JS, brotli bytes (docs/performance.md). */
const FIRST_VISIT_JS_BUDGET_BR = 250_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.resolve(root, process.argv[2] ?? '.tmp/bundle-size');
execFileSync(
  'npx',
  ['vite', 'build', 'apps/web', '--manifest', '--emptyOutDir', '--outDir', outDir],
  {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);

const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
const sizes = new Map();
function size(file) {
  if (!sizes.has(file)) {
    const bytes = fs.readFileSync(path.join(outDir, file));
    sizes.set(file, {
      raw: bytes.length,
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
      br: zlib.brotliCompressSync(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length,
    });
  }
  return sizes.get(file);
}
/** The files a chunk needs before it runs: itself, its static imports and their CSS. */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}
function total(files, ext) {
  const sum = { raw: 0, gzip: 0, br: 0 };
  for (const file of files) {
    if (!file.endsWith(ext)) continue;
    sum.raw += size(file).raw;
    sum.gzip += size(file).gzip;
    sum.br += size(file).br;
  }
  return sum;
}
const kb = ({ raw, gzip, br }) =>
  `${(raw / 1000).toFixed(1)} kB raw, ${(gzip / 1000).toFixed(1)} kB gzip, ${(br / 1000).toFixed(1)} kB br`;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const initial = closure(entryKey);
const initialJs = [...initial].filter((file) => file.endsWith('.js'));
console.log(`entry chunk ${manifest[entryKey].file}: ${kb(size(manifest[entryKey].file))}`);
console.log(`first visit, ${initialJs.length} JS files: ${kb(total(initial, '.js'))}`);
console.log(`first visit CSS: ${kb(total(initial, '.css'))}`);

console.log('\nlargest JS chunks:');
const chunks = fs
  .readdirSync(path.join(outDir, 'assets'))
  .filter((file) => file.endsWith('.js'))
  .map((file) => `assets/${file}`);
for (const file of chunks.sort((a, b) => size(b).raw - size(a).raw).slice(0, 8)) {
  console.log(
    `  ${file.padEnd(44)} ${kb(size(file))}${initial.has(file) ? '  (first visit)' : ''}`,
  );
}

const catalogues = Object.entries(manifest).filter(
  ([key, chunk]) => chunk.isDynamicEntry && /\/locales\/\w+\.json$/.test(key),
);
if (catalogues.length > 0)
  console.log('\nlanguage catalogues, loaded when that language is chosen:');
for (const [key, chunk] of catalogues) {
  console.log(`  ${path.basename(key).padEnd(32)} JS ${kb(size(chunk.file))}`);
}

console.log(`\nopening a page adds (${chunks.length} JS files in all):`);
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry || !/\/pages?\/|-page\.tsx$/.test(key)) continue;
  const extra = [...closure(key)].filter((file) => !initial.has(file));
  console.log(`  ${path.basename(key).padEnd(32)} JS ${kb(total(extra, '.js'))}`);
}

const firstVisitBr = total(initial, '.js').br;
if (firstVisitBr > FIRST_VISIT_JS_BUDGET_BR) {
  console.error(
    `\nfirst-visit JS is ${(firstVisitBr / 1000).toFixed(1)} kB br, over the budget of ` +
      `${FIRST_VISIT_JS_BUDGET_BR / 1000} kB: keep code that a first page does not draw in ` +
      'chunks of its own (lazy pages, lazyWhenWanted, vite.config.ts codeSplitting).',
  );
  process.exitCode = 1;
} else {
  console.log(
    `\nfirst-visit JS within its budget: ${(firstVisitBr / 1000).toFixed(1)} of ` +
      `${FIRST_VISIT_JS_BUDGET_BR / 1000} kB br`,
  );
}
