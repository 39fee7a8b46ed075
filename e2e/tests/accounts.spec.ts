import { expect, test } from '../support/fixtures';
import {
  answerAgeQuestion,
  loginDialog,
  openLoginDialog,
  readMailCode,
  registerWithPassword,
  signOut,
  skipSurvey,
  topBar,
  uniqueUsername,
} from '../support/accounts';
import { discordAccount, oidcSettings } from '../support/oidc-settings';

const password = 'Lumen2026x';

test.describe('accounts', () => {
  // Each sign-up also answers the age question; under load that takes longer than 30 s.
  test.describe.configure({ timeout: 60_000 });

  test('signs up and in with an e-mail code, answers the survey and stays signed in after a reload', async ({
    page,
  }) => {
    const email = `${uniqueUsername('mail')}@example.test`;
    await page.goto('/studio');
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByText(`Enter the 6-character code we sent to ${email}.`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();

    const code = await readMailCode(page.request, email);
    await dialog.getByRole('textbox').first().click();
    await page.keyboard.type(code);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Login successful!')).toBeVisible();

    // A new account is asked its age, then the three collect-account questions.
    await answerAgeQuestion(page);
    const survey = page.getByRole('dialog', { name: 'Tell us a little about you' });
    await survey.getByText('Content creator').click();
    await survey.getByRole('button', { name: 'Next' }).click();
    await survey.getByText('Social media').click();
    await survey.getByRole('button', { name: 'Next' }).click();
    await survey.getByText('Video', { exact: true }).click();
    await survey.getByRole('button', { name: 'Submit' }).click();
    await expect(survey).toBeHidden();

    const info = (await (await page.request.get('/prod-api/user/info')).json()) as {
      result: { nickname: string; username: string; email: string };
    };
    expect(info.result.email).toBe(email);
    const name = info.result.nickname || info.result.username;
    await expect(topBar(page)).toContainText(name);

    await page.reload();
    await expect(topBar(page)).toContainText(name);
    await expect(topBar(page).getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('registers with a username and password, logs out and signs in again by password', async ({
    page,
  }) => {
    const username = uniqueUsername();
    await page.goto('/studio');
    await registerWithPassword(page, username, password);
    await expect(topBar(page)).toContainText(username);

    await signOut(page, username);
    // Spec §4: logging out opens the login dialog.
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();
    await expect(topBar(page).getByRole('button', { name: 'Sign in' })).toBeVisible();

    await dialog.getByRole('tab', { name: 'Password' }).click();
    await dialog.getByLabel('Username or e-mail').fill(username);
    await dialog
      .getByRole('tabpanel', { name: 'Password' })
      .getByLabel('Password', { exact: true })
      .fill(password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog).toBeHidden();
    await expect(topBar(page)).toContainText(username);

    await page.goto('/account/profile');
    await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(username);
  });

  test('an address given at sign-up is confirmed with a code on the profile page', async ({
    page,
  }) => {
    const username = uniqueUsername();
    const email = `${username}@example.test`;
    await page.goto('/studio');
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('tab', { name: 'Password' }).click();
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByLabel('Username', { exact: true }).fill(username);
    await dialog.getByLabel('E-mail (optional)').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByLabel('Confirm password').fill(password);
    await dialog.getByRole('checkbox', { name: /I agree/ }).check();
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog).toBeHidden();
    await skipSurvey(page);

    await page.goto('/account/profile');
    const card = page.locator('.mantine-Card-root', { hasText: 'E-mail address' });
    await expect(card.getByText('Not verified')).toBeVisible();
    await expect(card.getByLabel('E-mail')).toHaveValue(email);
    await card.getByRole('button', { name: 'Send code' }).click();
    await expect(card.getByText(`Enter the 6-character code we sent to ${email}.`)).toBeVisible();
    const code = await readMailCode(page.request, email);
    await card.getByRole('textbox').first().click();
    await page.keyboard.type(code);
    await card.getByRole('button', { name: 'Verify e-mail' }).click();
    await expect(card.getByText('Verified', { exact: true })).toBeVisible();
    await expect(card.getByText(email)).toBeVisible();
  });

  test('the terms a user agrees to open beside the dialog, which keeps what was typed', async ({
    page,
  }) => {
    await page.goto('/studio');
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('reader@example.test');
    const [terms] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('link', { name: 'Terms of Service' }).click(),
    ]);
    await expect(terms.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
    await expect(terms.getByRole('heading', { name: '6. What is not allowed' })).toBeVisible();
    const [privacy] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('link', { name: 'Privacy Policy' }).click(),
    ]);
    await expect(privacy.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toHaveValue(
      'reader@example.test',
    );
  });

  test('signs in with Discord through a real OpenID provider in a pop-up', async ({
    page,
    baseURL,
  }) => {
    const { issuer, clientId } = oidcSettings(Number(new URL(baseURL ?? '').port));
    // The server's redirect starts the pop-up at the provider with our client id.
    const redirect = await page.request.get(
      `/prod-api/user/oauth/authorize/discord?redirect_uri=${encodeURIComponent(`${baseURL}/login-discord`)}&state=check-redirect`,
      { maxRedirects: 0 },
    );
    expect(redirect.status()).toBe(302);
    const target = new URL(redirect.headers()['location'] ?? '');
    expect(`${target.origin}${target.pathname}`).toBe(`${issuer}/auth`);
    expect(target.searchParams.get('client_id')).toBe(clientId);

    await page.goto('/studio');
    const dialog = await openLoginDialog(page);
    const popupOpened = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Continue with Discord' }).click();
    const popup = await popupOpened;
    await popup.waitForEvent('close');

    await expect(dialog).toBeHidden();
    await skipSurvey(page);
    const info = (await (await page.request.get('/prod-api/user/info')).json()) as {
      result: { nickname: string; username: string; email: string };
    };
    expect(info.result.email).toBe(discordAccount.email);
    await expect(topBar(page)).toContainText(info.result.nickname || info.result.username);
  });

  test('a logout in one tab signs the other tab out; a login in one tab signs the other in', async ({
    page,
    context,
  }) => {
    const username = uniqueUsername('tab');
    const other = await context.newPage();
    await other.goto('/studio');
    await expect(topBar(other).getByRole('button', { name: 'Sign in' })).toBeVisible();

    await page.goto('/studio');
    await registerWithPassword(page, username, password);
    await expect(topBar(other)).toContainText(username);

    await other.goto('/account/profile');
    await expect(other.getByRole('heading', { name: 'Edit profile' })).toBeVisible();

    await signOut(page, username);
    // Spec §2: a tab on a page that needs a session goes to /studio.
    await expect(other).toHaveURL(/\/studio$/);
    await expect(topBar(other).getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(other.getByRole('dialog')).toHaveCount(0);
  });
});
