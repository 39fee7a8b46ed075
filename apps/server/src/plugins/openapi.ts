import { apiPaths } from '@lumen/contracts/api-paths';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3 generated from the routes' zod schemas, with a browsable page. */
export const openapiPlugin = fp(async (app: FastifyInstance, opts: { version: string }) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Lumen API',
        description:
          'Every answer is the envelope `{ code, msg, result }`; `code` 0 means success. ' +
          'Messages follow the `X-accept-language` header (en, zh, ja, es).',
        version: opts.version,
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: apiPaths.docs,
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
  });
  app.get(apiPaths.openapi, { schema: { hide: true } }, async () => app.swagger());
});
