import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { discordEnv, oidcSettings } from './support/oidc-settings';
import { wechatEnv, wechatSettings } from './support/wechat-settings';

const port = Number(process.env.E2E_PORT ?? 18765);
const oidc = oidcSettings(port);
const root = path.resolve(import.meta.dirname, '..');
// In the system's temporary folder, not the checkout: run as root, the embedded PostgreSQL runs
// as the `postgres` user, which may not reach into a checkout under a closed folder.
const dataDir = path.join(os.tmpdir(), `lumen-e2e-data-${port}`);

/** Drives the real app (server, embedded database, built web app) in Debian's Chromium. */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  // The suite runs on small shared machines, beside builds: a page that paints in a second on a
  // quiet one may take several under load. Waiting longer costs nothing when it passes.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /mobile\.spec\.ts/,
    },
    {
      name: 'mobile',
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
      testMatch: /mobile\.spec\.ts/,
    },
  ],
  webServer: [
    {
      command: `rm -rf "${dataDir}" && node "${path.join(root, 'scripts/start.mjs')}"`,
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      // A SIGKILL of the group would leave the embedded PostgreSQL (its own process group)
      // running; SIGTERM lets the server stop it after the API.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        // Accounts signing in with this address are admins (the community review queue).
        ADMIN_EMAILS:
          'admin@e2e.test,curator@e2e.test,editor@e2e.test,engines@e2e.test,explore@e2e.test,remix@e2e.test,newcomer@e2e.test,users@e2e.test',
        // Every spec signs in from this one machine: more codes an hour than one person asks for.
        CAPTCHA_HOURLY_PER_IP: '1000',
        // "Discord" is the test OpenID provider below, so sign-in runs through a real pop-up.
        ...discordEnv(port),
        // WeChat binding goes through the loopback stand-in of WeChat's website login.
        ...wechatEnv(port),
      },
    },
    {
      command: `node --import tsx "${path.join(root, 'e2e/support/oidc-server.ts')}"`,
      // A port check, not a URL: the provider listens a moment before it answers, and a request
      // in that moment would hang until the launch timeout.
      port: oidc.port,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      env: { E2E_PORT: String(port) },
    },
    {
      command: `node --import tsx "${path.join(root, 'e2e/support/wechat-server.ts')}"`,
      port: wechatSettings(port).port,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      env: { E2E_PORT: String(port) },
    },
  ],
});
