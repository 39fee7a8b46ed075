import { randomBytes, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type AccountClaims } from 'oidc-provider';
import type { OAuthProviderConfig } from '../../../config/env';

/** A user of the test provider; the claims its ID tokens and userinfo answer carry. */
export type TestAccount = AccountClaims & {
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
};

export type TestFlowOptions = {
  /** Who signs in; defaults to the provider's current default account. */
  account?: TestAccount;
  scope?: string;
  redirectUri?: string;
  nonce?: string;
};

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** This provider in the shape of `config.oauth.<name>`, to point any provider setting at it. */
  providerConfig(): OAuthProviderConfig;
  /** Who signs in when a browser drives the pop-up itself (no `login_hint` to choose). */
  useAccount(account: TestAccount): void;
  /** Runs the authorization-code flow and returns the code the redirect URI would receive. */
  getCode(options?: TestFlowOptions): Promise<string>;
  /** Runs the implicit flow and returns the ID token the redirect URI's fragment would carry. */
  getIdToken(options?: TestFlowOptions): Promise<string>;
  close(): Promise<void>;
};

export const defaultTestAccount: TestAccount = {
  sub: 'oidc-user-1',
  email: 'oidc.user@example.test',
  email_verified: true,
  name: 'Oidc User',
};

/**
 * A real OpenID provider (oidc-provider) on a loopback port. Every sign-in is approved at
 * once by our own interaction handler: it signs in the account named by `login_hint` (or the
 * default one) and grants the requested scopes, so no login or consent page has to be driven.
 */
export async function startTestOidcProvider(
  options: {
    clientId?: string;
    clientSecret?: string;
    redirectUris?: string[];
    /** A fixed port, for a browser run whose app is configured before the provider starts. */
    port?: number;
  } = {},
): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'lumen-test-client';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('hex');
  const redirectUris = options.redirectUris ?? ['http://127.0.0.1/oauth/callback'];
  const redirectUri = redirectUris[0] ?? 'http://127.0.0.1/oauth/callback';
  const accounts = new Map<string, TestAccount>([[defaultTestAccount.sub, defaultTestAccount]]);
  let defaultSub = defaultTestAccount.sub;

  const server = http.createServer();
  // A taken fixed port fails the start instead of crashing the process.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: randomUUID(),
    alg: 'RS256',
    use: 'sig',
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code', 'implicit'],
        response_types: ['code', 'id_token'],
        // What our verifier sends (as Discord, Facebook and Apple accept), not HTTP Basic.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google and Apple, put the user's claims in every ID token, not only implicit ones.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => false },
    // Set explicitly only so the library does not print a notice per default it falls back on.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      return account && { accountId: id, claims: () => account };
    },
  });
  // Web clients using the implicit flow must have https, non-localhost redirect URIs; tests
  // and browser runs redirect to plain http on loopback (the library's documented override).
  const schema = provider.Client.Schema.prototype;
  const invalidate = schema.invalidate;
  schema.invalidate = function (message, code) {
    if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') return;
    invalidate.call(this, message, code);
  };

  async function approveInteraction(req: IncomingMessage, res: ServerResponse) {
    const { params } = await provider.interactionDetails(req, res);
    const hint = typeof params.login_hint === 'string' ? params.login_hint : undefined;
    const accountId = hint && accounts.has(hint) ? hint : defaultSub;
    const grant = new provider.Grant({ accountId, clientId: String(params.client_id) });
    grant.addOIDCScope(String(params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const handleProvider = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) return handleProvider(req, res);
    approveInteraction(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(error instanceof Error ? error.message : 'interaction failed');
    });
  });

  /** Walks the redirects of one authorization request and returns where it lands. */
  async function authorize(responseType: 'code' | 'id_token', flow: TestFlowOptions) {
    const account = flow.account ?? accounts.get(defaultSub) ?? defaultTestAccount;
    accounts.set(account.sub, account);
    const target = flow.redirectUri ?? redirectUri;
    const url = new URL('/auth', issuer);
    url.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: target,
      response_type: responseType,
      scope: flow.scope ?? 'openid email profile',
      state: randomUUID(),
      nonce: flow.nonce ?? randomUUID(),
      login_hint: account.sub,
    }).toString();
    const cookies = new Map<string, string>();
    let next = url.toString();
    for (let hop = 0; hop < 10; hop += 1) {
      const response = await fetch(next, {
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        if (value) cookies.set(name, value);
        else cookies.delete(name);
      }
      const location = response.headers.get('location');
      if (!location) {
        throw new Error(
          `authorization stopped with HTTP ${response.status}: ${await response.text()}`,
        );
      }
      next = new URL(location, next).toString();
      if (next.startsWith(target)) return new URL(next);
    }
    throw new Error('authorization did not reach the redirect URI');
  }

  function readAnswer(params: URLSearchParams, name: 'code' | 'id_token'): string {
    const value = params.get(name);
    if (!value) throw new Error(`provider answered ${params.get('error') ?? 'without ' + name}`);
    return value;
  }

  return {
    issuer,
    clientId,
    clientSecret,
    redirectUri,
    providerConfig: () => ({
      clientId,
      clientSecret,
      authorizeUrl: `${issuer}/auth`,
      tokenUrl: `${issuer}/token`,
      userinfoUrl: `${issuer}/me`,
      jwksUrl: `${issuer}/jwks`,
      issuer,
      scope: 'openid email profile',
    }),
    useAccount(account) {
      accounts.set(account.sub, account);
      defaultSub = account.sub;
    },
    async getCode(flow = {}) {
      const landed = await authorize('code', flow);
      return readAnswer(landed.searchParams, 'code');
    },
    async getIdToken(flow = {}) {
      const landed = await authorize('id_token', flow);
      return readAnswer(new URLSearchParams(landed.hash.slice(1)), 'id_token');
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
