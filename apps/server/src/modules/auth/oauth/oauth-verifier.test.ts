import { ErrorCode } from '@lumen/contracts/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/env';
import { createOAuthVerifier } from './oauth-verifier';
import { startTestOidcProvider, type TestOidcProvider } from './test-oidc-provider';

// Everything unset: each test switches on only the provider it is about.
const { oauth: noOAuth, partner: noPartner } = loadConfig({});
const unset = noOAuth.google;

const refusedBy = (provider: string) => ({ code: ErrorCode.loginFailed, params: { provider } });
// The reasons operators see, so a refusal test proves which check refused.
const reasons: string[] = [];
const logger = {
  warn: (details: Record<string, unknown>) => void reasons.push(`${details.reason}`),
};

const alice = { sub: 'alice-1', email: 'Alice@Example.test', email_verified: true, name: 'Alice' };

let op: TestOidcProvider;
beforeAll(async () => {
  op = await startTestOidcProvider();
});
afterAll(() => op.close());

describe('authorization-code providers against a real OpenID provider', () => {
  it('redeems a Discord-configured code and reads the user from userinfo', async () => {
    const verifier = createOAuthVerifier({
      oauth: { ...noOAuth, discord: op.providerConfig() },
      partner: noPartner,
    });
    const code = await op.getCode({ account: alice });

    const identity = await verifier.exchangeCode('discord', { code, redirectUri: op.redirectUri });

    expect(identity).toEqual({
      provider: 'discord',
      subject: 'alice-1',
      email: 'alice@example.test',
      emailVerified: true,
      name: 'Alice',
      avatar: undefined,
    });
  });

  it('refuses a code that was already redeemed', async () => {
    const verifier = createOAuthVerifier({
      oauth: { ...noOAuth, discord: op.providerConfig() },
      partner: noPartner,
    });
    const code = await op.getCode();
    await verifier.exchangeCode('discord', { code, redirectUri: op.redirectUri });

    await expect(
      verifier.exchangeCode('discord', { code, redirectUri: op.redirectUri }),
    ).rejects.toMatchObject(refusedBy('Discord'));
  });

  it('verifies the ID token Apple-style, for a client id from the configured list', async () => {
    const config = op.providerConfig();
    const verifier = createOAuthVerifier({
      oauth: { ...noOAuth, apple: { ...config, clientId: `com.lumen.ios, ${op.clientId}` } },
      partner: noPartner,
    });
    const code = await op.getCode({
      account: { sub: 'apple-7', email: 'hidden@privaterelay.test' },
    });

    const identity = await verifier.exchangeCode('apple', {
      code,
      clientId: op.clientId,
      redirectUri: op.redirectUri,
    });

    expect(identity).toMatchObject({ provider: 'apple', subject: 'apple-7', emailVerified: false });
    expect(identity.email).toBe('hidden@privaterelay.test');
  });

  it('refuses an Apple client id that is not configured, without redeeming the code', async () => {
    const verifier = createOAuthVerifier({
      oauth: { ...noOAuth, apple: op.providerConfig() },
      partner: noPartner,
    });
    const code = await op.getCode();

    await expect(
      verifier.exchangeCode('apple', { code, clientId: 'com.evil.app' }),
    ).rejects.toMatchObject(refusedBy('Apple'));
  });
});

describe('Google ID tokens against a real OpenID provider', () => {
  const googleVerifier = (clientId = op.clientId) =>
    createOAuthVerifier({
      oauth: { ...noOAuth, google: { ...op.providerConfig(), clientSecret: undefined, clientId } },
      partner: noPartner,
      logger,
    });

  it('accepts an ID token from the implicit flow and checks its nonce', async () => {
    const credential = await op.getIdToken({ account: alice, nonce: 'nonce-1' });

    const identity = await googleVerifier().verifyGoogleCredential(credential, 'nonce-1');

    expect(identity).toMatchObject({ provider: 'google', subject: 'alice-1', emailVerified: true });
  });

  it('refuses a token issued to another client', async () => {
    const credential = await op.getIdToken({ account: alice });

    await expect(
      googleVerifier('another-client').verifyGoogleCredential(credential),
    ).rejects.toMatchObject(refusedBy('Google'));
    expect(reasons.at(-1)).toMatch(/"aud" claim/);
  });

  it('refuses a tampered token', async () => {
    const [header, payload, signature] = (await op.getIdToken({ account: alice })).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');

    await expect(
      googleVerifier().verifyGoogleCredential(`${header}.${forged}.${signature}`),
    ).rejects.toMatchObject(refusedBy('Google'));
    expect(reasons.at(-1)).toMatch(/signature verification failed/);
  });

  it('refuses a token minted for another nonce', async () => {
    const credential = await op.getIdToken({ account: alice, nonce: 'nonce-a' });

    await expect(
      googleVerifier().verifyGoogleCredential(credential, 'nonce-b'),
    ).rejects.toMatchObject(refusedBy('Google'));
    expect(reasons.at(-1)).toMatch(/nonce/);
  });

  it('refuses a token from another issuer', async () => {
    const config = { ...op.providerConfig(), issuer: 'https://accounts.google.com' };
    const verifier = createOAuthVerifier({
      oauth: { ...noOAuth, google: config },
      partner: noPartner,
      logger,
    });
    const credential = await op.getIdToken({ account: alice });

    await expect(verifier.verifyGoogleCredential(credential)).rejects.toMatchObject(
      refusedBy('Google'),
    );
    expect(reasons.at(-1)).toMatch(/"iss" claim/);
  });
});

describe('providers that are not configured', () => {
  it('answers login method unavailable and lists none for the pop-ups', async () => {
    const verifier = createOAuthVerifier({ oauth: noOAuth, partner: noPartner });
    const unavailable = (provider: string) => ({
      code: ErrorCode.loginMethodUnavailable,
      params: { provider },
    });

    await expect(verifier.verifyGoogleCredential('x.y.z')).rejects.toMatchObject(
      unavailable('Google'),
    );
    await expect(verifier.exchangeCode('facebook', { code: 'c' })).rejects.toMatchObject(
      unavailable('Facebook'),
    );
    await expect(verifier.verifyPartnerToken({ token: 't', appId: 'a' })).rejects.toMatchObject(
      unavailable('Lenovo'),
    );
    expect(verifier.publicProviders()).toEqual([]);
  });

  it('needs a secret for a code provider and lists enabled ones with real defaults', () => {
    const verifier = createOAuthVerifier({
      oauth: {
        ...noOAuth,
        google: { ...unset, clientId: 'g-web, g-android' },
        discord: { ...unset, clientId: 'd-1' },
        facebook: { ...unset, clientId: 'f-1', clientSecret: 's' },
      },
      partner: noPartner,
    });

    expect(verifier.publicProviders()).toEqual([
      {
        provider: 'google',
        client_id: 'g-web',
        authorize_url: 'https://accounts.google.com/o/oauth2/v2/auth',
        scope: 'openid email profile',
        response_type: 'id_token',
      },
      {
        provider: 'facebook',
        client_id: 'f-1',
        authorize_url: 'https://www.facebook.com/v19.0/dialog/oauth',
        scope: 'email public_profile',
        response_type: 'code',
      },
    ]);
  });
});
