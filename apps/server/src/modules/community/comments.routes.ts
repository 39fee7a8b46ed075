import {
  commentPageSchema,
  commentSchema,
  createCommentBodySchema,
  cursorQuerySchema,
  idParamSchema,
  likeResultSchema,
} from '@lumen/contracts/community';
import { envelopeSchema } from '@lumen/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import type { Community } from './community.module';

const tags = ['community'];

/** Comments and replies on works, their likes and deletion (spec §3, §5, §6). */
export const commentsRoutes: FastifyPluginAsyncZod<{ community: Community }> = async (
  app,
  { community },
) => {
  app.get(
    '/prod-api/content/works/:id/comments',
    {
      schema: {
        tags,
        summary: 'Top-level comments, newest first, each with its first replies',
        params: idParamSchema,
        querystring: cursorQuerySchema,
        response: { 200: envelopeSchema(commentPageSchema) },
      },
    },
    async (request) => {
      const auth = await request.optionalAuth();
      const { cursor, limit } = request.query;
      return ok(
        await community.comments.list(auth?.user ?? null, Number(request.params.id), cursor, limit),
      );
    },
  );

  app.post(
    '/prod-api/content/works/:id/comments',
    {
      schema: {
        tags,
        summary: 'Comment on a work or reply to a comment (≤ 500 characters, moderated: code 10)',
        params: idParamSchema,
        body: createCommentBodySchema,
        response: { 200: envelopeSchema(commentSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await community.comments.create(user, Number(request.params.id), request.body));
    },
  );

  app.get(
    '/prod-api/content/comments/:id/replies',
    {
      schema: {
        tags,
        summary: 'Replies of a comment, oldest first',
        params: idParamSchema,
        querystring: cursorQuerySchema,
        response: { 200: envelopeSchema(commentPageSchema) },
      },
    },
    async (request) => {
      const auth = await request.optionalAuth();
      const { cursor, limit } = request.query;
      return ok(
        await community.comments.replies(
          auth?.user ?? null,
          Number(request.params.id),
          cursor,
          limit,
        ),
      );
    },
  );

  app.delete(
    '/prod-api/content/comments/:id',
    {
      schema: {
        tags,
        summary: "Delete a comment: its author or the work's owner (replies go with it)",
        params: idParamSchema,
        response: { 200: envelopeSchema(z.object({ deleted: z.number().int() })) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await community.comments.delete(user, Number(request.params.id)));
    },
  );

  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/prod-api/content/comments/:id/like',
      schema: {
        tags,
        summary: on ? 'Like a comment' : 'Take a comment like back',
        params: idParamSchema,
        response: { 200: envelopeSchema(likeResultSchema) },
      },
      handler: async (request) => {
        const { user } = await request.requireAuth();
        return ok(await community.comments.like(user, Number(request.params.id), on));
      },
    });
  }
};
