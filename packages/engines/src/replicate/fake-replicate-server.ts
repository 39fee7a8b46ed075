import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createOutputHost,
  fakePicture,
  readBody,
  readJson,
  sendJson,
  type OutputFile,
  serveFake,
} from '../model-api/fake-output-files';

/**
 * Test support: Replicate's HTTP API on loopback (predictions on models and versions, polling,
 * cancel, the files API, account and model lookups) with Bearer auth (a Cog container's API is
 * `fake-cog-server.ts`).
 * Predictions move one state per poll: starting → processing (tqdm-style logs) → succeeded;
 * output URLs point at this server and expire.
 */

export type FakeReplicateFailure =
  'model_error' | 'validation' | 'unauthorized' | 'rate_limited' | 'server_error';

export type FakeReplicateOptions = {
  token?: string;
  /** How long output URLs answer (default 60 s). */
  outputTtlMs?: number;
  /** Keep predictions processing until cancelled. */
  hold?: boolean;
  /** The files a prediction makes; by default one PNG per `num_outputs`. */
  produce?: (model: string, input: Record<string, unknown>) => OutputFile[];
  /** `list` (default) answers a list of URLs, `string` a single URL. */
  outputShape?: 'list' | 'string';
};

export type FakePrediction = {
  id: string;
  model: string;
  input: Record<string, unknown>;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  polls: number;
  failure?: FakeReplicateFailure;
  output?: unknown;
};

export type FakeRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  json?: unknown;
};

export type FakeReplicate = {
  baseUrl: string;
  requests: FakeRequest[];
  predictions: FakePrediction[];
  cancelled: string[];
  uploads: Array<{ name: string; type: string; bytes: Buffer }>;
  failNext(failure: FakeReplicateFailure): void;
  expireOutputs(): void;
  close(): Promise<void>;
};

const logLines = ['  0%|          | 0/4', ' 50%|█████     | 2/4', '100%|██████████| 4/4'];

export async function startFakeReplicate(
  options: FakeReplicateOptions = {},
): Promise<FakeReplicate> {
  const token = options.token ?? 'r8_fake_token';
  const host = createOutputHost(options.outputTtlMs ?? 60_000);
  let nextFailure: FakeReplicateFailure | undefined;
  let baseUrl = '';
  const state: Omit<FakeReplicate, 'baseUrl' | 'close'> = {
    requests: [],
    predictions: [],
    cancelled: [],
    uploads: [],
    failNext: (failure) => {
      nextFailure = failure;
    },
    expireOutputs: () => host.expireAll(),
  };

  const produce = (model: string, input: Record<string, unknown>): OutputFile[] => {
    if (options.produce) return options.produce(model, input);
    const count = typeof input.num_outputs === 'number' ? input.num_outputs : 1;
    const seed = typeof input.seed === 'number' ? input.seed : 0;
    return Array.from({ length: count }, (_, index) => fakePicture(seed, index));
  };

  function finish(prediction: FakePrediction): void {
    if (prediction.failure === 'model_error') {
      prediction.status = 'failed';
      return;
    }
    const files = produce(prediction.model, prediction.input);
    const urls = files.map((file) => `${baseUrl}${host.publish(file)}`);
    prediction.output = options.outputShape === 'string' ? urls[0] : urls;
    prediction.status = 'succeeded';
  }

  function view(prediction: FakePrediction) {
    const logs =
      prediction.status === 'starting' ? '' : logLines.slice(0, prediction.polls).join('\n');
    return {
      id: prediction.id,
      model: prediction.model,
      version: prediction.model.split(':')[1] ?? 'hidden',
      input: prediction.input,
      status: prediction.status,
      output: prediction.output ?? null,
      error:
        prediction.status === 'failed' ? 'CUDA out of memory. Tried to allocate 2.00 GiB' : null,
      logs,
      urls: {
        get: `${baseUrl}/v1/predictions/${prediction.id}`,
        cancel: `${baseUrl}/v1/predictions/${prediction.id}/cancel`,
      },
    };
  }

  /** One poll moves a prediction one step: starting → processing → … → succeeded. */
  function advance(prediction: FakePrediction): void {
    if (prediction.status === 'starting') prediction.status = 'processing';
    else if (prediction.status === 'processing' && !options.hold) {
      prediction.polls += 1;
      if (prediction.polls >= logLines.length) finish(prediction);
    }
  }

  function refuse(res: ServerResponse, failure: FakeReplicateFailure): void {
    if (failure === 'unauthorized') {
      sendJson(res, 401, {
        title: 'Unauthenticated',
        detail: 'You did not pass a valid authentication token',
        status: 401,
      });
    } else if (failure === 'rate_limited') {
      sendJson(res, 429, {
        title: 'Too Many Requests',
        detail: 'Request was throttled.',
        status: 429,
      });
    } else if (failure === 'validation') {
      sendJson(res, 422, {
        title: 'Input validation failed',
        detail: '- input.prompt: Invalid type. Expected: string, given: integer',
        status: 422,
      });
    } else {
      sendJson(res, 500, {
        title: 'Internal server error',
        detail: 'Something went wrong',
        status: 500,
      });
    }
  }

  async function createPrediction(
    req: IncomingMessage,
    res: ServerResponse,
    model: string | undefined,
    json: unknown,
  ) {
    const body = (json ?? {}) as { version?: string; input?: Record<string, unknown> };
    const failure = nextFailure;
    nextFailure = undefined;
    if (failure && failure !== 'model_error') return refuse(res, failure);
    if (!body.input || typeof body.input !== 'object') {
      return sendJson(res, 422, {
        title: 'Input validation failed',
        detail: '- input is required',
        status: 422,
      });
    }
    const resolved = model ?? `fake/versioned:${body.version ?? ''}`;
    if (!model && !body.version) {
      return sendJson(res, 422, {
        title: 'Invalid version',
        detail: 'version is required',
        status: 422,
      });
    }
    const prediction: FakePrediction = {
      id: randomUUID().slice(0, 12),
      model: resolved,
      input: body.input,
      status: 'starting',
      polls: 0,
      failure,
    };
    state.predictions.push(prediction);
    sendJson(res, 201, view(prediction));
  }

  async function handleReplicate(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    json: unknown,
  ) {
    if (req.headers.authorization !== `Bearer ${token}`) return refuse(res, 'unauthorized');
    const method = req.method ?? 'GET';
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/v1/account') {
      return sendJson(res, 200, { type: 'organization', username: 'lumen-ops', name: 'Lumen Ops' });
    }
    if (method === 'POST' && (m = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(path))) {
      return createPrediction(req, res, `${m[1]}/${m[2]}`, json);
    }
    if (method === 'GET' && (m = /^\/v1\/models\/([^/]+)\/([^/]+)$/.exec(path))) {
      if (m[1] === 'missing') return sendJson(res, 404, { detail: 'Not found.', status: 404 });
      return sendJson(res, 200, { owner: m[1], name: m[2], visibility: 'public' });
    }
    if (method === 'POST' && path === '/v1/predictions')
      return createPrediction(req, res, undefined, json);
    if ((m = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/.exec(path))) {
      const prediction = state.predictions.find((p) => p.id === m?.[1]);
      if (!prediction) return sendJson(res, 404, { detail: 'Not found.', status: 404 });
      if (m[2] && method === 'POST') {
        state.cancelled.push(prediction.id);
        if (prediction.status === 'starting' || prediction.status === 'processing')
          prediction.status = 'canceled';
        return sendJson(res, 200, view(prediction));
      }
      if (method === 'GET') {
        advance(prediction);
        return sendJson(res, 200, view(prediction));
      }
    }
    if (method === 'POST' && path === '/v1/files') {
      const form = await new Request('http://fake/files', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: new Uint8Array(json as Buffer),
      }).formData();
      const content = form.get('content');
      if (!(content instanceof Blob))
        return sendJson(res, 400, { detail: 'content is required', status: 400 });
      const id = randomUUID();
      const name = content instanceof File ? content.name : 'file';
      state.uploads.push({
        name,
        type: content.type,
        bytes: Buffer.from(await content.arrayBuffer()),
      });
      return sendJson(res, 201, {
        id,
        name,
        content_type: content.type,
        size: content.size,
        urls: { get: `${baseUrl}/v1/files/${id}` },
      });
    }
    sendJson(res, 404, { detail: 'Not found.', status: 404 });
  }

  const served = await serveFake(async (req, res, url) => {
    const path = url.pathname;
    if (host.serve(path, res)) return;
    const isForm = (req.headers['content-type'] ?? '').startsWith('multipart/');
    const json = isForm ? await readBody(req) : await readJson(req);
    state.requests.push({
      method: req.method ?? 'GET',
      path,
      authorization: req.headers.authorization,
      json: isForm ? undefined : json,
    });
    return handleReplicate(req, res, path, json);
  });
  baseUrl = served.baseUrl;
  return { ...state, ...served };
}
