import { envelopeSchema } from '@lumen/contracts/envelope';
import {
  completeUploadBodySchema,
  createUploadBodySchema,
  downloadQuerySchema,
  downloadResultSchema,
  uploadedMediaSchema,
  uploadTicketSchema,
} from '@lumen/contracts/media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { MediaService } from './media.service';

const tags = ['media'];

/** Uploads through a presigned PUT (spec §7) and downloads that honour the watermark rule (§6). */
export const mediaApiRoutes: FastifyPluginAsyncZod<{ service: MediaService }> = async (
  app,
  { service },
) => {
  app.post(
    '/prod-api/content/uploads',
    {
      schema: {
        tags,
        summary: 'Start an upload: checks type and size, answers a presigned PUT URL',
        body: createUploadBodySchema,
        response: { 200: envelopeSchema(uploadTicketSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await service.createUpload(user.id, request.body));
    },
  );
  app.post(
    '/prod-api/content/uploads/complete',
    {
      schema: {
        tags,
        summary: 'Finish an upload: the file is inspected (real type, size, pixels)',
        body: completeUploadBodySchema,
        response: { 200: envelopeSchema(uploadedMediaSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await service.inspectUpload(user.id, request.body.key));
    },
  );
  app.get(
    '/api/gw/v2/downloads/media',
    {
      schema: {
        tags,
        summary: 'A short-lived download URL; free users get the watermarked image',
        querystring: downloadQuerySchema,
        response: { 200: envelopeSchema(downloadResultSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await service.getDownloadUrl(user, request.query));
    },
  );
};
