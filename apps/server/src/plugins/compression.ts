import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Text worth compressing: scripts, styles, HTML, JSON (also `+json`), XML, SVG, plain text.
 * Not `text/event-stream`: a compressor holds small writes back, and each event must reach
 * the browser when it is written. Images, video, audio and GLB are compressed formats already.
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.-]+\+)?(?:json|xml|javascript)|image\/svg\+xml)\s*(?:;|$)/i;

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/**
 * Compresses answers with brotli or gzip as the client's Accept-Encoding allows (decision 15).
 * Bodies under 1 kB go out as they are. The web build ships `.br`/`.gz` files beside its assets
 * and plugins/web.ts serves those directly; what arrives here already encoded is left alone.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: isCompressible,
    // Request bodies stay as sent: payment webhooks verify signatures over the exact bytes.
    globalDecompression: false,
  });

  // @fastify/compress also compresses any type its MIME table calls compressible (GLB is) and
  // does not look at the status, so this app-level hook, which runs before the route-level hook
  // of the compressor, opts out partial content and everything outside the list above.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (
      reply.statusCode === 206 ||
      reply.hasHeader('content-range') ||
      (type !== undefined && !isCompressible(String(type)))
    ) {
      request.headers['x-no-compression'] = 'not-compressible';
    }
    return payload;
  });
});
