import {
  algoConfigListQuerySchema,
  algoConfigListResultSchema,
} from '@lumen/contracts/algo-config';
import { apiPaths } from '@lumen/contracts/api-paths';
import { envelopeSchema } from '@lumen/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { AlgoConfigService } from './algo-config.service';

export const algoConfigRoutes: FastifyPluginAsyncZod<{ service: AlgoConfigService }> = async (
  app,
  { service },
) => {
  app.get(
    apiPaths.algoConfigList,
    {
      schema: {
        tags: ['content'],
        summary: 'List algorithm configuration rows of one set',
        querystring: algoConfigListQuerySchema,
        response: { 200: envelopeSchema(algoConfigListResultSchema) },
      },
    },
    async (request) => ok({ data: await service.list(request.query) }),
  );
};
