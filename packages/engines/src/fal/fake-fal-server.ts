import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createOutputHost,
  fakePicture,
  readJson,
  sendJson,
  type OutputFile,
  serveFake,
} from '../model-api/fake-output-files';
import { readImageInfo } from '../comfyui/image-size';

/**
 * Test support: fal's queue API on loopback. `POST /{app id}` queues a request and answers its
 * status, response and cancel URLs under the base app id; each status poll moves it one step:
 * IN_QUEUE (positions 2, 1, 0) → IN_PROGRESS (logs) → COMPLETED. The response is the app's
 * result with file URLs on this server that expire. `Authorization: Key` is checked.
 */

export type FakeFalFailure = 'model_error' | 'validation' | 'unauthorized';

export type FakeFalOptions = {
  key?: string;
  outputTtlMs?: number;
  /** Keep requests in progress until cancelled. */
  hold?: boolean;
  /** The app's result; `publish` turns a file into a URL on the fake. By default `{ images }`. */
  produce?: (
    app: string,
    input: Record<string, unknown>,
    publish: (file: OutputFile) => string,
  ) => unknown;
};

export type FakeFalRequest = {
  id: string;
  app: string;
  input: Record<string, unknown>;
  polls: number;
  status: 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED';
  failure?: FakeFalFailure;
  cancelled: boolean;
  result?: unknown;
};

export type FakeFal = {
  baseUrl: string;
  requests: Array<{
    method: string;
    path: string;
    query: string;
    authorization?: string;
    json?: unknown;
  }>;
  jobs: FakeFalRequest[];
  cancelled: string[];
  failNext(failure: FakeFalFailure): void;
  expireOutputs(): void;
  close(): Promise<void>;
};

const queueSteps = 3;

export async function startFakeFal(options: FakeFalOptions = {}): Promise<FakeFal> {
  const key = options.key ?? 'fal-key-id:fal-key-secret';
  const host = createOutputHost(options.outputTtlMs ?? 60_000);
  let nextFailure: FakeFalFailure | undefined;
  let baseUrl = '';
  const state: Omit<FakeFal, 'baseUrl' | 'close'> = {
    requests: [],
    jobs: [],
    cancelled: [],
    failNext: (failure) => {
      nextFailure = failure;
    },
    expireOutputs: () => host.expireAll(),
  };
  const publish = (file: OutputFile) => `${baseUrl}${host.publish(file)}`;

  const produce = (app: string, input: Record<string, unknown>): unknown => {
    if (options.produce) return options.produce(app, input, publish);
    const count = typeof input.num_images === 'number' ? input.num_images : 1;
    const seed = typeof input.seed === 'number' ? input.seed : 0;
    const images = Array.from({ length: count }, (_, index) => {
      const file = fakePicture(seed, index);
      const info = readImageInfo(file.bytes);
      return {
        url: publish(file),
        width: info?.width,
        height: info?.height,
        content_type: 'image/png',
      };
    });
    return {
      images,
      seed,
      has_nsfw_concepts: images.map(() => false),
      timings: { inference: 0.4 },
    };
  };

  function statusView(job: FakeFalRequest) {
    const urls = requestUrls(job);
    if (job.status === 'IN_QUEUE') {
      return { status: 'IN_QUEUE', queue_position: queueSteps - 1 - job.polls, ...urls };
    }
    const logs = [
      {
        message: 'Loading model',
        level: 'INFO',
        source: 'USER',
        timestamp: new Date().toISOString(),
      },
      {
        message: ' 40%|████      | 8/20',
        level: 'INFO',
        source: 'USER',
        timestamp: new Date().toISOString(),
      },
    ];
    return { status: job.status, logs, ...urls };
  }

  function requestUrls(job: FakeFalRequest) {
    const base = `${baseUrl}/${job.app.split('/').slice(0, 2).join('/')}/requests/${job.id}`;
    return {
      request_id: job.id,
      status_url: `${base}/status`,
      response_url: base,
      cancel_url: `${base}/cancel`,
    };
  }

  function advance(job: FakeFalRequest): void {
    job.polls += 1;
    if (job.status === 'IN_QUEUE' && job.polls >= queueSteps) job.status = 'IN_PROGRESS';
    else if (job.status === 'IN_PROGRESS' && !(options.hold && !job.cancelled)) {
      job.status = 'COMPLETED';
      if (!job.failure && !job.cancelled) job.result = produce(job.app, job.input);
    }
  }

  function answerResult(res: ServerResponse, job: FakeFalRequest): void {
    if (job.status !== 'COMPLETED')
      return sendJson(res, 400, { detail: 'Request is still in progress' });
    if (job.cancelled) return sendJson(res, 400, { detail: 'Request was cancelled' });
    if (job.failure === 'validation') {
      return sendJson(res, 422, {
        detail: [
          {
            loc: ['body', 'image_size'],
            msg: 'value is not a valid enumeration member',
            type: 'type_error.enum',
          },
        ],
      });
    }
    if (job.failure === 'model_error')
      return sendJson(res, 500, { detail: 'Internal error: the model crashed' });
    sendJson(res, 200, job.result);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, path: string, json: unknown) {
    if (req.headers.authorization !== `Key ${key}`) {
      return sendJson(res, 401, { detail: 'No user found for Key ID and Secret' });
    }
    const method = req.method ?? 'GET';
    const m = /^\/(.+?)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(path);
    if (m) {
      const job = state.jobs.find((j) => j.id === m[2] && j.app.startsWith(`${m[1]}`));
      if (!job) return sendJson(res, 404, { detail: 'Request not found' });
      if (m[3] === '/status' && method === 'GET') {
        advance(job);
        return sendJson(res, 200, statusView(job));
      }
      if (m[3] === '/cancel' && method === 'PUT') {
        state.cancelled.push(job.id);
        if (job.status === 'COMPLETED') return sendJson(res, 400, { status: 'ALREADY_COMPLETED' });
        job.cancelled = true;
        return sendJson(res, 202, { status: 'CANCELLATION_REQUESTED' });
      }
      if (!m[3] && method === 'GET') return answerResult(res, job);
      return sendJson(res, 405, { detail: 'Method not allowed' });
    }
    if (method === 'POST' && /^\/[\w.-]+\/[\w./-]+$/.test(path)) {
      const failure = nextFailure;
      nextFailure = undefined;
      if (failure === 'unauthorized')
        return sendJson(res, 401, { detail: 'No user found for Key ID and Secret' });
      const job: FakeFalRequest = {
        id: randomUUID(),
        app: path.slice(1),
        input: (json ?? {}) as Record<string, unknown>,
        polls: 0,
        status: 'IN_QUEUE',
        failure,
        cancelled: false,
      };
      state.jobs.push(job);
      return sendJson(res, 200, { ...requestUrls(job), queue_position: queueSteps - 1 });
    }
    sendJson(res, 404, { detail: 'Not found' });
  }

  const served = await serveFake(async (req, res, url) => {
    if (host.serve(url.pathname, res)) return;
    const json = await readJson(req);
    state.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      authorization: req.headers.authorization,
      json,
    });
    await handle(req, res, url.pathname, json);
  });
  baseUrl = served.baseUrl;
  return { ...state, ...served };
}
