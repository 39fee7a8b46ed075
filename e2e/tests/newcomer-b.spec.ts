import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, test } from '../support/fixtures';

// Runs on a shared, busy machine: what the app shows may take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
import { signInThroughApi, topBar, uniqueUsername } from '../support/accounts';
import { adminTicket, call } from '../support/api';
import { publishApprovedWork } from '../support/works';
import { scenePng } from '../support/pictures';

// An admin of its own: another spec's admin may have asked for a code in the last minute.
const ADMIN_EMAIL = 'newcomer@e2e.test';

async function asAdmin(request: APIRequestContext): Promise<string> {
  return adminTicket(request, ADMIN_EMAIL);
}

/** Shows the app in `language` from the next load on (the language switch remembers it). */
async function useLanguage(page: Page, language: 'en' | 'zh' | 'ja' | 'es'): Promise<void> {
  await page.evaluate((lang) => localStorage.setItem('lumen_language', lang), language);
  await page.reload();
}

test.describe('payments a newcomer tries', () => {
  test('a declined card says the card was declined, in each language', async ({ page }) => {
    await signInThroughApi(page, `${uniqueUsername('declined')}@example.test`, '/pay');
    await page.getByTestId('plan-plus').getByRole('button', { name: 'Get Plus' }).click();
    await expect(page).toHaveURL(/\/pay\/checkout\/[^/]+$/);
    await page.getByRole('button', { name: 'Card declined' }).click();

    await expect(page).toHaveURL(/\/pay\/result\?order_no=/);
    await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    await expect(page.getByText('Your card was declined', { exact: false })).toBeVisible();
    await expect(page.getByText(/does not support subscriptions/)).toHaveCount(0);

    const declined = {
      zh: '银行卡被拒绝',
      ja: 'カードが拒否されました',
      es: 'Tu tarjeta ha sido rechazada',
    } as const;
    for (const [language, words] of Object.entries(declined)) {
      await useLanguage(page, language as keyof typeof declined);
      await expect(page.getByText(words, { exact: false })).toBeVisible();
    }
    await useLanguage(page, 'en');
  });
});

test.describe('explore cards', () => {
  test('show title and kind; a hover shows the prompt and Recreate opens the studio with it', async ({
    page,
  }) => {
    const prompt = `a paper boat on a rainy street ${Date.now().toString(36)}`;
    const title = `Rain boat ${Date.now().toString(36)}`;
    await publishApprovedWork(page.request, { prompt, title, adminEmail: ADMIN_EMAIL });
    await signInThroughApi(page, `${uniqueUsername('viewer')}@example.test`, '/explore');
    await page.goto('/explore?sort=new');
    const card = page.locator('article').filter({ hasText: title }).first();
    await expect(card).toBeVisible();
    // Title and kind show without a hover.
    await expect(card.getByText(title, { exact: true })).toBeVisible();
    await expect(card.getByText('Image', { exact: true })).toBeVisible();
    const overlay = card.getByTestId('work-card-prompt');
    await expect(overlay).toBeHidden();

    await card.getByRole('link', { name: title }).hover();
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText(prompt);
    await page.screenshot({ path: test.info().outputPath('explore-card-hover.png') });
    await overlay.getByRole('link', { name: 'Recreate' }).click();
    await expect(page).toHaveURL(/\/studio\/image\?/);
    await expect(page.getByRole('textbox', { name: /prompt/i }).first()).toHaveValue(prompt);
  });

  test('on a phone, a long press shows the prompt instead of opening the work', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const title = `Long press ${Date.now().toString(36)}`;
    await publishApprovedWork(page.request, {
      prompt: 'a lantern in the fog',
      title,
      adminEmail: ADMIN_EMAIL,
    });
    await page.goto('/explore?sort=new');
    const card = page.locator('article').filter({ hasText: title }).first();
    await expect(card).toBeVisible();
    const link = card.getByRole('link', { name: title });
    await link.scrollIntoViewIfNeeded();
    // A finger rests on the picture for 700 ms (the touch goes to the card's own picture, so a
    // masonry column that settles meanwhile cannot move another card under it).
    await link.evaluate(async (target) => {
      const rect = target.getBoundingClientRect();
      const touch = new Touch({
        identifier: 1,
        target,
        clientX: rect.x + rect.width / 2,
        clientY: rect.y + rect.height / 2,
      });
      target.dispatchEvent(
        new TouchEvent('touchstart', { touches: [touch], changedTouches: [touch], bubbles: true }),
      );
      await new Promise((resolve) => setTimeout(resolve, 700));
      target.dispatchEvent(
        new TouchEvent('touchend', { touches: [], changedTouches: [touch], bubbles: true }),
      );
    });
    await expect(card.getByTestId('work-card-prompt')).toBeVisible();
    await expect(card.getByTestId('work-card-prompt')).toContainText('a lantern in the fog');
    await expect(page).toHaveURL(/\/explore/);
    await page.screenshot({ path: test.info().outputPath('explore-card-phone.png') });
    await context.close();
  });
});

test.describe('what a result is', () => {
  test("a video's and a 3D model's detail pages show their file's facts", async ({ page }) => {
    const user = await signInThroughApi(page, `${uniqueUsername('facts')}@example.test`);
    // A video and a model cost 30 credits each, a new account has 30 a day.
    const admin = await asAdmin(page.request);
    await call(page.request, 'POST', `/prod-api/admin/users/${user.id}/credits`, admin, {
      amount: 100,
      kind: 'purchased',
      reason: 'e2e credits',
      idempotency_key: `e2e-facts-${user.id}`,
    });
    const runs = [
      { path: '/api/gw/v3/video/video_diffusion/async', kind: 'video', type: 'video_diffusion' },
      { path: '/api/gw/v3/3d/text_to_3d/async', kind: '3d', type: 'text_to_3d' },
    ] as const;
    const ids: string[] = [];
    for (const run of runs) {
      const { task_id: taskId } = await call<{ task_id: string }>(
        page.request,
        'POST',
        run.path,
        user.ticket,
        { prompt: 'a red kite over green hills', params: {} },
      );
      ids.push(taskId);
    }
    for (const [i, run] of runs.entries()) {
      await expect
        .poll(
          async () =>
            (
              await call<{ status: string }>(
                page.request,
                'GET',
                `${run.path}/results?task_id=${ids[i]}`,
                user.ticket,
              )
            ).status,
          { timeout: 200_000 },
        )
        .toBe('done');
    }

    await page.goto(`/library/item/${ids[0]}/0?kind=video&type=video_diffusion`);
    await expect(page.getByText('Frame rate')).toBeVisible();
    await expect(page.getByText(/\d+ fps/)).toBeVisible();
    await expect(page.getByText('Duration')).toBeVisible();
    await expect(page.getByText('Sound', { exact: true })).toBeVisible();
    await expect(page.getByText('File size')).toBeVisible();

    await page.goto(`/library/item/${ids[1]}/0?kind=3d&type=text_to_3d`);
    await expect(page.getByText('Vertices')).toBeVisible();
    await expect(page.getByText('Faces', { exact: true })).toBeVisible();
    await expect(page.getByText('File size')).toBeVisible();
    // The render size of a model's preview is not the model's.
    await expect(page.getByText('512 × 512')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('model-facts.png'), fullPage: true });

    await useLanguage(page, 'ja');
    await expect(page.getByText('頂点数')).toBeVisible();
    await useLanguage(page, 'en');
  });
});

test.describe('the profile picture', () => {
  test('is uploaded, cropped to a square with a preview, shown, and removed', async ({ page }) => {
    const user = await signInThroughApi(page, `${uniqueUsername('avatar')}@example.test`);
    await page.goto('/account/profile');
    await page
      .locator('input[type="file"][accept*="image/png"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: scenePng(800, 500) });
    const dialog = page.getByRole('dialog', { name: 'Crop your picture' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Preview' })).toBeVisible();
    // Move the picture within the square and zoom in.
    const frame = dialog.getByTestId('avatar-crop');
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await dialog.getByRole('slider', { name: 'Zoom' }).press('ArrowRight');
    await page.screenshot({ path: test.info().outputPath('avatar-crop.png') });
    await dialog.getByRole('button', { name: 'Save picture' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Your new picture is saved.')).toBeVisible();

    const profile = await call<{ avatar: string }>(
      page.request,
      'GET',
      '/prod-api/user/profile',
      user.ticket,
    );
    expect(profile.avatar).toMatch(/^\/media\/avatars\/\d+\/[0-9a-f]{16}\.png$/);
    const served = await page.request.get(profile.avatar);
    expect(served.status()).toBe(200);
    // The top bar shows it too.
    await expect(topBar(page).locator(`img[src="${profile.avatar}"]`)).toBeVisible();

    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Your picture was removed.')).toBeVisible();
    expect(
      (await call<{ avatar: string }>(page.request, 'GET', '/prod-api/user/profile', user.ticket))
        .avatar,
    ).toBe('');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('avatar-phone.png'), fullPage: true });
  });
});

test.describe('phone sign-in', () => {
  const languages = [
    { language: 'en', signIn: 'Sign in', tab: 'Phone', code: 'Code', dial: '+1' },
    { language: 'zh', signIn: '登录', tab: '手机', code: '区号', dial: '+86' },
    { language: 'ja', signIn: 'ログイン', tab: '電話', code: '国番号', dial: '+81' },
    { language: 'es', signIn: 'Iniciar sesión', tab: 'Teléfono', code: 'Prefijo', dial: '+34' },
  ] as const;

  test('the country follows the interface language, in each of the four', async ({ page }) => {
    await page.goto('/');
    for (const { language, signIn, tab, code, dial } of languages) {
      await useLanguage(page, language);
      await topBar(page).getByRole('button', { name: signIn }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('tab', { name: tab }).click();
      await expect(dialog.getByRole('combobox', { name: code })).toHaveValue(dial);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await useLanguage(page, 'en');
  });

  test('the picker is searchable, and each country checks its own numbers', async ({ page }) => {
    await page.goto('/');
    await topBar(page).getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Phone' }).click();
    const number = dialog.getByRole('textbox', { name: 'Phone number' });

    // Eleven digits are no US number.
    await number.fill('41555501234');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByText('Enter a valid phone number')).toBeVisible();

    // Found by its name; Japan's mobile numbers are accepted with their trunk 0.
    const country = dialog.getByRole('combobox', { name: 'Code' });
    await country.click();
    await country.fill('Japan');
    await page.getByRole('option', { name: /Japan/ }).click();
    await expect(country).toHaveValue('+81');
    await number.fill('090-1234-5678');
    await page.screenshot({ path: test.info().outputPath('phone-picker.png') });
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByText('Enter a valid phone number')).toBeHidden();
    await expect(dialog.getByText(/\+81 ?90/)).toBeVisible();
  });
});

test.describe('sign-in by address', () => {
  test('a one-time ticket in the address signs in and leaves the address bar', async ({
    page,
    browser,
  }) => {
    const user = await signInThroughApi(page, `${uniqueUsername('ticket')}@example.test`);
    const minted = await call<{ ticket: string; url: string }>(
      page.request,
      'POST',
      '/prod-api/user/ticket',
      user.ticket,
    );
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await other.goto(`/explore?sort=new&ticket=${encodeURIComponent(minted.ticket)}`);
    await expect(topBar(other).getByRole('button', { name: /Account menu/ })).toBeVisible();
    await expect(other).toHaveURL(/\/explore\?sort=new$/);
    // The ticket is spent: the same address a second time signs no one in.
    const third = await (await browser.newContext()).newPage();
    await third.goto(`/explore?ticket=${encodeURIComponent(minted.ticket)}`);
    await expect(topBar(third).getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(third).toHaveURL(/\/explore$/);
    await elsewhere.close();
  });
});

test.describe('progress you can see', () => {
  test('a run on its way shimmers (still for reduced motion) and says the time left', async ({
    page,
  }) => {
    const user = await signInThroughApi(page, `${uniqueUsername('eta')}@example.test`);
    const admin = await asAdmin(page.request);
    // Plus makes 10 s videos: long enough on any machine for the rate to be told.
    await call(page.request, 'POST', `/prod-api/admin/users/${user.id}/plan`, admin, {
      grade: 2,
      days: 30,
    });
    await call(page.request, 'POST', `/prod-api/admin/users/${user.id}/credits`, admin, {
      amount: 300,
      kind: 'purchased',
      reason: 'e2e credits',
      idempotency_key: `e2e-eta-${user.id}`,
    });
    // Two runs: the second waits behind the first, so its page sees it from its first percent.
    const taskIds: string[] = [];
    for (const prompt of ['a slow tide over black sand', 'a lighthouse beam in the rain']) {
      const { task_id: taskId } = await call<{ task_id: string }>(
        page.request,
        'POST',
        '/api/gw/v3/video/video_diffusion/async',
        user.ticket,
        { prompt, params: { duration: 10 } },
      );
      taskIds.push(taskId);
    }
    // In the library grid a run is a shimmering tile, and a still one for reduced motion.
    await page.goto('/library?kind=video');
    const pending = page.locator('[data-pending]').first();
    await expect(pending).toBeVisible();
    expect(await pending.evaluate((el) => getComputedStyle(el).animationName)).toContain('shimmer');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await pending.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });

    // Every time-left text the page shows is kept, however briefly it stood.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { seenEtas: seen });
      new MutationObserver(() => {
        document.querySelectorAll('[data-testid="task-eta"]').forEach((el) => {
          if (el.textContent) seen.push(el.textContent);
        });
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`/library/item/${taskIds[1]}/0?kind=video&type=video_diffusion`);
    // Its progress, then the time left once the rate is known.
    await expect(page.getByRole('status')).toContainText(/Working on it… \d+%/, {
      timeout: 200_000,
    });
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            (window as unknown as { seenEtas: string[] }).seenEtas.find((text) =>
              /in \d+ (seconds?|minutes?)/.test(text),
            ),
          ),
        { timeout: 200_000 },
      )
      .toBeTruthy();
    await page.screenshot({ path: test.info().outputPath('eta.png') });
  });
});
