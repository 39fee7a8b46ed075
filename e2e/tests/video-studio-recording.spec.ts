import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInThroughApi, uniqueUsername } from '../support/accounts';

// Chromium's fake microphone (a beep) stands in for a person speaking; the launch options are
// the configuration's, with the fake device added.
test.use({
  permissions: ['microphone'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

async function claimPlusTrial(page: Page, ticket: string): Promise<void> {
  const answer = await page.request.post('/prod-api/trade/v1/trial/claim', {
    headers: { authorization: `Bearer ${ticket}` },
  });
  expect(((await answer.json()) as { code: number }).code).toBe(0);
}

test.describe('video studio recording', () => {
  test('records a voice track in the browser and uploads it as WAV for audio animate', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const user = await signInThroughApi(page, `${uniqueUsername('vrec')}@example.test`);
    await claimPlusTrial(page, user.ticket);
    await page.goto('/studio/video?mode=audio_animate');
    const uploaded = page.waitForResponse(
      (r) => r.url().includes('/prod-api/content/uploads/complete') && r.status() === 200,
    );
    await page.getByRole('button', { name: 'Record' }).click();
    await expect(page.getByText('Recording… press Stop when you are done.')).toBeVisible();
    await page.waitForTimeout(1500);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    const stored = (await (await uploaded).json()) as { code: number; result: { mime: string } };
    expect(stored).toMatchObject({ code: 0, result: { mime: 'audio/wav' } });
    await expect(page.locator('audio[src]')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Remove Voice track' })).toBeVisible();
  });
});
