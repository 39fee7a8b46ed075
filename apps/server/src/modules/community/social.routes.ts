import {
  communityUserSchema,
  cursorQuerySchema,
  followResultSchema,
  personPageSchema,
  userIdParamSchema,
  workPageSchema,
} from '@lumen/contracts/community';
import { envelopeSchema } from '@lumen/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { Community } from './community.module';

const tags = ['community'];

/** People: a person's page, works, likes, followers, following, friends, and follow. */
export const socialRoutes: FastifyPluginAsyncZod<{ community: Community }> = async (
  app,
  { community },
) => {
  app.get(
    '/prod-api/content/users/:user_id',
    {
      schema: {
        tags,
        summary: "A person's page: counts and whether we follow each other",
        params: userIdParamSchema,
        response: { 200: envelopeSchema(communityUserSchema) },
      },
    },
    async (request) => {
      const auth = await request.optionalAuth();
      return ok(await community.social.profile(auth?.user ?? null, request.params.user_id));
    },
  );

  for (const which of ['works', 'likes'] as const) {
    app.get(
      `/prod-api/content/users/:user_id/${which}`,
      {
        schema: {
          tags,
          summary: which === 'works' ? "A person's approved works" : 'Works a person liked',
          params: userIdParamSchema,
          querystring: cursorQuerySchema,
          response: { 200: envelopeSchema(workPageSchema) },
        },
      },
      async (request) => {
        const viewer = (await request.optionalAuth())?.user.id ?? null;
        const { cursor, limit } = request.query;
        const userId = request.params.user_id;
        return ok(
          which === 'works'
            ? await community.feed.userWorks(viewer, userId, cursor, limit)
            : await community.feed.userLikes(viewer, userId, cursor, limit),
        );
      },
    );
  }

  for (const which of ['followers', 'following', 'friends'] as const) {
    app.get(
      `/prod-api/content/users/:user_id/${which}`,
      {
        schema: {
          tags,
          summary: `A person's ${which}, newest first`,
          params: userIdParamSchema,
          querystring: cursorQuerySchema,
          response: { 200: envelopeSchema(personPageSchema) },
        },
      },
      async (request) => {
        const auth = await request.optionalAuth();
        const { cursor, limit } = request.query;
        return ok(
          await community.social.people(
            auth?.user ?? null,
            request.params.user_id,
            which,
            cursor,
            limit,
          ),
        );
      },
    );
  }

  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/prod-api/content/users/:user_id/follow',
      schema: {
        tags,
        summary: on ? 'Follow a person (again: no change)' : 'Unfollow a person',
        params: userIdParamSchema,
        response: { 200: envelopeSchema(followResultSchema) },
      },
      handler: async (request) => {
        const { user } = await request.requireAuth();
        return ok(await community.social.follow(user, request.params.user_id, on));
      },
    });
  }
};
