import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The origin (`scheme://host[:port]`) a request reached the app at, for the absolute URLs its
 * answer carries when no PUBLIC_URL names the address (decision 0029). Set for the whole of a
 * request by `trackRequestOrigins`; outside a request (background jobs, mails) there is none
 * and callers fall back to PUBLIC_URL's default.
 */
const origins = new AsyncLocalStorage<string | undefined>();

/** A host name, IPv4 address or bracketed IPv6 address, with an optional port. */
const HOST_SHAPE =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

/**
 * Whether a Host (or trusted X-Forwarded-Host) value is `host[:port]` and nothing else: no
 * path, spaces, user info or several values, and a port in range.
 */
export function isHostShaped(host: string): boolean {
  if (host.length > 255) return false;
  const match = HOST_SHAPE.exec(host);
  if (!match) return false;
  const port = match[1];
  return port === undefined || Number(port) <= 65_535;
}

/**
 * The origin a request came in at, from Fastify's protocol and host (which believe
 * X-Forwarded-Proto and X-Forwarded-Host only from the proxies named in TRUST_PROXY), or
 * undefined when either is not well formed.
 */
export function originOf(request: FastifyRequest): string | undefined {
  const protocol = request.protocol;
  const host = request.host;
  if (protocol !== 'http' && protocol !== 'https') return undefined;
  if (typeof host !== 'string' || !isHostShaped(host)) return undefined;
  return `${protocol}://${host.toLowerCase()}`;
}

/** The origin of the request being answered, where requests' origins are tracked. */
export function requestOrigin(): string | undefined {
  return origins.getStore();
}

/** Runs `fn` as if answering a request that came in at `origin`. */
export function runInOrigin<T>(origin: string | undefined, fn: () => T): T {
  return origins.run(origin, fn);
}

const originOfRequest = new WeakMap<FastifyRequest, string | undefined>();

/**
 * Makes each request's origin what `requestOrigin()` answers while it is handled. The body of
 * a request is read in an event of the raw request, outside the scope entered on arrival, so
 * the scope is entered again before validation, for the hooks and the handler that follow.
 */
export function trackRequestOrigins(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = originOf(request);
    originOfRequest.set(request, origin);
    origins.run(origin, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    origins.run(originOfRequest.get(request), done);
  });
}
