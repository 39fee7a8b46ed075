import {
  ocrBodySchema,
  ocrResultSchema,
  shopTemplateBodySchema,
  shopTemplateListSchema,
  shopTemplateParamsSchema,
  shopTemplateSchema,
} from '@lumen/contracts/ecommerce';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownRoutes } from '../../lib/own-routes';
import type { EcommerceService } from './ecommerce.service';

const base = '/prod-api/content/ecommerce/templates';

/** The e-commerce studio: its templates (starters plus the caller's own) and picture OCR. */
export const ecommerceRoutes: FastifyPluginAsyncZod<{ service: EcommerceService }> = async (
  app,
  { service },
) => {
  const route = ownRoutes(app, ['ecommerce']);
  route({
    method: 'GET',
    url: base,
    summary: 'The shipped starter templates, then my own, oldest first',
    result: shopTemplateListSchema,
    handle: async (userId) => ({ data: await service.listTemplates(userId) }),
  });
  route({
    method: 'POST',
    url: base,
    summary: 'Create a template: name 2–8 characters, size in cm, category, ratio, scene',
    body: shopTemplateBodySchema,
    result: shopTemplateSchema,
    handle: (userId, { body }) => service.createTemplate(userId, body),
  });
  route({
    method: 'PUT',
    url: `${base}/:id`,
    summary: 'Change one of my templates (starters cannot be changed: 1003)',
    params: shopTemplateParamsSchema,
    body: shopTemplateBodySchema,
    result: shopTemplateSchema,
    handle: (userId, { params, body }) => service.updateTemplate(userId, params.id, body),
  });
  route({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: 'Delete one of my templates (starters cannot be deleted: 1003)',
    params: shopTemplateParamsSchema,
    result: z.null(),
    handle: async (userId, { params }) => {
      await service.deleteTemplate(userId, params.id);
      return null;
    },
  });
  route({
    method: 'POST',
    url: '/prod-api/content/ocr',
    summary: 'The lines of text in one of my pictures, each with its box (for translation)',
    body: ocrBodySchema,
    result: ocrResultSchema,
    handle: (userId, { body }) => service.readText(userId, body.key),
  });
};
