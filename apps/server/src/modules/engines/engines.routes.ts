import { envelopeSchema } from '@lumen/contracts/envelope';
import {
  connectableEngineSchema,
  connectionReportSchema,
  engineConnectionBodySchema,
  engineConnectionViewSchema,
  engineRouteBodySchema,
  engineRouteSavedSchema,
  enginesOverviewSchema,
  tryResultSchema,
} from '@lumen/contracts/engines-admin';
import { taskTypeSchema } from '@lumen/contracts/task-types';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { translate } from '../../lib/i18n/translate';
import type { AuthService } from '../auth/auth.service';
import type { EngineConnectionsService } from './engine-connections.service';
import type { EnginesService } from './engines.service';

const tags = ['admin'];
const engineParams = z.object({ engine: connectableEngineSchema });
const routeParams = z.object({ task_type: taskTypeSchema });

/** The admin Engines page's API (`/admin/engines`); admin only. */
export const enginesRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  engines: EnginesService;
  connections: EngineConnectionsService;
}> = async (app, { auth, engines, connections }) => {
  /** Admin-only: anyone else gets 1003 (a visitor 3015) and nothing changes. */
  async function requireAdmin(request: FastifyRequest) {
    const { user } = await request.requireAuth();
    if (!auth.isAdmin(user)) throw forbidden();
    return user;
  }

  app.get(
    '/prod-api/admin/engines',
    {
      schema: {
        tags,
        summary:
          'The Engines page: connections (secrets masked), routing with the last 24 hours’ figures, workers, queue depth and warnings',
        response: { 200: envelopeSchema(enginesOverviewSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok(await engines.overview());
    },
  );

  app.put(
    '/prod-api/admin/engines/:engine',
    {
      schema: {
        tags,
        summary:
          'Save an engine’s connection (stored encrypted; a masked or omitted secret keeps the stored one, null clears it)',
        params: engineParams,
        body: engineConnectionBodySchema,
        response: { 200: envelopeSchema(z.object({ connection: engineConnectionViewSchema })) },
      },
    },
    async (request) => {
      const user = await requireAdmin(request);
      await connections.save(request.params.engine, request.body, user.id);
      const views = await connections.masked();
      return ok({ connection: views.find((v) => v.engine === request.params.engine)! });
    },
  );

  app.delete(
    '/prod-api/admin/engines/:engine',
    {
      schema: {
        tags,
        summary: 'Forget an engine’s saved connection',
        params: engineParams,
        response: { 200: envelopeSchema(z.object({ connection: engineConnectionViewSchema })) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      await connections.remove(request.params.engine);
      const views = await connections.masked();
      return ok({ connection: views.find((v) => v.engine === request.params.engine)! });
    },
  );

  app.post(
    '/prod-api/admin/engines/:engine/test',
    {
      schema: {
        tags,
        summary:
          'Test an engine’s connection, saved or with unsaved fields: reachable, key accepted, models or nodes available',
        params: engineParams,
        body: engineConnectionBodySchema.nullish(),
        response: { 200: envelopeSchema(connectionReportSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const body = request.body && Object.keys(request.body).length > 0 ? request.body : undefined;
      return ok(
        await engines.testConnection(request.params.engine, body, (key, params) =>
          translate(request.lang, key, params),
        ),
      );
    },
  );

  app.put(
    '/prod-api/admin/engines/routes/:task_type',
    {
      schema: {
        tags,
        summary: 'Route a task type to an engine, with a model and fixed inputs',
        params: routeParams,
        body: engineRouteBodySchema,
        response: { 200: envelopeSchema(engineRouteSavedSchema) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return ok(await engines.setRoute(request.params.task_type, request.body));
    },
  );

  app.post(
    '/prod-api/admin/engines/routes/:task_type/try',
    {
      schema: {
        tags,
        summary:
          'Queue a small sample task of this type as the admin, at no cost; poll the usual results endpoint',
        params: routeParams,
        response: { 200: envelopeSchema(tryResultSchema) },
      },
    },
    async (request) => {
      const user = await requireAdmin(request);
      return ok(await engines.trySample(user.id, request.params.task_type));
    },
  );
};
