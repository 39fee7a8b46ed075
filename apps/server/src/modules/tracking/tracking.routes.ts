import { apiPaths } from '@lumen/contracts/api-paths';
import { envelopeSchema } from '@lumen/contracts/envelope';
import { trackingEventsBodySchema, trackingEventsResultSchema } from '@lumen/contracts/tracking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { TrackingService } from './tracking.service';

export const trackingRoutes: FastifyPluginAsyncZod<{ service: TrackingService }> = async (
  app,
  { service },
) => {
  app.post(
    apiPaths.trackingEvents,
    {
      schema: {
        tags: ['tracking'],
        summary: 'Record one tracking event or a batch of them',
        body: trackingEventsBodySchema,
        response: { 200: envelopeSchema(trackingEventsResultSchema) },
      },
    },
    async (request) => {
      const events = Array.isArray(request.body) ? request.body : [request.body];
      const accepted = await service.recordEvents(events, {
        userAgent: request.headers['user-agent'],
      });
      return ok({ accepted });
    },
  );
};
