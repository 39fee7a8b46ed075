import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { renderWithProviders } from '../../../test/render';
import { LoginDialog } from './login-dialog';

const fetchMock = vi.fn<typeof fetch>();

function answer(body: unknown, status = 200): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

function requestTo(path: string): { body: Record<string, unknown> } | undefined {
  const call = fetchMock.mock.calls.find(([url]) => url === path);
  return call ? { body: JSON.parse(String(call[1]?.body)) as Record<string, unknown> } : undefined;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  useSession.setState({ user: null, hasRefreshCredential: false, loginOpen: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('LoginDialog', () => {
  it('offers the four social providers, without Google on partner links', () => {
    const { unmount } = renderWithProviders(<LoginDialog />);
    for (const name of ['Google', 'Discord', 'Apple', 'Facebook']) {
      expect(screen.getByRole('button', { name: `Continue with ${name}` })).toBeInTheDocument();
    }
    unmount();

    window.history.replaceState(null, '', '/?uid=7&hid=9');
    renderWithProviders(<LoginDialog />);
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Discord' })).toBeInTheDocument();
  });

  it('sends a code, counts down the resend and flags a wrong code until it changes', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation((url) =>
      url === '/prod-api/user/captcha'
        ? answer({ code: 0, msg: 'success', result: null })
        : answer({ code: 1001, msg: 'The verification code is incorrect.', result: null }, 400),
    );
    renderWithProviders(<LoginDialog />);

    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText(/6-character code we sent to ada@example.com/)).toBeInTheDocument();
    expect(requestTo('/prod-api/user/captcha')?.body).toMatchObject({ method: 'email', email: 'ada@example.com' });
    expect(screen.getByRole('button', { name: /Resend in (60|59) s/ })).toBeDisabled();

    const inputs = screen.getAllByRole('textbox');
    await user.click(inputs[0] as HTMLElement);
    await user.keyboard('ABC123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const wrongCode = 'The verification code is incorrect. Please try again.';
    expect(await screen.findByText(wrongCode)).toHaveAttribute('role', 'alert');
    expect(requestTo('/prod-api/user/login')?.body).toMatchObject({
      type: 'email',
      email: 'ada@example.com',
      captcha: 'ABC123',
      max_age: 3600,
    });
    expect(useSession.getState().loginOpen).toBe(true);

    await user.click(inputs[5] as HTMLElement);
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(screen.queryByText(wrongCode)).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
  });

  it('closes and fills the session after a successful login', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation((url) =>
      url === '/prod-api/user/captcha'
        ? answer({ code: 0, msg: 'success', result: null })
        : answer({
            code: 0,
            msg: 'success',
            result: { ticket: 't1', refresh_token: 'r1', user: { user_id: 42, username: 'ada', nickname: 'Ada', menus: ['Admin'] } },
          }),
    );
    renderWithProviders(<LoginDialog />);

    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.click((await screen.findAllByRole('textbox'))[0] as HTMLElement);
    await user.keyboard('ZX81AB');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(useSession.getState().loginOpen).toBe(false));
    expect(useSession.getState()).toMatchObject({
      hasRefreshCredential: true,
      user: { userId: '42', username: 'ada', nickname: 'Ada', isAdmin: true },
    });
    expect(window.localStorage.getItem('ticket')).toBe('t1');
  });
});
