import {
  ocrBodySchema,
  ocrResultSchema,
  shopTemplateBodySchema,
  shopTemplateListSchema,
  shopTemplateParamsSchema,
  shopTemplateSchema,
} from '@lumen/contracts/ecommerce';
import { envelopeSchema } from '@lumen/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import type { EcommerceService } from './ecommerce.service';

const tags = ['ecommerce'];
const base = '/prod-api/content/ecommerce/templates';

/** The e-commerce studio: its templates (starters plus the caller's own) and picture OCR. */
export const ecommerceRoutes: FastifyPluginAsyncZod<{ service: EcommerceService }> = async (
  app,
  { service },
) => {
  const userId = async (request: { requireAuth(): Promise<{ user: { id: number } }> }) =>
    (await request.requireAuth()).user.id;

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'The shipped starter templates, then my own, oldest first',
        response: { 200: envelopeSchema(shopTemplateListSchema) },
      },
    },
    async (request) => ok({ data: await service.listTemplates(await userId(request)) }),
  );
  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a template: name 2–8 characters, size in cm, category, ratio, scene',
        body: shopTemplateBodySchema,
        response: { 200: envelopeSchema(shopTemplateSchema) },
      },
    },
    async (request) => ok(await service.createTemplate(await userId(request), request.body)),
  );
  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Change one of my templates (starters cannot be changed: 1003)',
        params: shopTemplateParamsSchema,
        body: shopTemplateBodySchema,
        response: { 200: envelopeSchema(shopTemplateSchema) },
      },
    },
    async (request) =>
      ok(await service.updateTemplate(await userId(request), request.params.id, request.body)),
  );
  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete one of my templates (starters cannot be deleted: 1003)',
        params: shopTemplateParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.deleteTemplate(await userId(request), request.params.id);
      return ok(null);
    },
  );
  app.post(
    '/prod-api/content/ocr',
    {
      schema: {
        tags,
        summary: 'The lines of text in one of my pictures, each with its box (for translation)',
        body: ocrBodySchema,
        response: { 200: envelopeSchema(ocrResultSchema) },
      },
    },
    async (request) => ok(await service.readText(await userId(request), request.body.key)),
  );
};
