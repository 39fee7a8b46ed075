import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { createApiMock, loginAnswer, userInfoAnswer } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { validateRegister } from '../register-validation';
import { RegisterForm } from './register-form';

let api: ReturnType<typeof createApiMock>;

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  api.on('GET', '/prod-api/user/info', { result: userInfoAnswer({ username: 'ada_lovelace' }) });
  useSession.setState({ user: null, hasRefreshCredential: false, loginOpen: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

describe('validateRegister', () => {
  const valid = {
    username: 'ada_01',
    email: '',
    password: 'Secret12',
    confirmPassword: 'Secret12',
    agreeTerms: true,
  };

  it.each([
    ['a valid form', {}, {}],
    [
      'a username starting with a digit',
      { username: '1ada' },
      { username: 'register.errors.username' },
    ],
    ['a two-letter username', { username: 'ab' }, { username: 'register.errors.username' }],
    [
      'a 19-character username',
      { username: 'a'.repeat(19) },
      { username: 'register.errors.username' },
    ],
    ['a username with a dash', { username: 'ada-l' }, { username: 'register.errors.username' }],
    [
      'a password without upper case',
      { password: 'secret12', confirmPassword: 'secret12' },
      { password: 'register.errors.password' },
    ],
    [
      'a password without a digit',
      { password: 'SecretPw', confirmPassword: 'SecretPw' },
      { password: 'register.errors.password' },
    ],
    [
      'a five-character password',
      { password: 'Sec12', confirmPassword: 'Sec12' },
      { password: 'register.errors.password' },
    ],
    [
      'a 19-character password',
      { password: 'Secret12'.padEnd(19, 'x'), confirmPassword: 'Secret12'.padEnd(19, 'x') },
      { password: 'register.errors.password' },
    ],
    [
      'a confirmation that differs',
      { confirmPassword: 'Secret13' },
      { confirmPassword: 'register.errors.confirm' },
    ],
    ['terms not agreed', { agreeTerms: false }, { agreeTerms: 'register.errors.terms' }],
    ['a malformed optional e-mail', { email: 'ada@' }, { email: 'login.invalidEmail' }],
  ])('%s', (_name, change, expected) => {
    expect(validateRegister({ ...valid, ...change })).toEqual(expected);
  });
});

describe('RegisterForm', () => {
  it('checks each rule as the user types and sends nothing until all pass', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onSignIn={() => undefined} />);

    await user.type(field('Username'), '1ad');
    expect(
      screen.getByText('Use 3–18 letters, digits or underscores, starting with a letter'),
    ).toBeInTheDocument();
    await user.clear(field('Username'));
    await user.type(field('Username'), 'ada_lovelace');
    expect(
      screen.queryByText('Use 3–18 letters, digits or underscores, starting with a letter'),
    ).not.toBeInTheDocument();

    await user.type(field('Password'), 'secret');
    expect(
      screen.getByText('Use 6–18 characters including upper case, lower case and a digit'),
    ).toBeInTheDocument();
    await user.clear(field('Password'));
    await user.type(field('Password'), 'Secret12');
    await user.type(field('Confirm password'), 'Secret1');
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    await user.type(field('Confirm password'), '2');
    expect(screen.queryByText('The passwords do not match')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Please agree to the terms to continue')).toBeInTheDocument();
    expect(api.requests('POST', '/prod-api/user/register')).toHaveLength(0);
  });

  it('creates the account and signs in', async () => {
    const user = userEvent.setup();
    api.on('POST', '/prod-api/user/register', {
      result: loginAnswer({ username: 'ada_lovelace', is_new_user: true }),
    });
    renderWithProviders(<RegisterForm onSignIn={() => undefined} />);

    await user.type(field('Username'), 'ada_lovelace');
    await user.type(field('E-mail (optional)'), 'ada@example.com');
    await user.type(field('Password'), 'Secret12');
    await user.type(field('Confirm password'), 'Secret12');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(useSession.getState().user?.username).toBe('ada_lovelace'));
    expect(api.requests('POST', '/prod-api/user/register')[0]?.body).toMatchObject({
      username: 'ada_lovelace',
      email: 'ada@example.com',
      password: 'Secret12',
      confirm_password: 'Secret12',
      agree_terms: true,
    });
    expect(useSession.getState().loginOpen).toBe(false);
  });

  it('marks the username when it is taken', async () => {
    const user = userEvent.setup();
    api.on('POST', '/prod-api/user/register', { code: 3005, msg: 'Username already exists' });
    renderWithProviders(<RegisterForm onSignIn={() => undefined} />);
    await user.type(field('Username'), 'ada_lovelace');
    await user.type(field('Password'), 'Secret12');
    await user.type(field('Confirm password'), 'Secret12');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This username is already taken')).toBeInTheDocument();
  });
});
