import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** Errors the page logs or throws: a hydration mismatch shows up as one of them. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // The visitor's explore feed is empty here; nothing else may fail.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return errors;
}

/** Whether React owns #root: the app ran and hydrated (or rendered) the page. */
function appIsRunning(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) =>
      key.startsWith('__reactContainer'),
    ),
  );
}

test.describe('public pages paint from their HTML', () => {
  test('the landing page and explore show their content with JavaScript off', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bring any idea to light');
    await expect(page.getByRole('link', { name: 'Start creating' }).first()).toBeVisible();
    await expect(page).toHaveTitle(/Lumen/);
    await page.goto('/explore');
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Campaigns' }).first()).toBeVisible();
    await context.close();
  });

  test("the HTML is in the browser's language", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('あらゆるアイデアに');
    await context.close();
  });

  test('the app hydrates the pages without errors and works', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await expect.poll(() => appIsRunning(page)).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('data-prerendered', 'hydrated');
    await page.getByRole('link', { name: 'Explore' }).first().click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
    await page.goto('/explore');
    await expect.poll(() => appIsRunning(page)).toBe(true);
    await page.getByRole('button', { name: 'Sign in' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a button pressed before the app has started does its job once it has', async ({ page }) => {
    const errors = collectErrors(page);
    // Hold the app's code back, as a slow phone would, until the visitor has pressed Sign in.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('banner').first().getByRole('button', { name: 'Sign in' }).click();
    expect(await appIsRunning(page)).toBe(false);
    release();
    await expect(page.getByRole('dialog', { name: /Sign in to Lumen/ })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a page prerendered in another language is replaced, not shown, when the app picks its own', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    // Chosen in the app, so only the browser's storage knows it: the server sends English.
    await page.addInitScript(() => window.localStorage.setItem('lumen_language', 'es'));
    await page.context().clearCookies();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText('Bring any idea');
    expect(errors).toEqual([]);
  });

  test('a dark-scheme visitor gets the page hydrated in the dark scheme without errors', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.addInitScript(() => window.localStorage.setItem('lumen_color_scheme', 'dark'));
    await page.goto('/explore');
    await expect.poll(() => appIsRunning(page)).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('button', { name: /light theme/i })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
