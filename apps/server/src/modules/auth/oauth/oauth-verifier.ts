import { ErrorCode } from '@lumen/contracts/error-codes';
import { createRemoteJWKSet, customFetch, jwtVerify } from 'jose';
import { z } from 'zod';
import { oauthProviders, type Config, type OAuthProviderName } from '../../../config/env';
import { AppError } from '../../../lib/app-error';
import type { ExternalIdentity, PublicProvider } from './external-identity';
import { identityFromProfile, isRecord } from './external-profile';
import { resolveProvider, type ResolvedProvider } from './oauth-defaults';

export type CodeProvider = 'discord' | 'facebook' | 'apple';

export type CodeExchange = {
  code: string;
  redirectUri?: string;
  /** Apple only: which of the configured client ids the pop-up used. */
  clientId?: string;
};

export type PartnerLogin = { token: string; appId: string };

/** Checks what a sign-in provider hands the browser and says who the user is. */
export type OAuthVerifier = {
  publicProviders(): PublicProvider[];
  verifyGoogleCredential(credential: string, nonce?: string): Promise<ExternalIdentity>;
  exchangeCode(provider: CodeProvider, exchange: CodeExchange): Promise<ExternalIdentity>;
  verifyPartnerToken(login: PartnerLogin): Promise<ExternalIdentity>;
};

export type OAuthVerifierOptions = {
  oauth: Config['oauth'];
  partner: Config['partner'];
  fetch?: typeof globalThis.fetch;
  /** Told why a sign-in was refused (never the token itself); users only see "login failed". */
  logger?: { warn(details: Record<string, unknown>, message: string): void };
};

const timeoutMs = 10_000;
const partnerName = 'Lenovo';

const tokenAnswerSchema = z.looseObject({
  access_token: z.string().min(1).optional(),
  id_token: z.string().min(1).optional(),
});

const partnerUserSchema = z.looseObject({
  uid: z.union([z.string().min(1), z.number()]),
  nickname: z.string().nullish(),
  avatar: z.string().nullish(),
  email: z.string().nullish(),
});

export function createOAuthVerifier(options: OAuthVerifierOptions): OAuthVerifier {
  const { oauth, partner, logger } = options;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const providers = new Map(
    oauthProviders.map((name) => [name, resolveProvider(name, oauth[name])]),
  );
  // One key set per URL, so keys are fetched once and refetched only for an unknown `kid`.
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  function getEnabled(name: OAuthProviderName): ResolvedProvider {
    const provider = providers.get(name);
    if (provider) return provider;
    const displayName = name.charAt(0).toUpperCase() + name.slice(1);
    throw new AppError(ErrorCode.loginMethodUnavailable, 'errors.loginMethodUnavailable', {
      provider: displayName,
    });
  }

  /** Turns every failure into the one answer users get, logging the reason for operators. */
  async function refuseOnFailure<T>(displayName: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
      logger?.warn({ provider: displayName, reason }, 'external sign-in refused');
      throw new AppError(ErrorCode.loginFailed, 'errors.oauthFailed', { provider: displayName });
    }
  }

  function getKeySet(url: string) {
    let keySet = keySets.get(url);
    if (!keySet) {
      keySet = createRemoteJWKSet(new URL(url), {
        timeoutDuration: timeoutMs,
        [customFetch]: fetchFn,
      });
      keySets.set(url, keySet);
    }
    return keySet;
  }

  async function verifyIdToken(
    provider: ResolvedProvider,
    idToken: string,
    audience: string[],
    nonce?: string,
  ): Promise<ExternalIdentity> {
    if (!provider.jwksUrl || !provider.issuers) throw new Error('no key set or issuer configured');
    const { payload } = await jwtVerify(idToken, getKeySet(provider.jwksUrl), {
      issuer: provider.issuers,
      audience,
      requiredClaims: ['sub', 'exp', 'iat'],
      // Tolerates a little clock drift between the provider's servers and ours.
      clockTolerance: 30,
    });
    if (nonce !== undefined && payload.nonce !== nonce) throw new Error('nonce does not match');
    return identityFromProfile(provider.name, payload);
  }

  async function fetchJson(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string | URLSearchParams },
  ): Promise<unknown> {
    const response = await fetchFn(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The body is not quoted: token endpoints may echo what they were sent.
    if (!response.ok) throw new Error(`${new URL(url).pathname} answered HTTP ${response.status}`);
    return response.json();
  }

  async function redeemCode(provider: ResolvedProvider, clientId: string, exchange: CodeExchange) {
    if (!provider.tokenUrl) throw new Error('no token endpoint configured');
    const form = new URLSearchParams({
      client_id: clientId,
      client_secret: provider.clientSecret ?? '',
      code: exchange.code,
      grant_type: 'authorization_code',
    });
    if (exchange.redirectUri) form.set('redirect_uri', exchange.redirectUri);
    const answer = await fetchJson(provider.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    return tokenAnswerSchema.parse(answer);
  }

  async function fetchProfile(provider: ResolvedProvider, accessToken: string) {
    if (!provider.userinfoUrl) throw new Error('no userinfo endpoint configured');
    const profile = await fetchJson(provider.userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    if (!isRecord(profile)) throw new Error('userinfo answer is not an object');
    return identityFromProfile(provider.name, profile);
  }

  return {
    publicProviders() {
      return [...providers.values()]
        .filter((p): p is ResolvedProvider => p !== undefined)
        .map((p) => ({
          provider: p.name,
          client_id: p.clientIds[0],
          authorize_url: p.authorizeUrl,
          scope: p.scope,
          response_type: p.responseType,
        }));
    },

    async verifyGoogleCredential(credential, nonce) {
      const provider = getEnabled('google');
      return refuseOnFailure(provider.displayName, () =>
        verifyIdToken(provider, credential, provider.clientIds, nonce),
      );
    },

    async exchangeCode(name, exchange) {
      const provider = getEnabled(name);
      return refuseOnFailure(provider.displayName, async () => {
        // Only Apple's pop-up names its client id (web service id or app bundle id); any
        // other must be one this server was configured with, or the code is not ours.
        const clientId = (name === 'apple' && exchange.clientId) || provider.clientIds[0];
        if (!provider.clientIds.includes(clientId)) throw new Error('unknown client id');
        const tokens = await redeemCode(provider, clientId, exchange);
        if (name === 'apple') {
          // Apple has no userinfo endpoint: the ID token is the only statement of identity.
          if (!tokens.id_token) throw new Error('token answer has no id_token');
          return verifyIdToken(provider, tokens.id_token, [clientId]);
        }
        if (!tokens.access_token) throw new Error('token answer has no access_token');
        return fetchProfile(provider, tokens.access_token);
      });
    },

    async verifyPartnerToken({ token, appId }) {
      const verifyUrl = partner.verifyUrl;
      if (!verifyUrl || partner.appIds.length === 0) {
        throw new AppError(ErrorCode.loginMethodUnavailable, 'errors.loginMethodUnavailable', {
          provider: partnerName,
        });
      }
      return refuseOnFailure(partnerName, async () => {
        if (!partner.appIds.includes(appId)) throw new Error('unknown app id');
        const answer = await fetchJson(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token, app_id: appId }),
        });
        const user = partnerUserSchema.parse(unwrapEnvelope(answer));
        return identityFromProfile('lenovo', {
          id: user.uid,
          name: user.nickname,
          avatar: user.avatar,
          email: user.email,
        });
      });
    },
  };
}

/** Partners answer either with the user itself or with `{ code, result }`, code 0 meaning yes. */
function unwrapEnvelope(answer: unknown): unknown {
  if (!isRecord(answer) || !('code' in answer)) return answer;
  if (Number(answer.code) !== 0)
    throw new Error(`partner refused with code ${String(answer.code)}`);
  return answer.result;
}
