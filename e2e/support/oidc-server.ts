// Runs the server tests' OpenID provider as a standalone process for the Playwright run, so a
// real browser can walk a real authorization-code flow in a real pop-up.
import { startTestOidcProvider } from '../../apps/server/src/modules/auth/oauth/test-oidc-provider';
import { discordAccount, oidcSettings } from './oidc-settings';

const settings = oidcSettings(Number(process.env.E2E_PORT ?? 18765));
const provider = await startTestOidcProvider({
  port: settings.port,
  clientId: settings.clientId,
  clientSecret: settings.clientSecret,
  redirectUris: settings.redirectUris,
});
provider.useAccount(discordAccount);
console.log(`Test OpenID provider listening at ${provider.issuer}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void provider.close().finally(() => process.exit(0));
  });
}
