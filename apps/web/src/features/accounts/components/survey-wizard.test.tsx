import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { createApiMock } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { offerSurvey, useSurveyPrompt } from '../survey-prompt';
import { SurveyPopup } from './survey-popup';
import { SurveyWizard } from './survey-wizard';

let api: ReturnType<typeof createApiMock>;
const member = {
  userId: '7',
  username: 'ada',
  nickname: 'Ada',
  avatar: '',
  isAdmin: false,
  menuList: [],
};

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  useSession.setState({ user: member, hasRefreshCredential: true, loginOpen: false });
  offerSurvey();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SurveyWizard', () => {
  it('walks occupation → intended use → interests with next and back, then submits every answer', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(
      <SurveyWizard submitting={false} onSubmit={onSubmit} onSkip={() => undefined} />,
    );

    const next = () => screen.getByRole('button', { name: 'Next' });
    expect(screen.getByText('What do you do?')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Designer' }));
    await user.click(next());

    expect(screen.getByText(/What will you use Lumen for/)).toBeVisible();
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Work' }));
    await user.click(screen.getByRole('checkbox', { name: 'Social media' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: 'Designer' })).toBeChecked();
    await user.click(next());
    expect(screen.getByRole('checkbox', { name: 'Work' })).toBeChecked();
    await user.click(next());

    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: '3D models' }));
    await user.click(submit);

    expect(onSubmit).toHaveBeenCalledWith({
      occupation: 'designer',
      purposes: ['work', 'social_media'],
      interests: ['3d'],
    });
  });
});

describe('SurveyPopup', () => {
  it('opens after a sign-in when the server wants the answers, and a skip closes it until the next one', async () => {
    const user = userEvent.setup();
    api.on('GET', '/prod-api/content/user/profile/check', {
      result: { need_collect: true, completed_at: null },
    });
    const { unmount } = renderWithProviders(<SurveyPopup />);

    expect(
      await screen.findByRole('dialog', { name: 'Tell us a little about you' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useSurveyPrompt.getState().due).toBe(false);
    unmount();

    // A page shown later in the same session (no new sign-in) does not ask.
    renderWithProviders(<SurveyPopup />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests('GET', '/prod-api/content/user/profile/check')).toHaveLength(1);
  });

  it('stays closed when the answers are already in', async () => {
    api.on('GET', '/prod-api/content/user/profile/check', {
      result: { need_collect: false, completed_at: '2026-01-01' },
    });
    renderWithProviders(<SurveyPopup />);
    await waitFor(() =>
      expect(api.requests('GET', '/prod-api/content/user/profile/check')).toHaveLength(1),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('posts the answers and closes', async () => {
    const user = userEvent.setup();
    api.on('GET', '/prod-api/content/user/profile/check', {
      result: { need_collect: true, completed_at: null },
    });
    api.on('POST', '/prod-api/user/survey', { result: null });
    renderWithProviders(<SurveyPopup />);

    await user.click(await screen.findByRole('radio', { name: 'Student' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('checkbox', { name: 'Study' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('checkbox', { name: 'Anime and manga' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests('POST', '/prod-api/user/survey')[0]?.body).toEqual({
      occupation: 'student',
      purposes: ['study'],
      interests: ['anime'],
    });
  });
});
