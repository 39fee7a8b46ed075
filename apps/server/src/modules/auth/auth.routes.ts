import {
  appleLoginSchema,
  discordLoginSchema,
  emailLoginSchema,
  facebookLoginSchema,
  googleLoginSchema,
  lenovoLoginSchema,
  loginBodySchema,
  loginResultSchema,
  phoneLoginSchema,
  refreshResultSchema,
  registerBodySchema,
  sendCaptchaBodySchema,
  sendCaptchaResultSchema,
  userInfoSchema,
  type LoginBody,
} from '@lumen/contracts/auth';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { envelopeSchema } from '@lumen/contracts/envelope';
import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { REFRESH_COOKIE, clearSessionCookies, setSessionCookies } from './auth.plugin';
import type { AuthService } from './auth.service';
import type { CaptchaService } from './captcha.service';
import type { RequestContext, SessionService } from './session.service';

type Deps = {
  auth: AuthService;
  captcha: CaptchaService;
  sessions: SessionService;
  secureCookies: boolean;
  publicUrl: string;
};

const tags = ['auth'];
const loginResponse = { 200: envelopeSchema(loginResultSchema) };
const providerSchema = z.object({
  provider: z.enum(['google', 'discord', 'apple', 'facebook']),
  client_id: z.string(),
  authorize_url: z.string(),
  scope: z.string(),
  response_type: z.enum(['code', 'id_token']),
});

function contextOf(request: FastifyRequest): RequestContext {
  const named = request.headers['x-accept-language'] ?? request.headers['accept-language'];
  return {
    userAgent: request.headers['user-agent'] ?? null,
    ip: request.ip ?? null,
    language: named ? request.lang : null,
  };
}

/** The sign-in calls of spec §7, each answering the login result and setting the cookies. */
export const authRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  async function signIn(request: FastifyRequest, reply: FastifyReply, body: LoginBody) {
    const result = await deps.auth.login(body, contextOf(request));
    setSessionCookies(
      reply,
      {
        ticket: result.ticket,
        refreshToken: result.refresh_token,
        maxAge: result.max_age,
        sessionId: '',
      },
      deps.secureCookies,
    );
    return ok(result);
  }

  app.post(
    '/prod-api/user/captcha',
    {
      schema: {
        tags,
        summary: 'Send a 6-character verification code by e-mail or SMS',
        body: sendCaptchaBodySchema,
        response: { 200: envelopeSchema(sendCaptchaResultSchema) },
      },
    },
    async (request) => {
      const b = request.body;
      const target =
        b.method === 'email'
          ? { channel: 'email' as const, address: b.email, purpose: b.purpose }
          : { channel: 'phone' as const, address: b.phone, purpose: b.purpose };
      return ok(await deps.captcha.send(target, request.ip ?? null, request.lang));
    },
  );

  app.post(
    '/prod-api/user/login',
    {
      schema: {
        tags,
        summary: 'Sign in by any method; loginType omitted means username and password',
        body: loginBodySchema,
        response: loginResponse,
      },
    },
    (request, reply) => signIn(request, reply, request.body),
  );

  const dedicated = [
    ['/prod-api/user/login/email/captcha', emailLoginSchema, 'email'],
    ['/prod-api/user/login_phone_captcha', phoneLoginSchema, 'phone'],
    ['/prod-api/user/login/google', googleLoginSchema, 'google'],
    ['/prod-api/user/oauth/callback/discord', discordLoginSchema, 'discord'],
    ['/prod-api/user/oauth/callback/facebook', facebookLoginSchema, 'facebook'],
    ['/prod-api/user/oauth/callback/apple', appleLoginSchema, 'apple'],
    ['/prod-api/user/oauth/lenovo', lenovoLoginSchema, 'lenovo'],
  ] as const;
  for (const [url, schema, loginType] of dedicated) {
    // The path names the login type, so the body is the login body without it; the union of
    // seven object schemas has no common `omit` signature, hence the widening.
    const body = (schema as z.ZodObject<z.ZodRawShape>).omit({ loginType: true } as never);
    app.post(
      url,
      { schema: { tags, summary: `Sign in (${loginType})`, body, response: loginResponse } },
      (request, reply) =>
        signIn(request, reply, { ...(request.body as object), loginType } as LoginBody),
    );
  }

  // Spec §7 lists this call with only max_age and request_id: no credential, no partner and no
  // answer shape. A GET that signed someone in from nothing would be a login anyone could
  // trigger from another site, so it answers that the method is not offered (docs/api.md).
  app.get(
    '/prod-api/user/login/adyoung',
    {
      schema: {
        tags,
        summary: 'Partner sign-in named by the spec; not offered by this server (answers 3007)',
        querystring: z.object({
          max_age: z.coerce.number().int().positive().optional(),
          request_id: z.string().max(128).optional(),
        }),
        response: { 200: envelopeSchema(loginResultSchema) },
      },
    },
    async () => {
      throw new AppError(ErrorCode.loginMethodUnavailable, 'errors.loginMethodUnavailable', {
        provider: 'adyoung',
      });
    },
  );

  app.get(
    '/prod-api/user/oauth/providers',
    {
      schema: {
        tags,
        summary: 'Sign-in providers set up on this server, for the pop-up buttons',
        response: { 200: envelopeSchema(z.object({ data: z.array(providerSchema) })) },
      },
    },
    async () => ok({ data: deps.auth.publicProviders() }),
  );

  app.get(
    '/prod-api/user/oauth/authorize/:provider',
    {
      schema: {
        tags,
        summary: "Start a provider's sign-in pop-up: redirects to its authorize page",
        params: z.object({ provider: z.enum(['google', 'discord', 'apple', 'facebook']) }),
        querystring: z.object({
          redirect_uri: z.url(),
          state: z.string().min(8).max(256),
          nonce: z.string().min(8).max(256).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const target = deps.auth.publicProviders().find((p) => p.provider === provider);
      if (!target) {
        throw new AppError(ErrorCode.loginMethodUnavailable, 'errors.loginMethodUnavailable', {
          provider,
        });
      }
      // Only our own pop-up callback pages may receive the provider's answer.
      const redirect = new URL(request.query.redirect_uri);
      const sameSite = redirect.host === request.headers.host || redirect.origin === deps.publicUrl;
      if (!sameSite || redirect.pathname !== `/login-${provider}`) {
        throw new AppError(ErrorCode.invalidParams, 'errors.invalidField', {
          field: 'redirect_uri',
          reason: `/login-${provider}`,
        });
      }
      const url = new URL(target.authorize_url);
      url.searchParams.set('client_id', target.client_id);
      url.searchParams.set('response_type', target.response_type);
      url.searchParams.set('scope', target.scope);
      url.searchParams.set('redirect_uri', redirect.toString());
      url.searchParams.set('state', request.query.state);
      if (target.response_type === 'id_token') {
        url.searchParams.set('nonce', request.query.nonce ?? request.query.state);
        url.searchParams.set('response_mode', 'fragment');
      }
      if (provider === 'apple') url.searchParams.set('response_mode', 'query');
      return reply.redirect(url.toString(), 302);
    },
  );

  app.post(
    '/prod-api/user/register',
    {
      schema: {
        tags,
        summary: 'Create an account with a username and password, and sign in',
        body: registerBodySchema,
        response: loginResponse,
      },
    },
    async (request, reply) => {
      const result = await deps.auth.register(request.body, contextOf(request));
      setSessionCookies(
        reply,
        {
          ticket: result.ticket,
          refreshToken: result.refresh_token,
          maxAge: result.max_age,
          sessionId: '',
        },
        deps.secureCookies,
      );
      return ok(result);
    },
  );

  app.get(
    '/prod-api/user/apikey2token',
    {
      schema: {
        tags,
        summary: 'Trade the refresh token (Refresh-Token header or cookie) for a new ticket',
        headers: z.object({ 'refresh-token': z.string().max(512).optional() }),
        querystring: z.object({ max_age: z.coerce.number().int().min(60).max(3600).optional() }),
        response: { 200: envelopeSchema(refreshResultSchema) },
      },
    },
    async (request, reply) => {
      const token = request.headers['refresh-token'] || request.cookies[REFRESH_COOKIE];
      if (!token) throw new AppError(ErrorCode.refreshRejected, 'errors.refreshRejected');
      try {
        const session = await deps.sessions.refresh(token, request.query.max_age);
        setSessionCookies(reply, session, deps.secureCookies);
        return ok({
          ticket: session.ticket,
          refresh_token: session.refreshToken,
          max_age: session.maxAge,
        });
      } catch (err) {
        clearSessionCookies(reply);
        throw err;
      }
    },
  );

  app.post(
    '/prod-api/user/ticket',
    {
      schema: {
        tags,
        summary:
          'A one-time sign-in ticket (5 minutes) for an address: `/?ticket=…` signs this user in there, once',
        response: {
          200: envelopeSchema(
            z.object({ ticket: z.string(), max_age: z.number(), url: z.string() }),
          ),
        },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      const handover = await deps.auth.issueHandoverTicket(user.id, contextOf(request));
      const url = new URL('/', deps.publicUrl);
      url.searchParams.set('ticket', handover.ticket);
      return ok({ ...handover, url: url.toString() });
    },
  );

  app.post(
    '/prod-api/user/logout',
    {
      schema: {
        tags,
        summary: 'Sign out this device: its ticket and refresh token stop working',
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request, reply) => {
      const auth = await request.optionalAuth();
      if (auth) await deps.sessions.revoke(auth.sessionId, 'logout');
      clearSessionCookies(reply);
      return ok(null);
    },
  );

  app.get(
    '/prod-api/user/info',
    {
      schema: {
        tags,
        summary: 'The signed-in user, with roles and merged menus',
        response: { 200: envelopeSchema(userInfoSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireAuth();
      return ok(deps.auth.userInfo(user));
    },
  );
};
