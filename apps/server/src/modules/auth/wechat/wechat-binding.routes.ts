import {
  wechatAuthorizeResultSchema,
  wechatBindBodySchema,
  wechatBindingSchema,
} from '@lumen/contracts/account';
import { envelopeSchema } from '@lumen/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { requestOrigin } from '../../../lib/request-origin';
import type { WeChatBindingService } from './wechat-binding.service';

const tags = ['account'];

export const wechatBindingRoutes: FastifyPluginAsyncZod<{
  service: WeChatBindingService;
  publicUrl: string;
  /** Whether PUBLIC_URL names the address WeChat sends the browser back to. */
  publicUrlSet: boolean;
}> = async (app, { service, publicUrl, publicUrlSet }) => {
  const caller = async (request: {
    requireAuth(): Promise<{ user: { id: number }; sessionId: string }>;
  }) => {
    const auth = await request.requireAuth();
    return { userId: auth.user.id, sessionId: auth.sessionId };
  };

  app.get(
    '/prod-api/user/wechat',
    {
      schema: {
        tags,
        summary: 'Whether WeChat binding is offered, and the WeChat bound to my account',
        response: { 200: envelopeSchema(wechatBindingSchema) },
      },
    },
    async (request) => ok(await service.status((await caller(request)).userId)),
  );
  app.post(
    '/prod-api/user/wechat/authorize',
    {
      schema: {
        tags,
        summary: "WeChat's QR-code page for binding, with a state only this session can redeem",
        response: { 200: envelopeSchema(wechatAuthorizeResultSchema) },
      },
    },
    async (request) => {
      const origin = publicUrlSet ? publicUrl : (requestOrigin() ?? publicUrl);
      return ok(await service.authorize(await caller(request), origin));
    },
  );
  app.post(
    '/prod-api/user/wechat/bind',
    {
      schema: {
        tags,
        summary: 'Bind the WeChat that scanned the code, with the code and state it sent back',
        body: wechatBindBodySchema,
        response: { 200: envelopeSchema(wechatBindingSchema) },
      },
    },
    async (request) => ok(await service.bind(await caller(request), request.body)),
  );
  app.delete(
    '/prod-api/user/wechat',
    {
      schema: {
        tags,
        summary: 'Unbind my WeChat',
        response: { 200: envelopeSchema(wechatBindingSchema) },
      },
    },
    async (request) => ok(await service.unbind((await caller(request)).userId)),
  );
};
