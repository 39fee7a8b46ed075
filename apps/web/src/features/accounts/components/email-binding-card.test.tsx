import type { Profile } from '@lumen/contracts/account';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { signInTestUser } from '../../../test/session';
import { EmailBindingCard } from './email-binding-card';

let api: ReturnType<typeof createApiMock>;

const profile: Profile = {
  userId: 42,
  username: 'ada',
  nickname: 'Ada',
  avatar: '',
  bio: '',
  gender: null,
  birthday: null,
  birthday_visibility: 'private',
  school: '',
  department: '',
  enrollment_time: null,
  education: null,
  email: null,
  pending_email: 'ada@example.com',
  phone: null,
  wechat_bound: false,
};

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  signInTestUser();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EmailBindingCard', () => {
  it('offers to confirm the address given at sign-up, and proves it with a code', async () => {
    const user = userEvent.setup();
    api.on('POST', '/prod-api/user/captcha', { result: { resend_after_s: 60, expires_in_s: 600 } });
    api.on('POST', '/prod-api/user/email/bind', ({ body }) => ({
      result: { ...profile, email: body.email, pending_email: null },
    }));
    renderWithProviders(<EmailBindingCard profile={profile} />);

    expect(screen.getByText('Not verified')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(api.requests('POST', '/prod-api/user/captcha')).toHaveLength(1));
    expect(api.requests('POST', '/prod-api/user/captcha')[0]?.body).toMatchObject({
      method: 'email',
      email: 'ada@example.com',
      purpose: 'bind',
    });

    await user.keyboard('123456');
    await user.click(await screen.findByRole('button', { name: 'Verify e-mail' }));
    await waitFor(() => expect(api.requests('POST', '/prod-api/user/email/bind')).toHaveLength(1));
    expect(api.requests('POST', '/prod-api/user/email/bind')[0]?.body).toEqual({
      email: 'ada@example.com',
      captcha: '123456',
    });
  });

  it('refuses a malformed address before calling the server', async () => {
    const user = userEvent.setup();
    renderWithProviders(<EmailBindingCard profile={{ ...profile, pending_email: null }} />);
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(api.requests('POST', '/prod-api/user/captcha')).toHaveLength(0);
  });
});
