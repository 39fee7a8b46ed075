import type { Page } from '@playwright/test';
import { readPortraitPhoto } from '@lumen/engines/ml/face-test-support';
import { expect, test } from '../support/fixtures';
import { signInThroughApi, uniqueUsername } from '../support/accounts';

const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe('the studios’ folders in the library', () => {
  test('a portrait lands in the Portraits folder, under its group in the library', async ({
    page,
  }) => {
    test.setTimeout(600_000);
    const user = await signInThroughApi(page, `${uniqueUsername('pfolder')}@example.test`);
    const trial = await page.request.post('/prod-api/trade/v1/trial/claim', {
      headers: { authorization: `Bearer ${user.ticket}` },
    });
    expect(((await trial.json()) as { code: number }).code).toBe(0);

    await page.goto('/studio/portrait');
    await page.locator('input[type="file"][aria-label="Face photo"]').setInputFiles({
      name: 'face.jpg',
      mimeType: 'image/jpeg',
      buffer: await readPortraitPhoto(),
    });
    await expect(page.getByText('One face found — ready.')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('radio', { name: 'Vintage' }).click();
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByTestId('studio-result')).toHaveCount(1, { timeout: 540_000 });

    await page.goto('/library');
    const folders = page.getByRole('region', { name: 'Folders' });
    await expect(folders.getByText('Portraits & effects')).toBeVisible();
    const card = folders.getByRole('button', { name: /^Portraits Created/ });
    await expect(card).toBeVisible();
    await shot(page, 'library-portraits-desktop');
    await card.click();
    await expect(page.getByRole('heading', { name: 'Portraits' })).toBeVisible();
    await expect(page).toHaveURL(/folder=\d+/);
    // The folder's one work: a picture tile, with its editor link beside it.
    await expect(page.getByRole('button', { name: 'Image', exact: true })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Edit: Image' })).toHaveCount(1);
    await shot(page, 'library-portraits-open-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(folders.getByText('Portraits & effects')).toBeVisible();
    await shot(page, 'library-portraits-390');
  });
});
