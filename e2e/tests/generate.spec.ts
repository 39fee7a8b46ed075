import { expect, test, type Page } from '@playwright/test';
import { loginDialog, readMailCode, uniqueUsername } from '../support/accounts';

interface LoginAnswer {
  code: number;
  result: {
    id: number;
    username: string;
    nickname: string;
    avatar: string;
    ticket: string;
    refresh_token: string;
  };
}

/**
 * A fresh account signed in by e-mail code through the API, stored the way the app's sign-in
 * stores it (features/accounts/session/sign-in.ts). Each test gets its own account, since a
 * free account's daily credits cover one video.
 */
async function signInByEmail(page: Page): Promise<void> {
  const email = `${uniqueUsername('gen')}@example.test`;
  await page.goto('/studio');
  const sent = await page.request.post('/prod-api/user/captcha', {
    data: { method: 'email', email, purpose: 'login' },
  });
  expect(((await sent.json()) as { code: number }).code).toBe(0);
  const captcha = await readMailCode(page.request, email);
  const answer = await page.request.post('/prod-api/user/login', {
    data: { loginType: 'email', email, captcha, max_age: 3600 },
  });
  const login = (await answer.json()) as LoginAnswer;
  expect(login.code).toBe(0);
  await page.evaluate((r) => {
    localStorage.setItem('ticket', r.ticket);
    localStorage.setItem('refresh_token', r.refresh_token);
    localStorage.setItem('username', r.username);
    localStorage.setItem('nickname', r.nickname);
    localStorage.setItem('userId', String(r.id));
    localStorage.setItem('avatar', r.avatar);
  }, login.result);
}

test.describe('generation studio', () => {
  test('a visitor may look around, and Generate asks them to sign in', async ({ page }) => {
    await page.goto('/studio');
    await page.getByRole('link', { name: /Image generator/ }).click();
    await expect(page).toHaveURL(/\/studio\/image$/);
    await page.getByRole('textbox', { name: /Prompt/ }).fill('a quiet harbour at dawn');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(loginDialog(page)).toBeVisible();
  });

  test('generates images from a prompt and shows them with their actions', async ({ page }) => {
    const prompt = 'A lighthouse on a cliff at golden hour, waves crashing';
    await signInByEmail(page);
    await page.goto('/studio/image');
    await page.getByRole('textbox', { name: /Prompt/ }).fill(prompt);
    await expect(page.getByText('Balance: 30 credits')).toBeVisible();
    await page.getByRole('button', { name: 'Generate' }).click();

    const images = page.getByRole('img', { name: prompt });
    await expect(images.first()).toBeVisible({ timeout: 30_000 });
    expect(await images.count()).toBeGreaterThanOrEqual(1);
    // The embedded CPU engine made them, and the card says so.
    await expect(page.getByText('Preview', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Balance: 28 credits')).toBeVisible();

    await images.first().hover();
    await page.getByRole('button', { name: 'Reuse seed' }).first().click();
    await expect(page.getByRole('switch', { name: 'Random' })).not.toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Seed number' })).not.toHaveValue('');
  });

  test('generates a 5 s text-to-video clip and plays it', async ({ page }) => {
    test.setTimeout(90_000);
    await signInByEmail(page);
    await page.goto('/studio/video');
    await expect(page.getByRole('radio', { name: '5 s' })).toHaveAttribute('aria-checked', 'true');
    await page
      .getByRole('textbox', { name: /Prompt/ })
      .fill('A paper boat drifting down a rainy street, slow camera follow');
    await page.getByRole('button', { name: 'Generate' }).click();

    const video = page.locator('video[src]');
    await expect(video.first()).toBeVisible({ timeout: 60_000 });
    await expect(video.first()).toHaveAttribute('src', /.+/);
    await expect(video.first()).toHaveAttribute('poster', /.+/);
  });
});
