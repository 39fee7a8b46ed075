import { apiPaths } from '@lumen/contracts/api-paths';
import { healthSchema, versionInfoSchema } from '@lumen/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export type SystemDeps = {
  ping: () => Promise<string>;
  getVersion: () => string;
};

/** Liveness for load balancers and the version file the web app polls every 60 s. */
export const systemRoutes: FastifyPluginAsyncZod<SystemDeps> = async (app, deps) => {
  app.get(
    apiPaths.health,
    {
      schema: {
        tags: ['system'],
        summary: 'Health: answers 200 while the database is reachable',
        response: { 200: healthSchema, 503: healthSchema },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      try {
        const version = await deps.ping();
        return { status: 'ok' as const, database: 'up' as const, database_version: version };
      } catch {
        return reply.status(503).send({ status: 'degraded', database: 'down' });
      }
    },
  );
  app.get(
    apiPaths.version,
    {
      schema: {
        tags: ['system'],
        summary: 'The running version',
        response: { 200: versionInfoSchema },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { version: deps.getVersion() };
    },
  );
};
