import { expect, test } from '../support/fixtures';

test.describe('the foundation, as a visitor sees it', () => {
  test('the landing page renders the product', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Lumen/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bring any idea');
    await expect(page.getByRole('button', { name: 'Sign in' }).first()).toBeVisible();
  });

  test('the language switch changes the text and is remembered', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Language' }).first().click();
    await page.getByRole('menuitem', { name: '日本語' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('あらゆるアイデアに');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('あらゆるアイデアに');
    // The API answers in the chosen language too.
    const answer = await page.evaluate(async () => {
      const res = await fetch('/prod-api/does-not-exist', {
        headers: { 'X-accept-language': 'ja' },
      });
      return (await res.json()) as { msg: string };
    });
    expect(answer.msg).toContain('存在しません');
  });

  test('a guarded route sends a visitor to / with the login dialog open', async ({ page }) => {
    await page.goto('/clip');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog')).toContainText('Sign in to Lumen');
  });

  test('the login dialog stays closed on competition pages', async ({ page }) => {
    await page.goto('/competition/spring-2026');
    await expect(page.getByText('404').first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a bad route shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('404').first()).toBeVisible();
    await expect(page.getByText('Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the studio is open to visitors', async ({ page }) => {
    await page.goto('/studio');
    await expect(page).toHaveURL(/\/studio$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the API documentation page renders', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByText('Lumen API').first()).toBeVisible();
    await expect(page.getByText('/prod-api/content/algo_config/list').first()).toBeVisible();
  });
});
