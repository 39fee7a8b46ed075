import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInThroughApi, uniqueUsername } from '../support/accounts';
import { readyCharacter } from '../support/faces';

const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function claimPlusTrial(page: Page, ticket: string): Promise<void> {
  const answer = await page.request.post('/prod-api/trade/v1/trial/claim', {
    headers: { authorization: `Bearer ${ticket}` },
  });
  expect(((await answer.json()) as { code: number }).code).toBe(0);
}

test.describe('character video in the video studio', () => {
  test('a member picks a ready character, runs it and sees the clip', async ({ page }) => {
    test.setTimeout(420_000);
    const user = await signInThroughApi(page, `${uniqueUsername('vchar')}@example.test`);
    await claimPlusTrial(page, user.ticket);
    const id = await readyCharacter(page.request, user.ticket, 'Ada');

    await page.goto('/studio/video?mode=character');
    const modes = page.getByRole('group', { name: 'Video mode' });
    await expect(modes.getByRole('button', { name: /Character/ })).toHaveAttribute(
      'aria-pressed',
      'true',
      { timeout: 30_000 },
    );
    // Nothing is sent until a character is chosen.
    await expect(page.getByText('Choose a character to continue')).toBeVisible();
    await page.getByRole('combobox', { name: 'Character' }).click();
    await page.getByRole('option', { name: 'Ada' }).click();
    await expect(page.getByText('Choose a character to continue')).toBeHidden();
    await page.getByPlaceholder(/What the character does/).fill('waves and smiles at the camera');
    await shot(page, 'video-character-desktop');

    const answer = page.waitForResponse(
      (r) =>
        r.url().includes('/api/gw/v3/video/character_video/async') &&
        r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Generate' }).click();
    const response = await answer;
    expect(response.request().postDataJSON()).toMatchObject({
      prompt: 'waves and smiles at the camera',
      params: { character_id: id },
    });
    const body = (await response.json()) as { code: number; result: { task_id: string } };
    expect(body.code, JSON.stringify(body)).toBe(0);

    const results = page.getByRole('region', { name: 'Results' });
    await expect(results.locator('video[src]').first()).toBeVisible({ timeout: 240_000 });
    await shot(page, 'video-character-result');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await shot(page, 'video-character-phone');
  });
});
