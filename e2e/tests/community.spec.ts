import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInThroughApi, topBar, uniqueUsername } from '../support/accounts';

/**
 * Addresses playwright.config.ts lists in ADMIN_EMAILS: one per test, since a code may be sent
 * to an address only once a minute.
 */
const ADMIN_EMAIL = 'admin@e2e.test';
const CURATOR_EMAIL = 'curator@e2e.test';

async function newSignedInPage(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signInThroughApi(page, email);
  return { context, page, user };
}

/** A work card in a feed is a link named by the work's title. */
function workCard(page: Page, title: string) {
  return page.getByRole('link', { name: title, exact: true });
}

test.describe('community', () => {
  test('publish, review, explore, like, comment and the author is notified', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const title = `Harbour ${uniqueUsername('w')}`;
    const prompt = 'A quiet harbour at dawn, fishing boats, soft mist';

    // User A generates an image in the studio and publishes it from the result grid.
    await signInThroughApi(page, `${uniqueUsername('a')}@example.test`);
    await page.goto('/studio/image');
    await page.getByRole('textbox', { name: /Prompt/ }).fill(prompt);
    await page.getByRole('button', { name: 'Generate' }).click();
    const image = page.getByRole('img', { name: prompt }).first();
    await expect(image).toBeVisible({ timeout: 30_000 });
    await image.hover();
    await page.getByRole('button', { name: 'Publish' }).first().click();

    const publish = page.getByRole('dialog', { name: 'Publish to the community' });
    await expect(publish.getByRole('textbox', { name: 'Title' })).toHaveValue(prompt);
    await publish.getByRole('textbox', { name: 'Title' }).fill(title);
    await publish.getByRole('textbox', { name: 'Description' }).fill('Early light over the water.');
    await publish.getByRole('button', { name: 'Publish' }).click();
    await expect(publish.getByText('Submitted for review')).toBeVisible();
    await publish.getByRole('link', { name: 'View my works' }).click();
    // The author sees it on their own page with its review state.
    const mine = page.getByRole('article').filter({ has: workCard(page, title) });
    await expect(mine.getByText('Submitted', { exact: true })).toBeVisible();

    // Until a moderator approves it, explore does not show it.
    await page.goto('/explore');
    await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
    await expect(workCard(page, title)).toHaveCount(0);

    // The admin approves it in the review queue.
    const admin = await newSignedInPage(browser, ADMIN_EMAIL);
    await admin.page.getByRole('link', { name: 'Admin' }).click();
    await admin.page
      .locator('.mantine-Card-root')
      .filter({ has: admin.page.getByRole('heading', { name: 'Moderation' }) })
      .getByRole('link', { name: 'Open' })
      .click();
    await expect(admin.page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
    const queued = admin.page.getByRole('article', { name: title });
    await queued.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.page.getByText('Approved: the work now shows on explore.')).toBeVisible();
    await expect(queued).toHaveCount(0);
    await admin.context.close();

    // Now it is on explore, for everyone.
    await page.reload();
    await expect(workCard(page, title)).toBeVisible();

    // User B likes it and comments.
    const b = await newSignedInPage(browser, `${uniqueUsername('b')}@example.test`);
    await b.page.goto('/explore');
    await workCard(b.page, title).click();
    await expect(b.page.getByRole('heading', { name: title })).toBeVisible();
    await expect(b.page.getByText(prompt)).toBeVisible();
    const like = b.page.getByRole('button', { name: 'Like', exact: true });
    await expect(like).toHaveText('0');
    await like.click();
    const unlike = b.page.getByRole('button', { name: 'Unlike', exact: true });
    await expect(unlike).toHaveText('1');
    await expect(unlike).toHaveAttribute('aria-pressed', 'true');
    await b.page.getByRole('textbox', { name: 'Write a comment' }).fill('Wonderful colours!');
    await b.page.getByRole('button', { name: 'Post' }).click();
    await expect(b.page.getByRole('article', { name: /Comment by/ })).toContainText(
      'Wonderful colours!',
    );
    await expect(b.page.getByRole('heading', { name: '1 comment' })).toBeVisible();
    // The like was stored, not only shown.
    await b.page.reload();
    await expect(b.page.getByRole('button', { name: 'Unlike', exact: true })).toHaveText('1');
    await b.context.close();

    // A sees the notifications: a badge on the bell, and the items in the drawer.
    await page.reload();
    const bell = topBar(page).getByRole('button', { name: /Open notifications, \d+ unread/ });
    await expect(bell).toBeVisible();
    await bell.click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await expect(drawer.getByRole('tab', { name: /Interactive/ })).toContainText('2');
    await expect(drawer.getByRole('button', { name: /Unread: .*liked your work/ })).toBeVisible();
    const commented = drawer.getByRole('button', { name: /Unread: .*commented on your work/ });
    await expect(commented).toContainText('Wonderful colours!');
    await commented.click();
    await expect(page).toHaveURL(/\/w\/\d+\?comment=\d+$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // On a 360 px phone the work page and explore fit the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveText('1');
    await expect(page.getByRole('heading', { name: '1 comment' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.goto('/explore');
    await expect(workCard(page, title)).toBeVisible();
    await expect(page.getByText('Video', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });

  test('an admin creates a circle and it shows on /circles', async ({ page }) => {
    const name = `Tide pools ${uniqueUsername('c').slice(-6)}`;
    await signInThroughApi(page, CURATOR_EMAIL);
    await page.goto('/admin');
    await page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Circles' }) })
      .getByRole('link', { name: 'Open' })
      .click();
    await expect(page).toHaveURL(/\/admin\/circles$/);
    await page.getByRole('button', { name: 'New circle' }).click();
    const dialog = page.getByRole('dialog', { name: 'New circle' });
    await dialog.getByRole('button', { name: 'Create circle' }).click();
    await expect(dialog.getByText('Give the circle a name.')).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Rock pools at low tide');
    await dialog.getByRole('button', { name: 'Create circle' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();

    await page.goto('/circles');
    await expect(page.getByText(name, { exact: true })).toBeVisible();
  });
});
