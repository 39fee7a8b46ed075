import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server owns these paths; in development Vite forwards them so the SPA and the
// API share one origin, as they do in production where the server serves the build.
const apiTarget = 'http://localhost:8080';
const proxied = ['/api', '/prod-api', '/capi', '/healthz', '/version.json'];

export default defineConfig({
  plugins: [react()],
  base: '/',
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
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
            // Every icon in one chunk: one icon per file would make dozens of tiny page chunks.
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, priority: 15 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 10 },
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
