import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from '../support/fixtures';
import {
  ADULT_BIRTH_DATE,
  loginDialog,
  signInThroughApi,
  skipSurvey,
  uniqueUsername,
} from '../support/accounts';

/** A studio's page loads on demand: give a busy machine time to bring it. */
const expect = baseExpect.configure({ timeout: 20_000 });
// Each test signs in and opens several pages, some of them more than once.
test.describe.configure({ timeout: 240_000 });

/** The hero's and the landing page's texts in the four interface languages. */
const landing = {
  en: { generate: 'Generate', start: 'Start creating' },
  zh: { generate: '生成', start: '开始创作' },
  ja: { generate: '生成', start: '作成を始める' },
  es: { generate: 'Generar', start: 'Empieza a crear' },
} as const;
type Language = keyof typeof landing;
const languages = Object.keys(landing) as Language[];

/** The studio's prompt box, whatever the language (it is the one with the Ctrl + Enter hint). */
function promptBox(page: Page) {
  return page.locator('textarea[aria-keyshortcuts]');
}

/** Chooses the interface language the way the language menu does, and reloads into it. */
async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('lumen_language', l), language);
  await page.context().addCookies([{ name: 'lumen_language', value: language, url: page.url() }]);
}

test.describe('the landing page for a newcomer', () => {
  test("the hero's Generate opens the image studio with the typed prompt, in every language", async ({
    page,
  }) => {
    await signInThroughApi(page, `${uniqueUsername('hero')}@example.test`, '/');
    for (const language of languages) {
      const prompt = `A copper fox in a snowy forest (${language})`;
      await useLanguage(page, language);
      await page.goto('/');
      const hero = page.getByRole('form', { name: landing[language].generate });
      await hero.getByRole('textbox').fill(prompt);
      await hero.getByRole('button', { name: landing[language].generate }).click();
      await expect(page).toHaveURL(/\/studio\/image\?prompt=/);
      await expect(promptBox(page)).toHaveValue(prompt);
    }
  });

  test('a prompt tile opens its own studio with its prompt, and Start creating the image studio', async ({
    page,
  }) => {
    await signInThroughApi(page, `${uniqueUsername('tiles')}@example.test`, '/');
    for (const language of ['en', 'ja'] as const) {
      await useLanguage(page, language);
      await page.goto('/');
      // The koi is a video idea: it opens the video studio, not the hub.
      const tile = page.locator('a[href^="/studio/video?prompt="]').first();
      const prompt = await tile.getAttribute('aria-label');
      expect(prompt).toBeTruthy();
      await tile.click();
      await expect(page).toHaveURL(/\/studio\/video\?prompt=/);
      await expect(promptBox(page)).toHaveValue(prompt ?? '');

      await page.goto('/');
      await page.getByRole('link', { name: landing[language].start }).first().click();
      await expect(page).toHaveURL(/\/studio\/image$/);
    }
  });

  test('a visitor is asked to sign in first and then lands in the studio with the prompt', async ({
    page,
  }) => {
    const prompt = 'A tiny robot watering a bonsai';
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-prerendered', 'hydrated');
    const hero = page.getByRole('form', { name: 'Generate' });
    await hero.getByRole('textbox').fill(prompt);
    await hero.getByRole('button', { name: 'Generate' }).click();
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    const username = uniqueUsername('visit');
    await dialog.getByRole('tab', { name: 'Password' }).click();
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByLabel('Username', { exact: true }).fill(username);
    await dialog.getByLabel('Password', { exact: true }).fill('Secret123');
    await dialog.getByLabel('Confirm password').fill('Secret123');
    await dialog.getByRole('checkbox', { name: /I agree/ }).check();
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/studio\/image\?prompt=/);
    await skipSurvey(page);
    await expect(promptBox(page)).toHaveValue(prompt);
  });

  test('a visitor who closes the sign-in dialog stays on the landing page', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-prerendered', 'hydrated');
    await page.getByRole('link', { name: 'Start creating' }).first().click();
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('a free user before their first video', () => {
  test('the cost bar says what a video needs, a short run is intercepted, and the pay dialog opens on the trial', async ({
    page,
  }) => {
    await signInThroughApi(page, `${uniqueUsername('video')}@example.test`);
    await page.goto('/studio/video');
    await expect(page.getByTestId('cost-after')).toHaveText('Leaves 0 credits after this run');

    // Two pictures first: the day's 30 credits no longer pay for a video.
    await page.goto('/studio/image');
    await promptBox(page).fill('A lantern festival over a quiet river');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText('Balance: 28 credits')).toBeVisible({ timeout: 30_000 });

    await page.goto('/studio/video');
    await expect(page.getByTestId('cost-after')).toHaveText('2 more credits needed');
    await promptBox(page).fill('Paper lanterns rising into the night sky');
    await page.getByRole('button', { name: 'Generate' }).click();
    const intercept = page.getByRole('dialog', { name: 'Not enough credits' });
    await expect(intercept).toContainText('This run needs 30 credits and you have 28');
    await intercept.getByRole('button', { name: 'Get credits' }).click();
    await expect(intercept).toBeHidden();

    const pay = page.getByRole('dialog', { name: 'Plans and credits' });
    await expect(pay.getByRole('tab', { name: 'Membership' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(pay.getByRole('button', { name: 'Claim free trial' })).toBeVisible();
    // The credit packs are one tab away.
    await expect(pay.getByRole('tab', { name: 'Credits' })).toBeVisible();
  });
});

test.describe('credits the user earns', () => {
  test('saving a birthday says what it earned and the header shows the new balance at once', async ({
    page,
  }) => {
    await signInThroughApi(page, `${uniqueUsername('bday')}@example.test`);
    await page.goto('/account/profile');
    await expect(page.getByLabel('30 credits — view bills').first()).toBeVisible();
    await page.getByLabel('Birthday', { exact: true }).fill(ADULT_BIRTH_DATE);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const toast = page.getByText(/^\+\d+ credits added\. Balance: \d+$/);
    await expect(toast).toBeVisible();
    const balance = /Balance: (\d+)$/.exec((await toast.textContent()) ?? '')?.[1];
    expect(Number(balance)).toBeGreaterThan(30);
    await expect(page.getByLabel(`${balance} credits — view bills`).first()).toBeVisible();
  });
});

test.describe('the studio for a newcomer', () => {
  test('the Ctrl + Enter hint goes away when Generate is pressed', async ({ page }) => {
    await signInThroughApi(page, `${uniqueUsername('hint')}@example.test`);
    await page.goto('/studio/image');
    await promptBox(page).fill('A red kite over the dunes');
    const generate = page.getByRole('button', { name: 'Generate' });
    await generate.hover();
    const hint = page.getByText(/^Or press (Ctrl|⌘) \+ Enter in the prompt$/);
    await expect(hint).toBeVisible();
    await generate.click();
    await expect(hint).toBeHidden();
    // The pointer still rests on the button: the hint stays away until it leaves.
    await page.waitForTimeout(1_000);
    await expect(hint).toBeHidden();
    await expect(page.getByTestId('cost-after')).toBeVisible();
  });
});
