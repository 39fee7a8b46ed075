import { envelopeSchema } from '@lumen/contracts/envelope';
import { faceCheckRequestSchema, faceCheckResultSchema } from '@lumen/contracts/face-check';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { GenerationService } from './generation.service';

/**
 * `POST /prod-api/content/face-check`: the lip sync screen shows the portrait check's answer
 * when a picture or a clip is chosen, before anything is submitted or charged. It answers with the same
 * rule and words as the gateway's own refusal.
 */
export const faceCheckRoutes: FastifyPluginAsyncZod<{ service: GenerationService }> = async (
  app,
  { service },
) => {
  app.post(
    '/prod-api/content/face-check',
    {
      schema: {
        tags: ['generation'],
        summary:
          'Whether one of your pictures or clips shows one clear face (the lip sync portrait check)',
        body: faceCheckRequestSchema,
        response: { 200: envelopeSchema(faceCheckResultSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await service.checkPortrait(user.id, request.body.key, request.lang));
    },
  );
};
