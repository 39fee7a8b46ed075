import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';

// The API server owns these paths; in development Vite forwards them so the SPA and the
// API share one origin, as they do in production where the server serves the build.
const apiTarget = 'http://localhost:8080';
const proxied = ['/api', '/prod-api', '/capi', '/healthz', '/version.json'];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the server sends compressed. Source maps are left out: only developer tools read them. */
const TEXT_FILE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;
/** Below this, headers outweigh the saving (the server's on-the-fly threshold too). */
const MIN_BYTES = 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      // `.vite/` holds the build manifest, which is never served.
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? listFiles(full) : [full];
      }),
  );
  return nested.flat();
}

/**
 * After `vite build`, writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) twin
 * beside every text file of the output over 1 kB, so the server hands out compressed bytes
 * without compressing on each request (docs/decisions/0015-compression.md). Runs for whatever
 * outDir the build used, so private builds (`--outDir`) get their twins as well.
 */
function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'lumen:precompress',
    // The server-side build (the prerenderer's code) is never served.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const files = (await listFiles(outDir)).filter((file) => TEXT_FILE.test(file));
      let count = 0;
      let raw = 0;
      let compressed = 0;
      await Promise.all(
        files.map(async (file) => {
          const bytes = await fs.readFile(file);
          if (bytes.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < bytes.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < bytes.length) await fs.writeFile(`${file}.gz`, gz);
          count += 1;
          raw += bytes.length;
          compressed += br.length;
        }),
      );
      config.logger.info(
        `precompressed ${count} text files: ${(raw / 1000).toFixed(1)} kB, ` +
          `${(compressed / 1000).toFixed(1)} kB as brotli`,
      );
    },
  };
}

/** Vite's warning threshold for a chunk's minified size, in kB. */
const CHUNK_WARNING_KB = 500;
/** Chunks exempt from it: three.js is one module, loaded only when a 3D model is shown. */
const LARGE_LAZY_CHUNKS = new Set(['three']);

/**
 * Vite's "Some chunks are larger than 500 kB" for every chunk but those above. three.js cannot
 * be split (it is a single module) and is already its own chunk behind the 3D viewer's dynamic
 * import, so the warning would fire on every build about a cost no first visit pays; any other
 * chunk over the limit is still reported.
 */
function chunkSizeWarning(): Plugin {
  return {
    name: 'lumen:chunk-size-warning',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || LARGE_LAZY_CHUNKS.has(file.name)) continue;
        const kB = Buffer.byteLength(file.code) / 1000;
        if (kB > CHUNK_WARNING_KB) {
          this.warn(`${file.fileName} is ${kB.toFixed(1)} kB, over ${CHUNK_WARNING_KB} kB`);
        }
      }
    },
  };
}

export default defineConfig({
  // precompress: `.br`/`.gz` twins of the built text files, served by the app server.
  plugins: [react(), precompress(), chunkSizeWarning()],
  base: '/',
  // The client and the prerenderer are built together, so the footer's year matches in both.
  define: { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: true,
    // Vite's own check sees only sizes, not which chunk is lazy: chunkSizeWarning() above keeps
    // the 500 kB warning for every chunk but three.js, so this only lifts it from that one.
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // The timing report fires whenever the build machine is busy (a shared CI runner, two
      // cores) and says nothing about the code: `npm run build` should print only what needs
      // acting on.
      checks: { bundlerTimings: false },
      output: {
        // Libraries change far less often than the app, so they get their own cacheable chunks.
        // Pages are loaded on demand (app/lazy-page.tsx); `$initial` keeps the Mantine and vendor
        // chunks to what the first render needs, and library code only some pages use (a Table,
        // a Pagination) travels with those pages instead of with every first visit.
        codeSplitting: {
          groups: [
            // Only the 3D viewer needs three.js: its own chunk keeps it out of every other page.
            { name: 'three', test: /node_modules[\\/]three[\\/]/, priority: 40 },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-transition-group)/,
              tags: ['$initial'],
              priority: 20,
            },
            // The icons the first render draws in one chunk, the others in a second one that the
            // pages drawing them load (one icon per file would make dozens of tiny chunks).
            {
              name: 'icons',
              test: /node_modules[\\/]@tabler[\\/]/,
              tags: ['$initial'],
              priority: 16,
            },
            { name: 'icons-more', test: /node_modules[\\/]@tabler[\\/]/, priority: 15 },
            // zod's settings travel with zod: chunks run before the entry's own code, and a chunk
            // that parses as it loads would otherwise meet zod before it is told not to eval.
            {
              name: 'vendor',
              test: /node_modules[\\/]|[\\/]src[\\/]app[\\/]zod-config\.ts$/,
              tags: ['$initial'],
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  preview: { port: 4173 },
});
