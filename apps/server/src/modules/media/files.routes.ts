import { ErrorCode } from '@lumen/contracts/error-codes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UploadTooLargeError,
  type LocalObjectStore,
} from '../../adapters/storage/local-object-store';
import { attachmentDisposition } from '../../adapters/storage/object-store';
import type { MessageKey } from '../../lib/i18n/en';
import { translate } from '../../lib/i18n/translate';

const params = z.object({ '*': z.string().max(600) });
const signed = { exp: z.string().max(20), sig: z.string().max(100) };
const putQuery = z.object({ ...signed, max: z.string().max(20) });
const getQuery = z.object({ ...signed, dn: z.string().max(255).optional() });

/**
 * Refusals of an upload come before its body is read: closing the connection stops the client
 * sending the rest and frees the socket (keep-alive would leave it busy with unread bytes).
 */
function refuse(reply: FastifyReply, status: number, text: string) {
  return reply.status(status).header('connection', 'close').type('text/plain').send(text);
}

/** An upload's refusal, in the envelope and the caller's language, which the web app shows. */
function refuseUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: number,
  key: MessageKey,
) {
  return reply
    .status(status)
    .header('connection', 'close')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ code, msg: translate(request.lang, key), result: null }));
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range); null when it cannot be satisfied. */
export function parseRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, from = '', to = ''] = match;
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start <= end && start < size ? { start, end } : null;
}

/**
 * The local store's stand-in for S3 presigned URLs: `PUT /files/upload/<key>` and
 * `GET /files/<key>`, each valid only with the signature and expiry the store issued.
 */
export const localFileRoutes: FastifyPluginAsyncZod<{ store: LocalObjectStore }> = async (
  app,
  { store },
) => {
  // Uploads are raw media bytes of any type, streamed to disk; the parser is scoped to this plugin.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.put(
    '/files/upload/*',
    { schema: { hide: true, params, querystring: putQuery } },
    async (request, reply) => {
      const key = request.params['*'];
      const { exp, sig, max } = request.query;
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
      const valid = store.verifySignature({
        method: 'PUT',
        key,
        exp,
        sig,
        max,
        contentType: contentType.toLowerCase(),
      });
      if (!valid) return refuseUpload(request, reply, 403, ErrorCode.forbidden, 'errors.forbidden');
      // `max` is the size the uploader declared: more is refused before or while it streams,
      // and the partial file is removed.
      const maxBytes = Number(max);
      const tooLarge = () =>
        refuseUpload(request, reply, 413, ErrorCode.invalidParams, 'errors.payloadTooLarge');
      if (Number(request.headers['content-length'] ?? 0) > maxBytes) return tooLarge();
      try {
        await store.writeStream(key, request.raw, maxBytes);
      } catch (err) {
        if (err instanceof UploadTooLargeError) return tooLarge();
        throw err;
      }
      return reply.status(200).send();
    },
  );

  app.get(
    '/files/*',
    { schema: { hide: true, params, querystring: getQuery } },
    async (request, reply) => {
      const key = request.params['*'];
      const { exp, sig, dn } = request.query;
      if (!store.verifySignature({ method: 'GET', key, exp, sig, downloadName: dn })) {
        return refuse(reply, 403, 'Forbidden: signature mismatch or expired');
      }
      const file = await store.openRead(key);
      if (!file) return refuse(reply, 404, 'Not found');
      reply
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        // An SVG opened from here must not run script in the app's origin.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .type(file.contentType);
      if (dn) reply.header('content-disposition', attachmentDisposition(dn));
      const rangeHeader = request.headers.range;
      if (!rangeHeader) {
        return reply.header('content-length', file.size).send(file.stream());
      }
      const range = parseRange(rangeHeader, file.size);
      if (!range) {
        return reply.header('content-range', `bytes */${file.size}`).status(416).send();
      }
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(file.stream(range));
    },
  );
};
