import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  fakePicture,
  readJson,
  sendJson,
  serveFake,
  type OutputFile,
} from '../model-api/fake-output-files';

/**
 * Test support: a Cog container on loopback (https://github.com/replicate/cog/blob/main/docs/http.md):
 * `GET /health-check`, `GET /openapi.json`, synchronous `POST /predictions` that answers
 * when the prediction is over with files as data URIs, and `POST /predictions/{id}/cancel`.
 * No authentication, as Cog has none.
 */

export type FakeCogFailure = 'model_error' | 'validation';

export type FakeCogOptions = {
  /** Keep predictions running until cancelled (or the client gives up). */
  hold?: boolean;
  /** The files a prediction makes; by default one PNG per `num_outputs`. */
  produce?: (input: Record<string, unknown>) => OutputFile[];
};

export type FakeCogPrediction = {
  id: string;
  input: Record<string, unknown>;
  status: 'processing' | 'succeeded' | 'failed' | 'canceled';
};

export type FakeCog = {
  baseUrl: string;
  requests: Array<{ method: string; path: string; authorization?: string; json?: unknown }>;
  predictions: FakeCogPrediction[];
  cancelled: string[];
  failNext(failure: FakeCogFailure): void;
  close(): Promise<void>;
};

const inputSchema = {
  type: 'object',
  properties: {
    prompt: { type: 'string' },
    image: { type: 'string', format: 'uri' },
    seed: { type: 'integer' },
  },
};

export async function startFakeCog(options: FakeCogOptions = {}): Promise<FakeCog> {
  let nextFailure: FakeCogFailure | undefined;
  const state: Omit<FakeCog, 'baseUrl' | 'close'> = {
    requests: [],
    predictions: [],
    cancelled: [],
    failNext: (failure) => {
      nextFailure = failure;
    },
  };

  const produce = (input: Record<string, unknown>): OutputFile[] => {
    if (options.produce) return options.produce(input);
    const count = typeof input.num_outputs === 'number' ? input.num_outputs : 1;
    const seed = typeof input.seed === 'number' ? input.seed : 0;
    return Array.from({ length: count }, (_, index) => fakePicture(seed, index));
  };

  async function predict(res: ServerResponse, json: unknown): Promise<void> {
    const body = (json ?? {}) as { id?: string; input?: Record<string, unknown> };
    const failure = nextFailure;
    nextFailure = undefined;
    if (failure === 'validation') {
      return sendJson(res, 422, {
        detail: [
          { loc: ['body', 'input', 'prompt'], msg: 'field required', type: 'value_error.missing' },
        ],
      });
    }
    const prediction: FakeCogPrediction = {
      id: body.id ?? randomUUID(),
      input: body.input ?? {},
      status: 'processing',
    };
    state.predictions.push(prediction);
    while (options.hold && prediction.status === 'processing' && !res.destroyed) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (prediction.status === 'processing')
      prediction.status = failure === 'model_error' ? 'failed' : 'succeeded';
    const output =
      prediction.status === 'succeeded'
        ? produce(prediction.input).map(
            (file) => `data:application/octet-stream;base64,${file.bytes.toString('base64')}`,
          )
        : null;
    sendJson(res, 200, {
      id: prediction.id,
      input: prediction.input,
      status: prediction.status,
      output,
      error: prediction.status === 'failed' ? 'RuntimeError: CUDA error: out of memory' : null,
      logs: ' 50%|█████     | 2/4\n100%|██████████| 4/4\n',
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, path: string, json: unknown) {
    const method = req.method ?? 'GET';
    if (method === 'GET' && path === '/health-check') {
      return sendJson(res, 200, { status: 'READY', setup: { status: 'succeeded' } });
    }
    if (method === 'GET' && path === '/openapi.json') {
      return sendJson(res, 200, {
        openapi: '3.0.2',
        components: { schemas: { Input: inputSchema } },
      });
    }
    if (method === 'POST' && path === '/predictions') return predict(res, json);
    const cancel = /^\/predictions\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel) {
      const prediction = state.predictions.find((p) => p.id === cancel[1]);
      if (!prediction) return sendJson(res, 404, { detail: 'Not found' });
      state.cancelled.push(prediction.id);
      if (prediction.status === 'processing') prediction.status = 'canceled';
      return sendJson(res, 200, {});
    }
    sendJson(res, 404, { detail: 'Not Found' });
  }

  const served = await serveFake(async (req, res, url) => {
    const json = await readJson(req);
    state.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      authorization: req.headers.authorization,
      json,
    });
    await handle(req, res, url.pathname, json);
  });
  return { ...state, ...served };
}
