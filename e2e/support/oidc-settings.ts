/**
 * Where the end-to-end run's OpenID provider listens and how the app is configured to use it as
 * "Discord". The port is fixed (the app's port + 1) because the app reads it from its
 * environment before the provider starts.
 */
export function oidcSettings(appPort: number) {
  const port = appPort + 1;
  const issuer = `http://127.0.0.1:${port}`;
  return {
    port,
    issuer,
    clientId: 'lumen-e2e-discord',
    // A throwaway secret shared by the two processes of this test run only.
    clientSecret: 'e2e-discord-secret-not-for-production',
    redirectUris: [
      `http://127.0.0.1:${appPort}/login-discord`,
      `http://localhost:${appPort}/login-discord`,
    ],
  };
}

/** The app's settings that point its Discord sign-in at the test provider. */
export function discordEnv(appPort: number): Record<string, string> {
  const oidc = oidcSettings(appPort);
  return {
    OAUTH_DISCORD_CLIENT_ID: oidc.clientId,
    OAUTH_DISCORD_CLIENT_SECRET: oidc.clientSecret,
    OAUTH_DISCORD_AUTHORIZE_URL: `${oidc.issuer}/auth`,
    OAUTH_DISCORD_TOKEN_URL: `${oidc.issuer}/token`,
    OAUTH_DISCORD_USERINFO_URL: `${oidc.issuer}/me`,
    // The stand-in provider speaks OpenID Connect; real Discord needs no `openid` scope.
    OAUTH_DISCORD_SCOPE: 'openid identify email',
  };
}

/** Who the provider signs in: it approves every request as this account, with no login form. */
export const discordAccount = {
  sub: 'discord-e2e-1',
  email: 'discord.tester@example.test',
  email_verified: true,
  name: 'Discord Tester',
};
