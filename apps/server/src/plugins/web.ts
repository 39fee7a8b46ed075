import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { loadPrerenderedPages, PRERENDER_VARY } from '../lib/prerendered-pages';
import { isApiPath, sendApiNotFound } from './errors';

const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.\w+$/;
/** Twins the web build compressed ahead of time (`precompress` in apps/web/vite.config.ts). */
const PRECOMPRESSED = /\.(?:br|gz)$/;
/** Files that may go out compressed, ahead of time or on the fly. */
const TEXT_FILE = /\.(?:js|mjs|css|html|json|map|svg|txt|xml|webmanifest)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
type Encoding = 'br' | 'gzip';

function chooseEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = String(header ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * Pages rendered per request are the same string for as long as their data is unchanged, so
 * each is compressed once per encoding; the last few are kept.
 */
const compressedPages = new Map<string, Buffer>();
async function compressed(html: string, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding}:${html}`;
  const kept = compressedPages.get(key);
  if (kept) return kept;
  const bytes =
    encoding === 'br'
      ? await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
      : await gzip(html, { level: 9 });
  compressedPages.set(key, bytes);
  while (compressedPages.size > 16) compressedPages.delete(compressedPages.keys().next().value!);
  return bytes;
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * any page path that is not a file answered with index.html so the client router takes it
 * (history mode). API paths never fall back to the page. A file with a `.br` or `.gz` twin goes
 * out as that twin when the browser accepts it; other text files are compressed on the fly by
 * plugins/compression.ts (decision 15). A public page the build prerendered (the landing page,
 * explore, works, profiles, campaigns, legal texts) is answered with its HTML in the visitor's
 * language and for their kind of screen, so it paints before the app's JavaScript runs
 * (decision 31).
 */
export const webPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      distDir: string;
      /**
       * Pages rendered per request with their data, by path: given the prerendered file the
       * request would get, the page to send instead, or null to send that file.
       */
      livePages?: Record<
        string,
        (file: string, url: string, headers: FastifyRequest['headers']) => Promise<string | null>
      >;
    },
  ) => {
    const indexFile = path.join(opts.distDir, 'index.html');
    const hasWeb = fs.existsSync(indexFile);
    if (!hasWeb) {
      app.log.warn(`Web app not built (${indexFile} is missing): page paths answer 404.`);
    } else {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        cacheControl: false,
        preCompressed: true,
        // The twins are found next to their original; they need no routes of their own.
        globIgnore: ['**/*.br', '**/*.gz'],
        setHeaders: (res, filePath) => {
          const original = filePath.split(path.sep).join('/').replace(PRECOMPRESSED, '');
          res.setHeader(
            'cache-control',
            HASHED_ASSET.test(original) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
          // The same URL answers br, gzip or plain bytes: caches must key on Accept-Encoding.
          if (TEXT_FILE.test(original)) res.setHeader('vary', 'accept-encoding');
          // A prerendered page is one of several for its address, by language and screen.
          if (original.includes('/prerendered/'))
            res.setHeader('vary', `accept-encoding, ${PRERENDER_VARY}`);
        },
      });
    }

    const prerendered = loadPrerenderedPages(opts.distDir);

    async function sendIndex(request: FastifyRequest, reply: FastifyReply, pathname: string) {
      const page = prerendered.find(pathname, request.headers);
      const live = page ? opts.livePages?.[pathname.replace(/(.)\/+$/, '$1')] : undefined;
      if (page && live) {
        // A page that cannot be rendered with its data is still answered, as prerendered.
        const html = await live(page, request.url, request.headers).catch((err: unknown) => {
          request.log.error({ err }, 'rendering a page with its data failed');
          return null;
        });
        if (html !== null) {
          reply
            .header('cache-control', 'no-cache')
            .header('vary', `accept-encoding, ${PRERENDER_VARY}`)
            .type('text/html; charset=utf-8');
          // The compression plugin's hooks belong to routes, and this answer comes from none:
          // it is compressed here, as Accept-Encoding allows.
          const encoding = chooseEncoding(request.headers['accept-encoding']);
          if (!encoding) return reply.send(html);
          return reply.header('content-encoding', encoding).send(await compressed(html, encoding));
        }
      }
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html')
        .sendFile(page ?? 'index.html');
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (isApiPath(pathname)) return sendApiNotFound(request, reply);
      if (!hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(404).type('text/plain').send('Not found');
      }
      const asFile = path.join(opts.distDir, path.normalize(pathname));
      if (
        asFile.startsWith(opts.distDir + path.sep) &&
        fs.existsSync(asFile) &&
        fs.statSync(asFile).isFile()
      ) {
        return reply.sendFile(path.relative(opts.distDir, asFile));
      }
      // A missing asset is a real 404, not the page: the browser would try to run HTML as JS.
      if (pathname.startsWith('/assets/') || path.extname(pathname) !== '') {
        return reply.status(404).type('text/plain').send('Not found');
      }
      return sendIndex(request, reply, pathname);
    });
  },
);
