import {
  cursorQuerySchema,
  exploreQuerySchema,
  favoriteResultSchema,
  idParamSchema,
  likeResultSchema,
  myWorksQuerySchema,
  publishWorkBodySchema,
  publishWorkResultSchema,
  updateWorkBodySchema,
  workDetailSchema,
  workPageSchema,
} from '@lumen/contracts/community';
import { envelopeSchema } from '@lumen/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import type { Community } from './community.module';
import { FEED_CACHE_TTL_MS } from './feed-cache';

const tags = ['community'];

/** Whether an If-None-Match header names this strong tag (or is `*`). */
function matchesTag(header: string | undefined, tag: string): boolean {
  return Boolean(
    header && (header.trim() === '*' || header.split(',').some((t) => t.trim() === tag)),
  );
}

/** Publishing, explore feeds, a work's page, likes and favorites. */
export const worksRoutes: FastifyPluginAsyncZod<{ community: Community }> = async (
  app,
  { community },
) => {
  const viewerOf = async (request: { optionalAuth(): Promise<{ user: { id: number } } | null> }) =>
    (await request.optionalAuth())?.user.id ?? null;

  app.post(
    '/prod-api/content/works',
    {
      schema: {
        tags,
        summary: 'Publish a finished generation output; it waits for review',
        body: publishWorkBodySchema,
        response: { 200: envelopeSchema(publishWorkResultSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await community.works.publish(user, request.body));
    },
  );

  app.get(
    '/prod-api/content/works/explore',
    {
      schema: {
        tags,
        summary: 'Approved works: newest, hot (time-decayed) or from people I follow',
        querystring: exploreQuerySchema,
        response: {
          200: envelopeSchema(workPageSchema),
          304: z.null().describe('Not modified: the page still has the ETag sent in If-None-Match'),
        },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const { page, tag } = await community.feed.explore(viewer, request.query);
      // A visitor's page is the same for every visitor, so any cache may keep it for the TTL;
      // a signed-in viewer's carries their marks and is revalidated by its tag each time.
      reply.header(
        'cache-control',
        viewer === null
          ? `public, max-age=${Math.floor(FEED_CACHE_TTL_MS / 1000)}`
          : 'private, no-cache',
      );
      reply.header('vary', 'Authorization, Cookie');
      reply.header('etag', tag);
      if (matchesTag(request.headers['if-none-match'], tag)) return reply.code(304).send(null);
      return ok(page);
    },
  );

  app.get(
    '/prod-api/content/works/mine',
    {
      schema: {
        tags,
        summary: 'My published works in every state (rejected ones with the reason)',
        querystring: myWorksQuerySchema,
        response: { 200: envelopeSchema(workPageSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      const q = request.query;
      return ok(await community.feed.mine(user.id, q.status, q.cursor, q.limit));
    },
  );

  app.get(
    '/prod-api/content/works/:id',
    {
      schema: {
        tags,
        summary: "A work's page: approved works for all; any state for its owner and admins",
        params: idParamSchema,
        response: { 200: envelopeSchema(workDetailSchema) },
      },
    },
    async (request) => {
      const auth = await request.optionalAuth();
      return ok(await community.works.detail(auth?.user ?? null, Number(request.params.id)));
    },
  );

  app.patch(
    '/prod-api/content/works/:id',
    {
      schema: {
        tags,
        summary: 'Edit my work: title, description, comments on or off',
        params: idParamSchema,
        body: updateWorkBodySchema,
        response: { 200: envelopeSchema(workDetailSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await community.works.update(user, Number(request.params.id), request.body));
    },
  );

  app.delete(
    '/prod-api/content/works/:id',
    {
      schema: {
        tags,
        summary: 'Unpublish my work',
        params: idParamSchema,
        response: { 200: envelopeSchema(z.object({ work_id: z.string() })) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await community.works.unpublish(user, Number(request.params.id)));
    },
  );

  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/prod-api/content/works/:id/like',
      schema: {
        tags,
        summary: on ? 'Like a work (again: no change)' : 'Take a like back',
        params: idParamSchema,
        response: { 200: envelopeSchema(likeResultSchema) },
      },
      handler: async (request) => {
        const { user } = await request.requireAuth();
        return ok(await community.social.like(user, Number(request.params.id), on));
      },
    });
    app.route({
      method,
      url: '/prod-api/content/works/:id/favorite',
      schema: {
        tags,
        summary: on ? 'Add a work to my favorites' : 'Remove a work from my favorites',
        params: idParamSchema,
        response: { 200: envelopeSchema(favoriteResultSchema) },
      },
      handler: async (request) => {
        const { user } = await request.requireAuth();
        return ok(await community.social.favorite(user, Number(request.params.id), on));
      },
    });
  }

  app.get(
    '/prod-api/content/favorites',
    {
      schema: {
        tags,
        summary: 'My favorites, last added first',
        querystring: cursorQuerySchema,
        response: { 200: envelopeSchema(workPageSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await community.feed.favorites(user.id, request.query.cursor, request.query.limit));
    },
  );
};
