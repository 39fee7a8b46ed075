import {
  characterListSchema,
  characterParamsSchema,
  characterSchema,
  createCharacterBodySchema,
  createCharacterResultSchema,
} from '@lumen/contracts/characters';
import { envelopeSchema } from '@lumen/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import type { CharactersService } from './characters.service';

const tags = ['characters'];
const base = '/prod-api/content/characters';

/** The character workshop (spec §2); every path is the caller's own characters. */
export const charactersRoutes: FastifyPluginAsyncZod<{ service: CharactersService }> = async (
  app,
  { service },
) => {
  app.post(
    base,
    {
      schema: {
        tags,
        summary:
          'Create a character from at least five reference pictures of one face (1 credit); each refused picture is named in `result.fields`',
        body: createCharacterBodySchema,
        response: { 200: envelopeSchema(createCharacterResultSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await service.create(user.id, request.body, request.lang));
    },
  );

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'My characters, newest first, with their state (generating, ready, failed)',
        response: { 200: envelopeSchema(characterListSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok({ data: await service.list(user.id, request.lang) });
    },
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'One of my characters',
        params: characterParamsSchema,
        response: { 200: envelopeSchema(characterSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await service.get(user.id, request.params.id, request.lang));
    },
  );

  app.post(
    `${base}/:id/retry`,
    {
      schema: {
        tags,
        summary: 'Create a failed character again with the same pictures (1 credit)',
        params: characterParamsSchema,
        response: { 200: envelopeSchema(characterSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await service.retry(user.id, request.params.id, request.lang));
    },
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a character; a creation still running is cancelled and refunded',
        params: characterParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      await service.delete(user.id, request.params.id);
      return ok(null);
    },
  );
};
