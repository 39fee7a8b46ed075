import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { createApiMock, loginAnswer, userInfoAnswer } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { LoginDialog } from './login-dialog';

let api: ReturnType<typeof createApiMock>;
const providers = [
  {
    provider: 'google',
    client_id: 'g-client',
    authorize_url: 'https://g.test/auth',
    scope: 'openid',
    response_type: 'id_token',
  },
  {
    provider: 'discord',
    client_id: 'd-client',
    authorize_url: 'https://d.test/auth',
    scope: 'identify',
    response_type: 'code',
  },
];

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  api.on('GET', '/prod-api/user/oauth/providers', { result: { data: [] } });
  api.on('POST', '/prod-api/user/captcha', { result: { resend_after_s: 60, expires_in_s: 600 } });
  api.on('GET', '/prod-api/user/info', { result: userInfoAnswer() });
  useSession.setState({ user: null, hasRefreshCredential: false, loginOpen: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

async function reachCodeStep(user: ReturnType<typeof userEvent.setup>, email = 'ada@example.com') {
  await user.type(emailInput(), email);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByText(`Enter the 6-character code we sent to ${email}.`);
}

function emailInput(): HTMLElement {
  return screen.getByRole('textbox', { name: 'E-mail' });
}

function codeBoxes(): HTMLElement[] {
  return within(screen.getByRole('dialog')).getAllByRole('textbox');
}

describe('LoginDialog social buttons', () => {
  it('shows only the providers the server has set up, and no divider when there are none', async () => {
    const { unmount } = renderWithProviders(<LoginDialog />);
    expect(await screen.findByRole('textbox', { name: 'E-mail' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
    unmount();

    api.on('GET', '/prod-api/user/oauth/providers', { result: { data: providers } });
    renderWithProviders(<LoginDialog />);
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Discord' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Apple' })).not.toBeInTheDocument();
  });

  it('hides Google on partner links that carry uid and hid', async () => {
    api.on('GET', '/prod-api/user/oauth/providers', { result: { data: providers } });
    window.history.replaceState(null, '', '/?uid=7&hid=9');
    renderWithProviders(<LoginDialog />);
    expect(
      await screen.findByRole('button', { name: 'Continue with Discord' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });
});

describe('LoginDialog e-mail code', () => {
  it('sends nothing for an address that fails the basic pattern', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginDialog />);
    await user.type(emailInput(), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(api.requests('POST', '/prod-api/user/captcha')).toHaveLength(0);
  });

  it('counts down the resend, needs six characters and flags a wrong code until it changes', async () => {
    const user = userEvent.setup();
    api.on('POST', '/prod-api/user/login', {
      code: 3002,
      msg: 'The verification code is incorrect. Please try again.',
    });
    renderWithProviders(<LoginDialog />);
    await reachCodeStep(user);

    expect(api.requests('POST', '/prod-api/user/captcha')[0]?.body).toMatchObject({
      method: 'email',
      email: 'ada@example.com',
      purpose: 'login',
    });
    expect(screen.getByRole('button', { name: /Resend in (60|59) s/ })).toBeDisabled();
    const signIn = screen.getByRole('button', { name: 'Sign in' });
    expect(signIn).toBeDisabled();

    await user.click(codeBoxes()[0] as HTMLElement);
    await user.keyboard('12345');
    expect(signIn).toBeDisabled();
    await user.keyboard('6');
    expect(signIn).toBeEnabled();
    await user.click(signIn);

    const flag = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(flag).toHaveTextContent('The verification code is incorrect. Please try again.');
    // The flag by the boxes says it; no toast repeats it.
    expect(
      screen.getAllByText('The verification code is incorrect. Please try again.'),
    ).toHaveLength(1);
    expect(api.requests('POST', '/prod-api/user/login')[0]?.body).toMatchObject({
      loginType: 'email',
      email: 'ada@example.com',
      captcha: '123456',
      max_age: 3600,
    });
    expect(useSession.getState().loginOpen).toBe(true);

    await user.click(codeBoxes()[5] as HTMLElement);
    await user.keyboard('{Backspace}');
    await waitFor(() =>
      expect(within(screen.getByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(emailInput()).toHaveValue('ada@example.com');
  });

  it('shows other refusals, such as a used-up code, as a message without the flag', async () => {
    const user = userEvent.setup();
    api.on('POST', '/prod-api/user/login', {
      code: 3003,
      msg: 'The code has expired. Please request a new one.',
    });
    renderWithProviders(<LoginDialog />);
    await reachCodeStep(user);
    await user.click(codeBoxes()[0] as HTMLElement);
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByText('The code has expired. Please request a new one.'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs in: stores the session, reloads the user info, closes and says so', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('invitation_code', 'ph');
    api.on('POST', '/prod-api/user/login', {
      result: loginAnswer({
        role_menu_list: [
          { role_name: 'member', menu_list: [{ menu_name: 'Studio' }] },
          { role_name: 'staff', menu_list: [{ menu_name: 'Studio' }, { menu_name: 'Admin' }] },
        ],
      }),
    });
    let releaseInfo: () => void = () => undefined;
    api.on(
      'GET',
      '/prod-api/user/info',
      () =>
        new Promise((resolve) => {
          releaseInfo = () => resolve({ result: userInfoAnswer({ nickname: 'Ada L.' }) });
        }),
    );
    renderWithProviders(<LoginDialog />);
    await reachCodeStep(user);
    await user.click(codeBoxes()[0] as HTMLElement);
    await user.keyboard('ZX81AB');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(useSession.getState().loginOpen).toBe(false));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(api.requests('POST', '/prod-api/user/login')[0]?.body).toMatchObject({
      invitationcode: 'ph',
    });
    expect(useSession.getState()).toMatchObject({
      hasRefreshCredential: true,
      user: {
        userId: '42',
        username: 'ada',
        isAdmin: true,
        menuList: ['Studio', 'Admin'],
        roleList: ['member', 'staff'],
      },
    });
    for (const [key, value] of [
      ['ticket', 'ticket-1'],
      ['refresh_token', 'refresh-1'],
      ['username', 'ada'],
      ['userId', '42'],
    ]) {
      expect(window.localStorage.getItem(key as string)).toBe(value);
    }
    releaseInfo();
    await waitFor(() => expect(useSession.getState().user?.nickname).toBe('Ada L.'));
    expect(api.requests('GET', '/prod-api/user/info')[0]?.headers.Authorization).toBe(
      'Bearer ticket-1',
    );
  });
});

describe('LoginDialog views', () => {
  it('swaps in the sign-up form and starts from the e-mail step again when reopened', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginDialog />);
    await user.click(screen.getByRole('tab', { name: 'Password' }));
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('dialog', { name: 'Create your Lumen account' })).toBeInTheDocument();

    act(() => useSession.getState().closeLogin());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => useSession.getState().openLogin());

    expect(await screen.findByRole('dialog', { name: 'Sign in to Lumen' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'E-mail' })).toHaveAttribute('aria-selected', 'true');
    expect(emailInput()).toHaveValue('');
  });
});
