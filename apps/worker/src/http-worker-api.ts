import type { EngineOutput } from '@lumen/engines/engine';
import { engineRouteSchema, workerEngineSettingsSchema } from '@lumen/contracts/engine-settings';
import { engineSettingsSchema } from '@lumen/contracts/generation';
import { taskTypeSchema } from '@lumen/contracts/task-types';
import { z } from 'zod';
import type { ClaimedTask, WorkerApi } from './worker-api';

const envelope = <T extends z.ZodType>(result: T) =>
  z.object({ code: z.number(), msg: z.string(), result: result.nullable() });
/** Any answer that refuses, whatever its result holds. */
const refusalSchema = z.object({ code: z.number(), msg: z.string() });
const signed = z.array(
  z.object({
    key: z.string(),
    url: z.string(),
    /** An address servers elsewhere can fetch, when the server is reachable from outside. */
    public_url: z.string().optional(),
  }),
);
const claimAnswer = envelope(
  z.object({
    task: z
      .object({
        id: z.string(),
        task_type: taskTypeSchema,
        engine: z.string(),
        settings: engineSettingsSchema,
        inputs: z.object({
          images: signed,
          videos: signed,
          audios: signed,
          masks: signed.default([]),
        }),
        route: engineRouteSchema.optional(),
      })
      .nullable(),
  }),
);

/**
 * The worker API over HTTPS for workers anywhere (WORKER_SERVER_URL + WORKER_TOKEN). Inputs
 * are read and outputs written through the presigned URLs the server hands out, so media
 * bytes never pass through the API nodes' JSON.
 */
export function createHttpWorkerApi(opts: {
  serverUrl: string;
  token: string;
  fetch?: typeof fetch;
}): WorkerApi & Required<Pick<WorkerApi, 'engineSettings'>> {
  const f = opts.fetch ?? fetch;
  const base = opts.serverUrl.replace(/\/$/, '');
  const inputUrls = new Map<string, string>();

  async function call<T extends z.ZodType>(
    path: string,
    body: unknown,
    schema: T,
    { timeoutMs = 30_000, signal }: { timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<z.infer<T>> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const res = await f(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.token}` },
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const answer: unknown = await res.json().catch(() => null);
    const refusal = refusalSchema.safeParse(answer);
    if (refusal.success && refusal.data.code !== 0) {
      throw new Error(`${path}: ${refusal.data.msg} (code ${refusal.data.code})`);
    }
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw new Error(`${path}: unexpected answer (HTTP ${res.status})`);
    return parsed.data;
  }

  const accepted = envelope(z.object({ accepted: z.boolean() }));

  return {
    async claim(caps, options = {}): Promise<ClaimedTask | null> {
      const waitS = Math.min(20, Math.floor((options.waitMs ?? 0) / 1000));
      const answer = await call(
        '/worker/v1/claim',
        {
          worker_id: caps.workerId,
          engines: caps.engines,
          ...(caps.taskTypes ? { task_types: caps.taskTypes } : {}),
          ...(waitS > 0 ? { wait_s: waitS } : {}),
        },
        claimAnswer,
        { timeoutMs: 30_000 + waitS * 1000, ...(options.signal ? { signal: options.signal } : {}) },
      );
      const task = answer.result?.task;
      if (!task) return null;
      const publicUrls = new Map<string, string>();
      for (const input of [
        ...task.inputs.images,
        ...task.inputs.videos,
        ...task.inputs.audios,
        ...task.inputs.masks,
      ]) {
        inputUrls.set(input.key, input.url);
        if (input.public_url) publicUrls.set(input.key, input.public_url);
      }
      return {
        id: task.id,
        taskType: task.task_type,
        engine: task.engine,
        settings: task.settings,
        inputs: {
          images: task.inputs.images.map((i) => i.key),
          videos: task.inputs.videos.map((i) => i.key),
          audios: task.inputs.audios.map((i) => i.key),
          masks: task.inputs.masks.map((i) => i.key),
        },
        ...(task.route ? { route: task.route } : {}),
        publicUrls,
      };
    },
    async engineSettings() {
      const res = await f(`${base}/worker/v1/engines`, {
        headers: { authorization: `Bearer ${opts.token}` },
        signal: AbortSignal.timeout(30_000),
      });
      // A server without the route keeps no engine settings for workers.
      if (res.status === 404) return null;
      const parsed = envelope(workerEngineSettingsSchema).safeParse(
        await res.json().catch(() => null),
      );
      if (!parsed.success)
        throw new Error(`/worker/v1/engines: unexpected answer (HTTP ${res.status})`);
      if (parsed.data.code !== 0) {
        throw new Error(`/worker/v1/engines: ${parsed.data.msg} (code ${parsed.data.code})`);
      }
      return parsed.data.result;
    },
    async heartbeat(taskId, workerId, progress) {
      const answer = await call(
        `/worker/v1/tasks/${taskId}/heartbeat`,
        { worker_id: workerId, ...(progress !== undefined ? { progress } : {}) },
        envelope(z.object({ continue: z.boolean() })),
      );
      return answer.result?.continue ?? false;
    },
    async preview(taskId, workerId, image) {
      await call(
        `/worker/v1/tasks/${taskId}/preview`,
        { worker_id: workerId, mime: image.mime, data: image.bytes.toString('base64') },
        envelope(z.object({ continue: z.boolean() })),
        { timeoutMs: 10_000 },
      );
    },
    async readInput(key) {
      const url = inputUrls.get(key);
      if (!url) throw new Error(`no URL for input ${key}`);
      const res = await f(new URL(url, base), { signal: AbortSignal.timeout(120_000) });
      if (!res.ok) throw new Error(`input ${key}: HTTP ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async complete(taskId, workerId, outputs: EngineOutput[]) {
      const { result } = await call(
        `/worker/v1/tasks/${taskId}/outputs`,
        {
          worker_id: workerId,
          files: outputs.map((o) => ({ kind: o.kind, mime: o.mime, size: o.bytes.length })),
        },
        envelope(
          z.object({
            uploads: z.array(
              z.object({ idx: z.number(), key: z.string(), upload_url: z.string() }),
            ),
          }),
        ),
      );
      const uploads = result?.uploads ?? [];
      await Promise.all(
        uploads.map(async (u) => {
          const output = outputs[u.idx];
          if (!output) return;
          const res = await f(new URL(u.upload_url, base), {
            method: 'PUT',
            headers: { 'content-type': output.mime },
            body: output.bytes,
            signal: AbortSignal.timeout(300_000),
          });
          if (!res.ok) throw new Error(`upload of output ${u.idx}: HTTP ${res.status}`);
        }),
      );
      const done = await call(
        `/worker/v1/tasks/${taskId}/complete`,
        {
          worker_id: workerId,
          outputs: uploads.map((u) => {
            const o = outputs[u.idx]!;
            return {
              key: u.key,
              kind: o.kind,
              ...(o.role ? { role: o.role } : {}),
              mime: o.mime,
              width: o.width,
              height: o.height,
              duration_s: o.durationS,
              seed: o.seed,
              ...(o.description ? { description: o.description } : {}),
            };
          }),
        },
        accepted,
      );
      return done.result?.accepted ?? false;
    },
    async fail(taskId, workerId, message, reason) {
      const answer = await call(
        `/worker/v1/tasks/${taskId}/fail`,
        { worker_id: workerId, message, ...(reason ? { reason } : {}) },
        accepted,
      );
      return answer.result?.accepted ?? false;
    },
    async release(taskId, workerId) {
      const answer = await call(
        `/worker/v1/tasks/${taskId}/release`,
        { worker_id: workerId },
        accepted,
      );
      return answer.result?.accepted ?? false;
    },
  };
}
