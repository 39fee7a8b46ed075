import { timingSafeEqual } from 'node:crypto';
import { envelopeSchema } from '@lumen/contracts/envelope';
import { ErrorCode } from '@lumen/contracts/error-codes';
import {
  workerEngineSettingsSchema,
  type WorkerEngineSettings,
} from '@lumen/contracts/engine-settings';
import { engineSettingsSchema } from '@lumen/contracts/generation';
import { engineNameSchema, taskTypeSchema } from '@lumen/contracts/task-types';
import { workerFailureReasons } from '@lumen/contracts/tasks';
import type { EngineOutput } from '@lumen/engines/engine';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ObjectStore } from '../../adapters/storage/object-store';
import { AppError, forbidden } from '../../lib/app-error';
import { engineRouteSchema, type EngineRoute } from '@lumen/contracts/engine-settings';
import { ok } from '../../lib/envelope';
import { publicAddressOf } from '../../lib/public-address';
import { isPlainSvg, SNIFF_BYTES, sniffMime } from '../media/media-rules';
import { stagingPrefix } from './generation.ports';
import { CLAIM_WAIT_MAX_MS, type QueueService } from './queue.service';

const tags = ['worker'];

/** Whether a file's first bytes are of the type it is said to be. */
function bytesAre(bytes: Buffer, mime: string): boolean {
  if (mime === 'model/gltf-binary') return bytes.subarray(0, 4).toString('latin1') === 'glTF';
  if (mime === 'image/svg+xml') return isPlainSvg(bytes);
  return sniffMime(bytes.subarray(0, SNIFF_BYTES)) === mime;
}
const OUTPUT_MAX_BYTES = 512 * 1024 * 1024;
const URL_TTL_S = 3600;
const extensionOf: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'video/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'model/gltf-binary': 'glb',
};

const workerId = z.string().trim().min(1).max(128);
const outputKind = z.enum(['image', 'video', 'model', 'audio']);
const mime = z.enum(Object.keys(extensionOf) as [string, ...string[]]);

const signedInputSchema = z.object({
  key: z.string(),
  url: z.string(),
  /** The same file at an address servers on the internet can fetch (hosted model APIs). */
  public_url: z.string().optional(),
});

const claimedTaskSchema = z.object({
  id: z.string(),
  task_type: taskTypeSchema,
  engine: engineNameSchema,
  settings: engineSettingsSchema,
  inputs: z.object({
    images: z.array(signedInputSchema),
    videos: z.array(signedInputSchema),
    audios: z.array(signedInputSchema),
    masks: z.array(signedInputSchema),
  }),
  /** The model and fixed inputs an admin chose for this task type on its engine. */
  route: engineRouteSchema.optional(),
});

/**
 * The worker API (architecture decision 2): GPU workers anywhere pull tasks over HTTPS with a
 * worker token, read inputs and upload outputs through presigned URLs, and report back.
 */
export const workerRoutes: FastifyPluginAsyncZod<{
  queue: QueueService;
  store: ObjectStore;
  tokens: string[];
  /** PUBLIC_URL when it is set: where hosted model APIs can fetch inputs from. */
  publicUrl: string | null;
  /** The route an admin set for a task type (Admin → Engines), if any. */
  routeFor?: (taskType: string) => Promise<EngineRoute | undefined>;
  /** The engine connections workers build their engines from (the admin Engines page). */
  engineSettings: () => Promise<WorkerEngineSettings>;
  /** Who claims, with what it offers, and who completes: the Engines page's worker list. */
  onWorkerSeen?: {
    claim(workerId: string, engines: string[], taskTypes: string[] | null): void;
    done(workerId: string): void;
  };
}> = async (app, { queue, store, tokens, publicUrl, routeFor, engineSettings, onWorkerSeen }) => {
  const expected = tokens.map((t) => Buffer.from(t));
  // Claims waiting for a task end, with none, when the server begins to close.
  const closing = new AbortController();
  app.addHook('preClose', (done) => {
    closing.abort();
    done();
  });
  function requireWorker(request: FastifyRequest) {
    const header = request.headers.authorization ?? '';
    const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
    if (!expected.some((t) => t.length === given.length && timingSafeEqual(t, given)))
      throw forbidden();
  }
  const sign = async (keys: string[]) =>
    Promise.all(
      keys.map(async (key) => {
        const url = await store.presignGet(key, URL_TTL_S);
        const outside = publicAddressOf(url, publicUrl);
        return { key, url, ...(outside ? { public_url: outside } : {}) };
      }),
    );

  app.post(
    '/worker/v1/claim',
    {
      config: { longLived: true },
      schema: {
        tags,
        summary:
          'Claim one task this worker can run, or none with the counts of why: queued tasks waiting for another engine, another task type, or their users’ running tasks',
        body: z.object({
          worker_id: workerId,
          engines: z.array(engineNameSchema).min(1),
          task_types: z.array(taskTypeSchema).min(1).optional(),
          /** Hold the claim up to this long for a task to be queued (long polling). */
          wait_s: z
            .number()
            .int()
            .min(0)
            .max(CLAIM_WAIT_MAX_MS / 1000)
            .optional(),
        }),
        response: {
          200: envelopeSchema(
            z.object({
              task: claimedTaskSchema.nullable(),
              waiting: z
                .object({
                  queued: z.number().int(),
                  other_engine: z.number().int(),
                  other_task_type: z.number().int(),
                  user_at_limit: z.number().int(),
                })
                .optional(),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      requireWorker(request);
      const b = request.body;
      const caps = { engines: b.engines, taskTypes: b.task_types ?? null };
      onWorkerSeen?.claim(b.worker_id, caps.engines, caps.taskTypes);
      // A worker that hangs up while it waits (it is stopping) gets no task.
      const gone = new AbortController();
      const hangUp = () => gone.abort();
      // Before the answer is sent, the response closes only when the connection drops.
      reply.raw.once('close', hangUp);
      const task = await queue
        .claim(
          { workerId: b.worker_id, ...caps },
          {
            waitMs: (b.wait_s ?? 0) * 1000,
            signal: AbortSignal.any([gone.signal, closing.signal]),
          },
        )
        .finally(() => reply.raw.off('close', hangUp));
      if (task && gone.signal.aborted) {
        // Claimed as it hung up: back to the queue, not left to wait for its lease.
        await queue.release(task.id, b.worker_id);
        return ok({ task: null });
      }
      if (!task) return ok({ task: null, waiting: await queue.claimWaits(caps) });
      const route = await routeFor?.(task.taskType);
      return ok({
        task: {
          id: task.id,
          task_type: taskTypeSchema.parse(task.taskType),
          engine: engineNameSchema.parse(task.engine),
          settings: task.settings,
          inputs: {
            images: await sign(task.inputs.images),
            videos: await sign(task.inputs.videos),
            audios: await sign(task.inputs.audios),
            masks: await sign(task.inputs.masks ?? []),
          },
          ...(route && (route.model || route.input) ? { route } : {}),
        },
      });
    },
  );

  app.get(
    '/worker/v1/engines',
    {
      schema: {
        tags,
        summary:
          'The engine connections (keys included) to build engines from; rebuild only when `version` changes',
        response: { 200: envelopeSchema(workerEngineSettingsSchema) },
      },
    },
    async (request) => {
      requireWorker(request);
      return ok(await engineSettings());
    },
  );

  const taskParams = z.object({ id: z.uuid() });
  for (const action of ['heartbeat', 'progress'] as const) {
    app.post(
      `/worker/v1/tasks/:id/${action}`,
      {
        schema: {
          tags,
          summary: 'Renew the lease (and report progress); continue false means stop',
          params: taskParams,
          body: z.object({ worker_id: workerId, progress: z.number().min(0).max(100).optional() }),
          response: { 200: envelopeSchema(z.object({ continue: z.boolean() })) },
        },
      },
      async (request) => {
        requireWorker(request);
        const alive = await queue.heartbeat(
          request.params.id,
          request.body.worker_id,
          request.body.progress,
        );
        return ok({ continue: alive });
      },
    );
  }

  app.post(
    '/worker/v1/tasks/:id/preview',
    {
      // A sampler preview is small; this leaves room for a large one, base64 included.
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'A picture of the work in progress (a sampler preview), shown blurred to the task owner; continue false means stop',
        params: taskParams,
        body: z.object({
          worker_id: workerId,
          mime: z.enum(['image/jpeg', 'image/png']),
          data: z.base64().max(2_000_000),
        }),
        response: { 200: envelopeSchema(z.object({ continue: z.boolean() })) },
      },
    },
    async (request) => {
      requireWorker(request);
      const alive = await queue.preview(
        request.params.id,
        request.body.worker_id,
        Buffer.from(request.body.data, 'base64'),
      );
      return ok({ continue: alive });
    },
  );

  app.post(
    '/worker/v1/tasks/:id/outputs',
    {
      schema: {
        tags,
        summary: 'Presigned upload URLs for the outputs about to be reported',
        params: taskParams,
        body: z.object({
          worker_id: workerId,
          files: z
            .array(
              z.object({
                kind: outputKind,
                mime,
                size: z.number().int().min(1).max(OUTPUT_MAX_BYTES),
              }),
            )
            .min(1)
            .max(16),
        }),
        response: {
          200: envelopeSchema(
            z.object({
              uploads: z.array(
                z.object({ idx: z.number().int(), key: z.string(), upload_url: z.string() }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      requireWorker(request);
      const { id } = request.params;
      const stamp = Date.now().toString(36);
      const uploads = await Promise.all(
        request.body.files.map(async (file, idx) => {
          const key = `${stagingPrefix(id)}${stamp}-${idx}.${extensionOf[file.mime]}`;
          return {
            idx,
            key,
            upload_url: await store.presignPut(key, file.mime, file.size, URL_TTL_S),
          };
        }),
      );
      return ok({ uploads });
    },
  );

  app.post(
    '/worker/v1/tasks/:id/complete',
    {
      schema: {
        tags,
        summary: 'Report the uploaded outputs; the task is done and its cost captured',
        params: taskParams,
        body: z.object({
          worker_id: workerId,
          outputs: z
            .array(
              z.object({
                key: z.string().regex(/^staging\//),
                kind: outputKind,
                /** `poster`: the still of the video or model just before it, not a result. */
                role: z.enum(['poster']).optional(),
                mime,
                width: z.number().int().positive().optional(),
                height: z.number().int().positive().optional(),
                duration_s: z.number().positive().optional(),
                seed: z.number().int().min(0).optional(),
                /** What the output shows, in words (vivago's sub-result `description`). */
                description: z.string().trim().max(500).optional(),
              }),
            )
            .max(16),
        }),
        response: { 200: envelopeSchema(z.object({ accepted: z.boolean() })) },
      },
    },
    async (request) => {
      requireWorker(request);
      const { id } = request.params;
      const outputs: EngineOutput[] = [];
      for (const o of request.body.outputs) {
        if (!o.key.startsWith(stagingPrefix(id)))
          throw new AppError(ErrorCode.forbidden, 'errors.forbidden');
        const object = await store.get(o.key);
        if (!object) throw new AppError(ErrorCode.notFound, 'errors.notFound');
        // Engines of hosted APIs pass on files fetched from elsewhere: what is stored is what
        // its bytes are, whatever the worker named it.
        if (!bytesAre(object.bytes, o.mime)) {
          throw new AppError(ErrorCode.invalidParams, 'errors.invalidParams', {}, [
            { field: 'outputs', message: `output ${o.key} is not ${o.mime}` },
          ]);
        }
        outputs.push({
          kind: o.kind,
          ...(o.role ? { role: o.role } : {}),
          mime: o.mime,
          bytes: object.bytes,
          ...(o.width ? { width: o.width } : {}),
          ...(o.height ? { height: o.height } : {}),
          ...(o.duration_s ? { durationS: o.duration_s } : {}),
          ...(o.seed !== undefined ? { seed: o.seed } : {}),
          ...(o.description ? { description: o.description } : {}),
        });
      }
      const accepted = await queue.complete(id, request.body.worker_id, outputs);
      if (accepted) onWorkerSeen?.done(request.body.worker_id);
      await Promise.all(request.body.outputs.map((o) => store.delete(o.key)));
      return ok({ accepted });
    },
  );

  app.post(
    '/worker/v1/tasks/:id/fail',
    {
      schema: {
        tags,
        summary: 'Report a failure; the task fails and its credits are released',
        params: taskParams,
        body: z.object({
          worker_id: workerId,
          /** For the operators: it is logged and kept, never shown to the task's owner. */
          message: z.string().max(2000),
          /** What the owner is told (default `failed`). */
          reason: z.enum(workerFailureReasons).optional(),
        }),
        response: { 200: envelopeSchema(z.object({ accepted: z.boolean() })) },
      },
    },
    async (request) => {
      requireWorker(request);
      return ok({
        accepted: await queue.fail(
          request.params.id,
          request.body.worker_id,
          request.body.message,
          request.body.reason,
        ),
      });
    },
  );

  app.post(
    '/worker/v1/tasks/:id/release',
    {
      schema: {
        tags,
        summary:
          'Hand a task back to the queue (the worker is stopping); the attempt is not counted',
        params: taskParams,
        body: z.object({ worker_id: workerId }),
        response: { 200: envelopeSchema(z.object({ accepted: z.boolean() })) },
      },
    },
    async (request) => {
      requireWorker(request);
      return ok({ accepted: await queue.release(request.params.id, request.body.worker_id) });
    },
  );
};
