import type { Profile } from '@lumen/contracts/account';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { createApiMock } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { ProfileForm } from './profile-form';
import { signInTestUser } from '../../../test/session';

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
  email: 'ada@example.com',
  pending_email: null,
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

describe('ProfileForm', () => {
  it('sends only the changed fields and shows the new name in the session', async () => {
    const user = userEvent.setup();
    api.on('PUT', '/prod-api/user/profile', ({ body }) => ({ result: { ...profile, ...body } }));
    renderWithProviders(<ProfileForm profile={profile} />);

    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText('Display name'));
    await user.type(screen.getByLabelText('Display name'), 'Countess Ada');
    await user.type(screen.getByLabelText('School'), 'Analytical Academy');
    await user.click(save);

    await waitFor(() => expect(api.requests('PUT', '/prod-api/user/profile')).toHaveLength(1));
    expect(api.requests('PUT', '/prod-api/user/profile')[0]?.body).toEqual({
      nickname: 'Countess Ada',
      school: 'Analytical Academy',
    });
    await waitFor(() => expect(useSession.getState().user?.nickname).toBe('Countess Ada'));
    expect(save).toBeDisabled();
  });

  it('refuses a bad username and a future birthday before calling the server', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm profile={profile} />);
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), '9lives');
    await user.type(screen.getByLabelText('Birthday'), '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(
      screen.getByText('Use 3–18 letters, digits or underscores, starting with a letter'),
    ).toBeInTheDocument();
    expect(screen.getByText('Choose a date in the past')).toBeInTheDocument();
    expect(api.requests('PUT', '/prod-api/user/profile')).toHaveLength(0);
  });
});
