import { envelopeSchema } from '@lumen/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z, ZodTypeAny } from 'zod';
import { ok } from './envelope';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** What a route of the caller's own records reads: its path, query and body, parsed. */
interface OwnInput<P extends ZodTypeAny, Q extends ZodTypeAny, B extends ZodTypeAny> {
  params: z.infer<P>;
  query: z.infer<Q>;
  body: z.infer<B>;
}

interface OwnRoute<
  P extends ZodTypeAny,
  Q extends ZodTypeAny,
  B extends ZodTypeAny,
  R extends ZodTypeAny,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  params?: P;
  querystring?: Q;
  body?: B;
  /** The answer's `result`; the envelope around it is added here. */
  result: R;
  handle: (userId: number, input: OwnInput<P, Q, B>) => Promise<z.infer<R>>;
}

/**
 * The scaffolding of routes that serve only the signed-in caller's own records (folders,
 * templates): each asks for a sign-in (a visitor gets the spec's 401 answer), is parsed by its
 * zod schemas, documented under the module's tags, and answers in the success envelope.
 */
export function ownRoutes(app: ZodApp, tags: string[]) {
  return function route<
    P extends ZodTypeAny = ZodTypeAny,
    Q extends ZodTypeAny = ZodTypeAny,
    B extends ZodTypeAny = ZodTypeAny,
    R extends ZodTypeAny = ZodTypeAny,
  >(spec: OwnRoute<P, Q, B, R>): void {
    app.route({
      method: spec.method,
      url: spec.url,
      schema: {
        tags,
        summary: spec.summary,
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.querystring ? { querystring: spec.querystring } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        response: { 200: envelopeSchema(spec.result) },
      },
      handler: async (request: FastifyRequest) => {
        const { user } = await request.requireAuth();
        // Fastify has parsed these with the route's own schemas above before the handler runs.
        const input = {
          params: request.params,
          query: request.query,
          body: request.body,
        } as OwnInput<P, Q, B>;
        return ok(await spec.handle(user.id, input));
      },
    });
  };
}
