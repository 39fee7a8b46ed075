import type { OAuthProviderConfig, OAuthProviderName } from '../../../config/env';

/** How the web app opens each provider's pop-up, and which answer it expects back. */
type ProviderDefaults = {
  displayName: string;
  /** Google signs the user in with an ID token alone; the others hand back a code. */
  responseType: 'code' | 'id_token';
  scope: string;
  authorizeUrl: string;
  tokenUrl?: string;
  userinfoUrl?: string;
  jwksUrl?: string;
  issuers?: string[];
};

/** The real providers' endpoints, used for whatever the environment leaves unset. */
export const oauthDefaults: Record<OAuthProviderName, ProviderDefaults> = {
  google: {
    displayName: 'Google',
    responseType: 'id_token',
    scope: 'openid email profile',
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    // Google has issued ID tokens under both spellings.
    issuers: ['accounts.google.com', 'https://accounts.google.com'],
  },
  discord: {
    displayName: 'Discord',
    responseType: 'code',
    scope: 'identify email',
    authorizeUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userinfoUrl: 'https://discord.com/api/users/@me',
  },
  apple: {
    displayName: 'Apple',
    responseType: 'code',
    scope: 'name email',
    authorizeUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    jwksUrl: 'https://appleid.apple.com/auth/keys',
    issuers: ['https://appleid.apple.com'],
  },
  facebook: {
    displayName: 'Facebook',
    responseType: 'code',
    scope: 'email public_profile',
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/me?fields=id,name,email,picture',
  },
};

/** A provider that is enabled, with the environment's settings laid over the defaults. */
export type ResolvedProvider = {
  name: OAuthProviderName;
  displayName: string;
  responseType: 'code' | 'id_token';
  scope: string;
  /**
   * Every client id the server accepts (the setting may list several, e.g. Apple's web
   * service id and app bundle id); the first is the one the web pop-up uses.
   */
  clientIds: [string, ...string[]];
  clientSecret: string | undefined;
  authorizeUrl: string;
  tokenUrl: string | undefined;
  userinfoUrl: string | undefined;
  jwksUrl: string | undefined;
  issuers: string[] | undefined;
};

/** Returns undefined when the provider is not configured well enough to sign anyone in. */
export function resolveProvider(
  name: OAuthProviderName,
  config: OAuthProviderConfig,
): ResolvedProvider | undefined {
  const defaults = oauthDefaults[name];
  const clientIds = (config.clientId ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const [first, ...rest] = clientIds;
  if (first === undefined) return undefined;
  // A code can only be redeemed with the client secret.
  if (defaults.responseType === 'code' && !config.clientSecret) return undefined;
  return {
    name,
    displayName: defaults.displayName,
    responseType: defaults.responseType,
    scope: config.scope ?? defaults.scope,
    clientIds: [first, ...rest],
    clientSecret: config.clientSecret,
    authorizeUrl: config.authorizeUrl ?? defaults.authorizeUrl,
    tokenUrl: config.tokenUrl ?? defaults.tokenUrl,
    userinfoUrl: config.userinfoUrl ?? defaults.userinfoUrl,
    jwksUrl: config.jwksUrl ?? defaults.jwksUrl,
    issuers: config.issuer ? [config.issuer] : defaults.issuers,
  };
}
