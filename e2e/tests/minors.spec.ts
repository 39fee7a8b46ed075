import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { ageDialog, openLoginDialog, readMailCode, uniqueUsername } from '../support/accounts';

const PHONE = { width: 390, height: 844 };

/** A date of birth that makes its owner `years` old today (a month past their birthday). */
function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - 1);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/** The consent link of the newest e-mail the developer mailbox holds for `email`. */
async function readGuardianLink(request: APIRequestContext, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const answer = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
      const { messages } = (await answer.json()) as { messages: { text: string }[] };
      link =
        /https?:\/\/\S+\/guardian\?token=[A-Za-z0-9_-]+/.exec(messages[0]?.text ?? '')?.[0] ?? '';
      return link;
    })
    .toMatch(/\/guardian\?token=/);
  return new URL(link).pathname + new URL(link).search;
}

/** Both widths of the same screen, for looking at the layout. */
async function shoot(page: Page, name: string): Promise<void> {
  const desktop = page.viewportSize();
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`) });
  await page.setViewportSize(PHONE);
  // The navigation slides away as the layout turns to a phone's: shoot once it has settled.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`) });
  if (desktop) await page.setViewportSize(desktop);
}

/** Generates a picture in the image studio and opens its publish dialog. */
async function openPublishDialog(page: Page, prompt: string) {
  await page.goto('/studio/image');
  await page.getByRole('textbox', { name: /Prompt/ }).fill(prompt);
  await page.getByRole('button', { name: 'Generate' }).click();
  const image = page.getByRole('img', { name: prompt }).first();
  await expect(image).toBeVisible({ timeout: 45_000 });
  await image.hover();
  await page.getByRole('button', { name: 'Publish' }).first().click();
  const publish = page.getByRole('dialog', { name: 'Publish to the community' });
  await expect(publish).toBeVisible();
  return publish;
}

test.describe('minors', () => {
  test('a 13-year-old signs up, cannot publish until the guardian confirms by the e-mailed link, then can', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = `${uniqueUsername('kid')}@example.test`;
    const guardian = `parent-${uniqueUsername('g')}@example.test`;

    // Sign-up by e-mail code: the account is made at the first sign-in.
    await page.goto('/studio');
    const login = await openLoginDialog(page);
    await login.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await login.getByRole('button', { name: 'Send code' }).click();
    const code = await readMailCode(page.request, email);
    await login.getByRole('textbox').first().click();
    await page.keyboard.type(code);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expect(login).toBeHidden();

    // The age question comes first and cannot be closed but by an answer.
    const age = ageDialog(page);
    await expect(age).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(age).toBeVisible();
    await age.getByLabel('Date of birth').fill(bornYearsAgo(13));
    const guardianField = age.getByLabel("Parent's or guardian's e-mail");
    await expect(guardianField).toBeVisible();
    await age.getByRole('button', { name: 'Continue' }).click();
    await expect(age.getByText("Enter your parent's or guardian's e-mail address")).toBeVisible();
    await guardianField.fill(email);
    await age.getByRole('button', { name: 'Continue' }).click();
    await expect(
      age.getByText("Enter your parent's or guardian's address, not your own"),
    ).toBeVisible();
    await shoot(page, 'age-question');
    await guardianField.fill(guardian);
    await age.getByRole('button', { name: 'Continue' }).click();
    await expect(age).toBeHidden();

    // It says what waits for whom, and offers to send again or elsewhere.
    const status = page.getByRole('dialog', { name: 'Waiting for your guardian' });
    await expect(status.getByText(/We sent a link to pa\*\*\*@example\.test/)).toBeVisible();
    await expect(status.getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();
    await expect(status.getByRole('button', { name: 'Use another address' })).toBeVisible();
    await shoot(page, 'guardian-waiting');
    await status.getByRole('button', { name: 'Close' }).click();
    await expect(status).toBeHidden();
    const survey = page.getByRole('dialog', { name: 'Tell us a little about you' });
    await survey.getByRole('button', { name: 'Skip for now' }).click();
    await expect(survey).toBeHidden();

    // Publishing is refused, with the reason, and the status comes back.
    const prompt = 'A paper kite over a green hill, afternoon light';
    let publish = await openPublishDialog(page, prompt);
    await publish.getByRole('button', { name: 'Publish' }).click();
    await expect(
      page.getByText(/Your parent or guardian has not confirmed your account yet/).first(),
    ).toBeVisible();
    await expect(status).toBeVisible();
    await shoot(page, 'publish-refused');
    await status.getByRole('button', { name: 'Close' }).click();
    await page.keyboard.press('Escape');
    await expect(publish).toBeHidden();

    // The guardian opens the link from the mailbox, in a browser of their own.
    const guardianContext = await browser.newContext();
    const guardianPage = await guardianContext.newPage();
    await guardianPage.goto(await readGuardianLink(page.request, guardian));
    await expect(
      guardianPage.getByRole('heading', { name: "Consent for a child's account" }),
    ).toBeVisible();
    await expect(guardianPage.getByText(/created an account on Lumen/)).toBeVisible();
    await shoot(guardianPage, 'guardian-page');
    await guardianPage.getByRole('button', { name: 'I confirm' }).click();
    await expect(guardianPage.getByText(/You confirmed the account/)).toBeVisible();
    // The link works once.
    await guardianPage.reload();
    await expect(guardianPage.getByText(/This link is no longer valid/)).toBeVisible();
    await guardianContext.close();

    // Now the same picture publishes.
    publish = await openPublishDialog(page, prompt);
    await publish.getByRole('button', { name: 'Publish' }).click();
    await expect(publish.getByText('Submitted for review')).toBeVisible();
  });

  test('the terms and the privacy policy address users under 18 and under 14', async ({ page }) => {
    await page.goto('/terms#minors');
    await expect(page.getByRole('heading', { name: /Users under 18/ })).toBeVisible();
    await expect(page.getByText(/Under 14: when you sign up/)).toBeVisible();
    await page.goto('/privacy#children');
    await expect(page.getByRole('heading', { name: /Children under 14/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Users under 18/ })).toBeVisible();
  });
});
