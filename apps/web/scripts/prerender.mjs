// Writes the public pages as HTML after `vite build` and `vite build --ssr`: each page in each
// language, for a phone and for a wider screen, with the page's markup inside #root and the CSS
// it needs inline, so it paints before any script runs; the app then hydrates it
// (docs/decisions/0031-prerendered-public-pages.md). The server picks the file per request.
//   node scripts/prerender.mjs   (from apps/web, after both builds)
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webRoot, 'dist');
const outDir = path.join(distDir, 'prerendered');
const server = await import(pathToFileURL(path.join(webRoot, 'dist-ssr/entry-server.js')).href);

/** The public pages (spec §2); `url` is what is rendered, `path` the addresses it answers. */
const pages = [
  {
    name: 'landing',
    path: '/',
    url: '/',
    page: 'src/features/landing/landing-page.tsx',
  },
  {
    name: 'explore',
    path: '/explore',
    url: '/explore',
    page: 'src/features/community/pages/feed-page.tsx',
  },
  {
    name: 'work',
    path: '/w/:id',
    url: '/w/0',
    page: 'src/features/community/pages/work-page.tsx',
  },
  {
    name: 'user',
    path: '/u/:id',
    url: '/u/0',
    page: 'src/features/community/pages/user-page.tsx',
  },
  {
    name: 'campaigns',
    path: '/campaigns',
    url: '/campaigns',
    page: 'src/features/community/pages/campaigns-page.tsx',
  },
  {
    name: 'campaign',
    path: '/campaigns/:id',
    url: '/campaigns/0',
    page: 'src/features/community/pages/campaign-page.tsx',
  },
  { name: 'terms', path: '/terms', url: '/terms', page: 'src/features/legal/legal-page.tsx' },
  { name: 'privacy', path: '/privacy', url: '/privacy', page: 'src/features/legal/legal-page.tsx' },
  {
    name: 'credit-policy',
    path: '/credit-policy',
    url: '/credit-policy',
    page: 'src/features/credits/pages/credit-policy-page.tsx',
  },
];
const languages = ['en', 'zh', 'ja', 'es'];
const viewports = ['mobile', 'desktop'];

const manifest = JSON.parse(await fs.readFile(path.join(distDir, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

/** A chunk's static closure: its own file, what it imports, and their CSS. */
function closure(key, seen = { js: new Set(), css: new Set() }) {
  const chunk = manifest[key];
  if (!chunk || seen.js.has(chunk.file)) return seen;
  seen.js.add(chunk.file);
  for (const css of chunk.css ?? []) seen.css.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}
const entry = closure(entryKey);

const cssText = new Map();
async function readCss(file) {
  if (!cssText.has(file)) cssText.set(file, await fs.readFile(path.join(distDir, file), 'utf8'));
  return cssText.get(file);
}

const template = await fs.readFile(path.join(distDir, 'index.html'), 'utf8');
const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const bootTags =
  `<script>${server.PAGE_BOOT_SCRIPT}</script>\n` +
  '    <style>html[data-prerendered="stale"] #root{visibility:hidden}</style>\n';

function withBootScript(html) {
  return html.replace(/(<meta charset="UTF-8" \/>\n\s*)/, `$1${bootTags}    `);
}

async function renderDocument(page, language, viewport) {
  const { html, title } = await server.prerenderPage(page.url, language, viewport);
  const own = page.page ? closure(page.page) : { js: new Set(), css: new Set() };
  const css = [...entry.css, ...[...own.css].filter((file) => !entry.css.has(file))];
  const styles = (await Promise.all(css.map(readCss))).join('\n');
  const preloads = [...own.js]
    .filter((file) => !entry.js.has(file))
    .map((file) => `<link rel="lumen-modulepreload" href="/${file}">`)
    .join('\n    ');
  let doc = withBootScript(template)
    .replace(
      '<html lang="en">',
      `<html lang="${language}" data-mantine-color-scheme="light" data-prerendered="fresh" data-viewport="${viewport}">`,
    )
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`)
    // The end of #root is marked for the server, which renders some pages again with their data.
    .replace('<div id="root"></div>', `<div id="root">${html}</div><!--lumen-root-end-->`);
  // The page's CSS goes inline: a stylesheet link would hold the first paint for a round trip.
  doc = doc.replace(/\s*<link rel="stylesheet"[^>]*>/g, '');
  // The boot script starts the app once the page has painted (packages/contracts page-boot.ts).
  doc = doc
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      '<meta name="lumen-app" content="$1">',
    )
    .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="lumen-modulepreload"');
  doc = doc.replace('</head>', `  <style>${styles}</style>\n    ${preloads}\n  </head>`);
  return doc;
}

async function writeWithTwins(file, text) {
  await fs.writeFile(file, text);
  const bytes = Buffer.from(text);
  const br = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
  if (br.length < bytes.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await fs.writeFile(`${file}.gz`, gz);
}

await fs.rm(outDir, { recursive: true, force: true });
await fs.mkdir(outDir, { recursive: true });
let count = 0;
let largest = 0;
for (const page of pages) {
  for (const language of languages) {
    for (const viewport of viewports) {
      const doc = await renderDocument(page, language, viewport);
      await writeWithTwins(path.join(outDir, `${page.name}.${language}.${viewport}.html`), doc);
      count += 1;
      largest = Math.max(largest, zlib.brotliCompressSync(Buffer.from(doc)).length);
    }
  }
}
await fs.writeFile(
  path.join(outDir, 'pages.json'),
  `${JSON.stringify({ pages: pages.map(({ name, path: at }) => ({ name, path: at })), languages, viewports }, null, 2)}\n`,
);
// Pages the server answers with the plain app (signed-in areas) get the boot script too: it
// applies the colour scheme before the first paint.
await writeWithTwins(path.join(distDir, 'index.html'), withBootScript(template));
// The manifest was only for this script; the server never serves it.
await fs.rm(path.join(distDir, '.vite'), { recursive: true, force: true });
console.log(`prerendered ${count} pages, the largest ${(largest / 1000).toFixed(1)} kB as brotli`);
