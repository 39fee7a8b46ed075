import { envelopeSchema } from '@lumen/contracts/envelope';
import { ErrorCode } from '@lumen/contracts/error-codes';
import {
  gatewaySubmitResultSchema,
  gatewaySubmitSchema,
  taskResultSchema,
} from '@lumen/contracts/tasks';
import { taskTypeDefinitions } from '@lumen/contracts/task-types';
import { taskTypeOfModule } from '@lumen/contracts/vivago';
import type { Language } from '@lumen/contracts/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describeToolsForApi } from '@lumen/contracts/tools';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { EventBus } from '../../lib/event-bus';
import { requestOrigin, runInOrigin } from '../../lib/request-origin';
import type { GenerationService } from './generation.service';
import { withImageAliases } from './task-input';

const tags = ['generation'];
const mediaSchema = z.enum(['image', 'video', '3d']);

export const generationRoutes: FastifyPluginAsyncZod<{
  service: GenerationService;
  events: EventBus;
  /** Renders a `notification` event for its reader (community); others pass as they are. */
  renderNotification?: (
    userId: number,
    data: Record<string, unknown>,
    lang: Language,
  ) => Promise<Record<string, unknown> | undefined>;
}> = async (app, { service, events, renderNotification }) => {
  // v3 is the product's own; vivago's clients post some modules (image edit) to v2.
  for (const version of ['v2', 'v3'] as const) {
    app.post(
      `/api/gw/${version}/:media/:module/async`,
      {
        schema: {
          tags,
          summary:
            'Queue a generation: module is a task type (txt2img, video_diffusion, …) or a model family (image_gen_kling, …)',
          description: `The task types, from their definitions:\n\n${describeToolsForApi()}`,
          params: z.object({ media: mediaSchema, module: z.string().max(64) }),
          body: gatewaySubmitSchema,
          response: { 200: envelopeSchema(gatewaySubmitResultSchema) },
        },
      },
      async (request) => {
        const { user } = await request.requireAuth();
        const { media, module } = request.params;
        const body = withImageAliases(request.body);
        const taskType = taskTypeOfModule(media, module, body.images.length > 0);
        // A tool queued by its own API (the character workshop) is not a gateway module.
        if (!taskType || taskTypeDefinitions[taskType].ownApi) {
          throw new AppError(ErrorCode.invalidParams, 'errors.unknownModule', {
            module: `${media}/${module}`,
          });
        }
        return ok(await service.submit(user.id, taskType, body, request.lang));
      },
    );
  }

  app.get(
    '/api/gw/v3/:media/:module/async/results',
    {
      schema: {
        tags,
        summary: "A task's status, progress, queue position and outputs",
        params: z.object({ media: z.string().max(16), module: z.string().max(64) }),
        querystring: z.object({ task_id: z.uuid() }),
        response: { 200: envelopeSchema(taskResultSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await service.result(user.id, request.query.task_id, request.lang));
    },
  );

  app.get(
    '/prod-api/content/tasks',
    {
      schema: {
        tags,
        summary: 'My generation history, newest first; `q` keeps the runs whose prompt contains it',
        querystring: z.object({
          kind: mediaSchema.optional(),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          page_size: z.coerce.number().int().min(1).max(50).default(20),
          q: z.string().trim().max(100).optional(),
        }),
        response: {
          200: envelopeSchema(
            z.object({
              data: z.array(taskResultSchema),
              total: z.number().int(),
              page: z.number().int(),
              page_size: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      const q = request.query;
      return ok(
        await service.list(
          user.id,
          q.kind ?? null,
          q.page,
          q.page_size,
          q.q || undefined,
          request.lang,
        ),
      );
    },
  );

  app.delete(
    '/prod-api/content/tasks/:id/outputs/:index',
    {
      schema: {
        tags,
        summary:
          'Delete one result from my library; a work published from it stays in the community',
        params: z.object({ id: z.uuid(), index: z.coerce.number().int().min(0).max(99) }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      await service.deleteOutput(user.id, request.params.id, request.params.index);
      return ok(null);
    },
  );

  app.post(
    '/prod-api/content/tasks/outputs/delete',
    {
      schema: {
        tags,
        summary: 'Delete several results from my library by media key',
        body: z.object({ keys: z.array(z.string().min(1).max(300)).min(1).max(100) }),
        response: { 200: envelopeSchema(z.object({ count: z.number().int() })) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok({ count: await service.deleteOutputsByKeys(user.id, request.body.keys) });
    },
  );

  app.post(
    '/prod-api/content/tasks/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a queued or running task; its credits come back',
        params: z.object({ id: z.uuid() }),
        response: { 200: envelopeSchema(taskResultSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(await service.cancel(user.id, request.params.id, request.lang));
    },
  );

  app.get(
    '/prod-api/content/tasks/events',
    {
      config: { longLived: true },
      schema: { tags, summary: 'Server-Sent Events: task status, progress and queue position' },
    },
    async (request, reply) => {
      const { user } = await request.requireAuth();
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');
      const send = (type: string, data: unknown) =>
        res.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
      // Events arrive from other requests and from other nodes; a notification's media URLs
      // are made for the origin this stream was opened at.
      const origin = requestOrigin();
      const unsubscribe = events.subscribe(user.id, (event) => {
        if (event.type !== 'notification' || !renderNotification)
          return send(event.type, event.data);
        runInOrigin(origin, () => renderNotification(user.id, event.data, request.lang)).then(
          (item) => item && !res.writableEnded && send(event.type, item),
          (err: unknown) => request.log.warn({ err }, 'notification event not rendered'),
        );
      });
      // Comments keep proxies from closing an idle stream.
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 25_000);
      request.raw.on('close', () => {
        clearInterval(keepAlive);
        unsubscribe();
      });
    },
  );
};
