import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { createApiMock, loginAnswer, userInfoAnswer } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { LoginDialog } from './login-dialog';

let api: ReturnType<typeof createApiMock>;
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
});

function codeBoxes(): HTMLElement[] {
  return within(screen.getByRole('dialog')).getAllByRole('textbox');
}

describe('LoginDialog phone and password sign-in', () => {
  it('signs in by SMS code with the country code in front of the number', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('invitation_code', 'spring-campaign');
    api.on('POST', '/prod-api/user/login', { result: loginAnswer() });
    renderWithProviders(<LoginDialog />);
    await user.click(screen.getByRole('tab', { name: 'Phone' }));
    await user.click(screen.getByLabelText('Code', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: /\+86/ }));
    await user.type(screen.getByLabelText('Phone number'), '138 0000 0000');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText('Enter the 6-character code we sent to +8613800000000.');
    expect(api.requests('POST', '/prod-api/user/captcha')[0]?.body).toMatchObject({
      method: 'phone',
      phone: '+8613800000000',
    });

    await user.click(codeBoxes()[0] as HTMLElement);
    await user.keyboard('654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(useSession.getState().loginOpen).toBe(false));
    expect(api.requests('POST', '/prod-api/user/login')[0]?.body).toMatchObject({
      loginType: 'phone',
      phone: '+8613800000000',
      captcha: '654321',
      channel_id: 'spring-campaign',
    });
  });

  it('signs in with a username and password', async () => {
    const user = userEvent.setup();
    api.on('POST', '/prod-api/user/login', { result: loginAnswer() });
    renderWithProviders(<LoginDialog />);
    await user.click(screen.getByRole('tab', { name: 'Password' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(api.requests('POST', '/prod-api/user/login')).toHaveLength(0);

    await user.type(screen.getByLabelText('Username or e-mail'), 'ada');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(useSession.getState().user?.username).toBe('ada'));
    const body = api.requests('POST', '/prod-api/user/login')[0]?.body;
    expect(body).toMatchObject({ username: 'ada', password: 'Secret12' });
    expect(body).not.toHaveProperty('loginType');
  });
});
