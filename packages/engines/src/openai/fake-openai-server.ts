import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPng } from '../comfyui/fake-png';
import { readImageInfo } from '../comfyui/image-size';

/**
 * Test support: an OpenAI-compatible API on loopback (`/v1/images/generations`,
 * `/v1/images/edits` with its multipart image and mask, `/v1/chat/completions`) with the real
 * answer and error shapes. It checks the bearer key and an edit's mask (an RGBA PNG the
 * image's size) and records every request so tests can assert what was sent.
 */

export type FakeUpload = { field: string; filename: string; type: string; bytes: Buffer };
export type FakeRequest = {
  path: string;
  headers: IncomingHttpHeaders;
  json?: Record<string, unknown>;
  fields?: Record<string, string>;
  files?: FakeUpload[];
};
export type ChatMessage = { role: string; content: string };

export type FakeOpenAiOptions = {
  apiKey: string;
  /** Answer images as `url` (DALL·E style) instead of `b64_json`. */
  answerWithUrls?: boolean;
  /** Wait before answering, to exercise time limits. */
  delayMs?: number;
};

export type FakeOpenAi = {
  baseUrl: string;
  requests: FakeRequest[];
  /** The authorization header of each image downloaded by URL. */
  downloads: Array<string | undefined>;
  failNext(status: number, message: string, code?: string): void;
  replyToChat(reply: (messages: ChatMessage[]) => string): void;
  close(): Promise<void>;
};

const gptImageSizes = ['1024x1024', '1536x1024', '1024x1536', 'auto'];

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function apiError(
  res: ServerResponse,
  status: number,
  message: string,
  code: string | null = null,
): void {
  const type = status >= 500 ? 'server_error' : 'invalid_request_error';
  sendJson(res, status, { error: { message, type, param: null, code } });
}

async function readRequest(req: IncomingMessage, path: string): Promise<FakeRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  const request: FakeRequest = { path, headers: req.headers };
  if (type.startsWith('application/json')) {
    request.json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } else if (type.startsWith('multipart/form-data')) {
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: new Uint8Array(body),
    }).formData();
    request.fields = {};
    request.files = [];
    for (const [field, value] of form.entries()) {
      if (typeof value === 'string') request.fields[field] = value;
      else {
        const bytes = Buffer.from(await value.arrayBuffer());
        request.files.push({ field, filename: value.name, type: value.type, bytes });
      }
    }
  }
  return request;
}

/** PNG colour types with an alpha channel: greyscale + alpha (4) and RGBA (6). */
const alphaColourTypes = new Set([4, 6]);

/**
 * The edits endpoint's rules for a mask: a PNG with an alpha channel (transparent = edit) of
 * exactly the first image's dimensions. Answers the refusal, or undefined when it is fine.
 */
function checkMask(mask: Buffer, image: Buffer): string | undefined {
  const info = readImageInfo(mask);
  if (info?.mime !== 'image/png' || !alphaColourTypes.has(mask[25] ?? -1)) {
    return 'Invalid mask image format - mask must be a PNG with an alpha channel.';
  }
  const picture = readImageInfo(image);
  if (!picture || picture.width !== info.width || picture.height !== info.height) {
    return `Invalid mask image - the mask (${info.width}x${info.height}) and the image must have the same dimensions.`;
  }
  return undefined;
}

export async function startFakeOpenAi(options: FakeOpenAiOptions): Promise<FakeOpenAi> {
  const requests: FakeRequest[] = [];
  const downloads: Array<string | undefined> = [];
  let failure: { status: number; message: string; code?: string } | undefined;
  let chatReply = (messages: ChatMessage[]) => `${messages.at(-1)?.content ?? ''}, in rich detail`;
  let baseUrl = '';

  function answerImages(res: ServerResponse, params: Record<string, unknown>): void {
    const model = String(params.model ?? '');
    const size = String(params.size ?? '1024x1024');
    if (!params.prompt) return apiError(res, 400, "Missing required parameter: 'prompt'.");
    if (model.startsWith('gpt-image') && 'response_format' in params) {
      return apiError(res, 400, "Unknown parameter: 'response_format'.", 'unknown_parameter');
    }
    if (model.startsWith('gpt-image') && !gptImageSizes.includes(size)) {
      return apiError(
        res,
        400,
        `Invalid value: '${size}'. Supported values are: ${gptImageSizes.join(', ')}.`,
      );
    }
    const [width = 1024, height = 1024] = size.split('x').map(Number);
    const data = Array.from({ length: Number(params.n ?? 1) }, (_, i) => {
      if (options.answerWithUrls) return { url: `${baseUrl}/files/${width}x${height}.png?i=${i}` };
      return { b64_json: createPng(width, height, [i * 40, 90, 160]).toString('base64') };
    });
    sendJson(res, 200, { created: Math.floor(Date.now() / 1000), data });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname.startsWith('/files/')) {
      downloads.push(req.headers.authorization);
      const [width = 1, height = 1] = url.pathname
        .slice(7)
        .replace('.png', '')
        .split('x')
        .map(Number);
      res.writeHead(200, { 'content-type': 'image/png' });
      return void res.end(createPng(width, height));
    }
    const path = url.pathname.replace(/^\/v1/, '');
    const request = await readRequest(req, path);
    requests.push(request);
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
      const shown = (req.headers.authorization ?? '').replace('Bearer ', '').slice(0, 6);
      return apiError(res, 401, `Incorrect API key provided: ${shown}***.`, 'invalid_api_key');
    }
    if (failure) {
      const { status, message, code } = failure;
      failure = undefined;
      return apiError(res, status, message, code ?? null);
    }
    if (path === '/images/generations' && request.json) return answerImages(res, request.json);
    if (path === '/images/edits' && request.fields) {
      const images = (request.files ?? []).filter(
        (f) => f.field === 'image' || f.field === 'image[]',
      );
      if (images.length === 0) return apiError(res, 400, "Missing required parameter: 'image'.");
      const mask = request.files?.find((f) => f.field === 'mask');
      const refusal = mask && checkMask(mask.bytes, images[0]!.bytes);
      if (refusal) return apiError(res, 400, refusal, 'invalid_image_format');
      return answerImages(res, request.fields);
    }
    if (path === '/chat/completions' && request.json) {
      const messages = (request.json.messages ?? []) as ChatMessage[];
      return sendJson(res, 200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: request.json.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: chatReply(messages) },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
      });
    }
    apiError(res, 404, `Invalid URL (${req.method} ${url.pathname})`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => apiError(res, 500, String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: `${baseUrl}/v1`,
    requests,
    downloads,
    failNext: (status, message, code) => {
      failure = { status, message, code };
    },
    replyToChat: (reply) => {
      chatReply = reply;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
