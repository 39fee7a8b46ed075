import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInThroughApi, uniqueUsername } from '../support/accounts';
import { scenePng } from '../support/pictures';

const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Signs a new user in and gives them the three-day Plus trial: the studios are AI tools. */
async function plusUser(page: Page, prefix: string): Promise<string> {
  const { ticket } = await signInThroughApi(page, `${uniqueUsername(prefix)}@example.test`);
  const answer = await page.request.post('/prod-api/trade/v1/trial/claim', {
    headers: { authorization: `Bearer ${ticket}` },
  });
  expect(((await answer.json()) as { code: number }).code).toBe(0);
  return ticket;
}

test.describe('logo and tattoo studios', () => {
  test('a coffee brand gets vector logos with a cup mark, downloadable as SVG', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await plusUser(page, 'logo');
    await page.goto('/studio/tools');
    await page.getByRole('button', { name: 'AI logo' }).click();
    await expect(page).toHaveURL(/\/studio\/logo$/);
    await expect(page.getByRole('heading', { name: 'AI logo' })).toBeVisible();

    // The brand is required before anything is sent.
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText('Enter the brand name')).toBeVisible();

    await page.getByLabel('Brand name').fill('Lumen');
    await page.getByLabel('Slogan (optional)').fill('Roasted with care');
    await page.getByLabel('Industry').fill('coffee');
    await expect(page.getByText('2 credits')).toBeVisible();
    await page.getByRole('button', { name: 'Generate' }).click();

    const results = page.getByTestId('studio-results');
    await expect(results).toBeVisible({ timeout: 120_000 });
    await expect(results.getByText('Layout 1')).toBeVisible();
    await expect(results.getByText('Layout 2')).toBeVisible();
    const svg = results.getByRole('img', { name: 'Layout 1: SVG' });
    const src = await svg.getAttribute('src');
    expect(src).toBeTruthy();
    const text = await (await page.request.get(src!)).text();
    expect(text).toContain('<title>Lumen</title>');
    // The mark the industry chose: Tabler's coffee cup (its steam curves are in the paths).
    expect(text).toContain('M3 14c.83 .642');
    await expect(results.getByRole('img', { name: 'Layout 1: On a business card' })).toBeVisible();

    const download = page.waitForEvent('download');
    await results.getByRole('button', { name: 'Download SVG' }).first().click();
    expect((await download).suggestedFilename()).toMatch(/\.svg$/);
    await shot(page, 'logo-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'logo-mobile');
  });

  test('a tattoo from words, shown on a photo of the arm, with its stencil', async ({ page }) => {
    test.setTimeout(150_000);
    await plusUser(page, 'tattoo');
    await page.goto('/studio/tattoo');
    await expect(page.getByRole('heading', { name: 'AI tattoo' })).toBeVisible();

    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText('Describe the tattoo or choose a reference picture')).toBeVisible();

    await page.getByLabel('What should the tattoo show?').fill('a fox');
    await page.getByText('Blackwork', { exact: true }).click();
    await page
      .locator('input[type=file][aria-label="Photo of the body place (optional)"]')
      .setInputFiles({ name: 'arm.png', mimeType: 'image/png', buffer: scenePng(640, 480) });
    await expect(
      page.getByRole('img', { name: 'Photo of the body place (optional)' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Generate' }).click();

    const results = page.getByTestId('studio-results');
    await expect(results).toBeVisible({ timeout: 120_000 });
    await expect(results.getByRole('img', { name: 'Design 1: Design' })).toBeVisible();
    await expect(results.getByRole('img', { name: 'Design 1: Stencil' })).toBeVisible();
    await expect(results.getByRole('img', { name: 'Design 1: On the skin' })).toBeVisible();
    await expect(results.getByRole('button', { name: 'Download Stencil SVG' })).toBeVisible();
    await expect(results.getByText('Preview').first()).toBeVisible();
    await shot(page, 'tattoo-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'tattoo-mobile');
  });
});
