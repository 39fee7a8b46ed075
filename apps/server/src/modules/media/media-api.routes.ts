import { envelopeSchema } from '@lumen/contracts/envelope';
import {
  completeUploadBodySchema,
  createUploadBodySchema,
  downloadQuerySchema,
  downloadResultSchema,
  namedUploadQuerySchema,
  uploadedMediaSchema,
  uploadTicketSchema,
} from '@lumen/contracts/media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  app.get(
    '/prod-api/user/google_key/:bucket',
    {
      schema: {
        tags,
        summary:
          "vivago's upload step: a presigned PUT URL for a file the client names; the name then stands for the upload in `images`",
        params: z.object({ bucket: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
        querystring: namedUploadQuerySchema,
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      const { filename, content_type } = request.query;
      return ok(await service.createNamedUpload(user.id, filename, content_type));
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
