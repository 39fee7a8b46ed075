import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ObjectStore } from '../../adapters/storage/object-store';

/**
 * Public media (avatars, published covers) by key. Keys carry a content hash, so an object
 * never changes under its key and may be cached for a year.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ store: ObjectStore }> = async (
  app,
  { store },
) => {
  app.get(
    '/media/*',
    { schema: { hide: true, params: z.object({ '*': z.string().max(512) }) } },
    async (request, reply) => {
      const key = request.params['*'];
      if (!key.startsWith('avatars/'))
        return reply.status(404).type('text/plain').send('Not found');
      const object = await store.get(key);
      if (!object) return reply.status(404).type('text/plain').send('Not found');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type(object.contentType)
        .send(object.bytes);
    },
  );
};
