import { expect, test } from '../support/fixtures';
import { signInThroughApi, uniqueUsername } from '../support/accounts';
import { publishWork } from '../support/works';

/** An address playwright.config.ts lists in ADMIN_EMAILS, used by this file alone. */
const EDITOR_EMAIL = 'editor@e2e.test';

test('an edit of a published work shows to others once a moderator approves it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Lighthouse ${uniqueUsername('t')}`;
  const newTitle = `${title} at dusk`;
  const owner = await signInThroughApi(page, `${uniqueUsername('ed')}@example.test`);
  const workId = await publishWork(page.request, owner.ticket, title);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const moderator = await signInThroughApi(admin, EDITOR_EMAIL);
  const approved = await admin.request.post(`/prod-api/admin/works/${workId}/approve`, {
    headers: { authorization: `Bearer ${moderator.ticket}` },
  });
  expect(((await approved.json()) as { code: number }).code).toBe(0);

  // The owner changes the title: they see it at once, marked as waiting for review.
  await page.goto(`/w/${workId}`);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit work' });
  await expect(dialog.getByText(/a new title or description is reviewed/)).toBeVisible();
  await dialog.getByRole('textbox', { name: /Title/ }).fill(newTitle);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Others see your new title and description/)).toBeVisible();
  await expect(page.getByText('Your changes are waiting for review')).toBeVisible();
  await expect(page.getByRole('heading', { name: newTitle })).toBeVisible();

  // Everyone else keeps seeing the approved title.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/w/${workId}`);
  await expect(visitor.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(visitor.getByText(newTitle)).toHaveCount(0);

  // The moderator sees both titles in the Edits tab and approves.
  await admin.goto('/admin/review');
  await admin.getByRole('tab', { name: 'Edits' }).click();
  const card = admin.getByRole('article', { name: title, exact: true });
  await expect(card.getByText(newTitle)).toBeVisible();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Approved: the work now shows the new text.')).toBeVisible();
  await expect(card).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: newTitle })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Your changes are waiting for review')).toHaveCount(0);
  await adminContext.close();
  await visitorContext.close();
});
