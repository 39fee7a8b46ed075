import { expect, test as base, type Browser, type BrowserContext } from '@playwright/test';

export { expect };

/** What the init script below logs for each violation; the console carries it to the runner. */
const VIOLATION = 'CSP violation:';

/**
 * Runs in every page before its own scripts: reports each Content-Security-Policy violation
 * (a blocked script, style, image, connection, frame or eval) on the console, where the test
 * hears it. Chromium also logs its own "Refused to …" line, which is heard the same way.
 */
function reportViolations(prefix: string) {
  document.addEventListener('securitypolicyviolation', (event) => {
    const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
    console.error(
      `${prefix} ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} on ${event.documentURI}${where}`,
    );
  });
}

const watched = new WeakSet<BrowserContext>();

async function watchContext(context: BrowserContext, violations: string[]): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.addInitScript(reportViolations, VIOLATION);
  context.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(VIOLATION) || text.startsWith('Refused to')) {
      violations.push(`${text} (${message.page()?.url() ?? 'no page'})`);
    }
  });
}

/**
 * Playwright's test, failing any test during which a page it opened (in its own context or in
 * one it made with `browser.newContext()`) reports a Content-Security-Policy violation: the
 * server's policy must let every page of the built app work as it is.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ browser }, use) => {
      const violations: string[] = [];
      const newContext = browser.newContext.bind(browser);
      const watchedNewContext: Browser['newContext'] = async (options) => {
        const context = await newContext(options);
        await watchContext(context, violations);
        return context;
      };
      browser.newContext = watchedNewContext;
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, cspViolations }, use) => {
    await watchContext(context, cspViolations);
    await use(context);
  },
});
