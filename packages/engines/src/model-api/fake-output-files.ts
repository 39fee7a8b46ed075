import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPng } from '../comfyui/fake-png';
import { detectMedia } from './media-type';

/**
 * Test support shared by the fakes of hosted model APIs: output files served over HTTP that
 * expire, as the real APIs' delivery URLs do (Replicate's after an hour, fal's after a while),
 * so a test proves outputs are downloaded at once rather than linked to.
 */

export type OutputFile = { bytes: Buffer; name: string };

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req);
  return body.length === 0 ? undefined : (JSON.parse(body.toString('utf8')) as unknown);
}

/** A small PNG whose colour follows the seed and index, so two outputs never match. */
export function fakePicture(seed: number, index: number): OutputFile {
  const shade = (seed * 37 + index * 91) % 256;
  return {
    bytes: createPng(64, 48, [shade, 255 - shade, (index * 60) % 256]),
    name: `out-${index}.png`,
  };
}

export function createOutputHost(ttlMs: number) {
  const files = new Map<string, { file: OutputFile; expires: number }>();
  return {
    /** Stores a file and answers its path on the fake (`/delivery/<id>/<name>`). */
    publish(file: OutputFile): string {
      const id = randomUUID();
      files.set(id, { file, expires: Date.now() + ttlMs });
      return `/delivery/${id}/${file.name}`;
    },
    expireAll(): void {
      for (const entry of files.values()) entry.expires = 0;
    },
    /** Serves `/delivery/...`; answers false for other paths. */
    serve(path: string, res: ServerResponse): boolean {
      const match = /^\/delivery\/([^/]+)\//.exec(path);
      if (!match) return false;
      const entry = files.get(match[1] ?? '');
      if (!entry || entry.expires <= Date.now()) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('This file has expired');
        return true;
      }
      const type = detectMedia(entry.file.bytes)?.mime ?? 'application/octet-stream';
      res.writeHead(200, { 'content-type': type, 'content-length': entry.file.bytes.length });
      res.end(entry.file.bytes);
      return true;
    },
  };
}

/**
 * Serves a fake API on a loopback port: `handle` answers each request, and a handler that
 * throws answers 500 with the error, as a real API's failure would. `close` drops open
 * connections, so a test's end never waits on a keep-alive socket.
 */
export async function serveFake(
  handle: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>,
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    handle(req, res, new URL(req.url ?? '/', 'http://fake')).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { detail: String(err) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
