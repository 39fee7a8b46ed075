import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A request that takes this long is logged at `warn` whatever the level asks for below it. */
export const SLOW_REQUEST_MS = 1000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route holds its request open on purpose (a long-polling claim, an event stream). */
    longLived?: boolean;
  }
}

/**
 * One line per answered request, in place of Fastify's two (incoming, completed) at `info`:
 * writing every request cost the feed a visible share of its throughput. Server errors are
 * logged at `error`, slow requests at `warn`, everything else at `debug` only. The query
 * string is left out: it may carry a ticket or a code.
 */
export const requestLogPlugin = fp<{ slowMs?: number }>(
  async (app: FastifyInstance, { slowMs = SLOW_REQUEST_MS }) => {
    app.addHook('onResponse', async (request, reply) => {
      const ms = reply.elapsedTime;
      const status = reply.statusCode;
      const slow = ms >= slowMs && !request.routeOptions.config.longLived;
      const level = status >= 500 ? 'error' : slow ? 'warn' : 'debug';
      const query = request.url.indexOf('?');
      request.log[level](
        {
          method: request.method,
          url: query < 0 ? request.url : request.url.slice(0, query),
          status,
          ms: Math.round(ms * 10) / 10,
        },
        status >= 500 ? 'request failed' : slow ? 'slow request' : 'request',
      );
    });
  },
  { name: 'request-log' },
);
