import { expect, test } from '../support/fixtures';
import { publishApprovedWork } from '../support/works';

// An admin of its own: another spec's admin may have asked for a code in the last minute.
const ADMIN_EMAIL = 'explore@e2e.test';

test.describe('explore is rendered with its feed', () => {
  test('the cards are in the HTML, and the app takes them over without fetching them again', async ({
    browser,
    request,
  }) => {
    const title = `Harbour light ${Date.now()}`;
    await publishApprovedWork(request, {
      prompt: 'a lighthouse at dawn',
      title,
      adminEmail: ADMIN_EMAIL,
    });

    // Without JavaScript: the newest work's card, its picture preloaded from the head.
    const still = await browser.newContext({ javaScriptEnabled: false });
    const html = await still.newPage();
    await html.goto('/explore');
    const card = html.getByRole('link', { name: title });
    await expect(card).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('fetchpriority', 'high');
    const preload = html.locator('head link[rel="preload"][as="image"]').first();
    await expect(preload).toHaveAttribute('href', /_thumb\./);
    await still.close();

    // With JavaScript: the app hydrates the same cards and asks the feed API for nothing.
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    const feedRequests: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/prod-api/content/works/explore')) feedRequests.push(sent.url());
    });
    await page.goto('/explore');
    await expect(page.locator('html')).toHaveAttribute('data-prerendered', 'hydrated');
    const shown = page.getByRole('link', { name: title });
    await expect(shown).toBeVisible();
    const before = await shown.boundingBox();
    // The grid measures itself after hydration; the card stays where the HTML put it.
    await page.waitForTimeout(500);
    expect(await shown.boundingBox()).toEqual(before);
    expect(feedRequests).toEqual([]);
    expect(errors).toEqual([]);

    // Another tab is fetched as usual.
    await page.getByRole('radiogroup', { name: 'Sort' }).getByText('Hot', { exact: true }).click();
    await expect.poll(() => feedRequests.length).toBeGreaterThan(0);
    await context.close();
  });
});
