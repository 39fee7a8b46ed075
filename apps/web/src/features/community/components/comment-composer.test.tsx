import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { createApiMock } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { signInTestUser } from '../../../test/session';
import { CommentComposer } from './comment-composer';

const commentsPath = '/prod-api/content/works/7/comments';
let api: ReturnType<typeof createApiMock>;

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, hasRefreshCredential: false, loginOpen: false });
});

describe('CommentComposer', () => {
  it('shows the server’s wait message when posting too fast, and keeps the text', async () => {
    const msg = 'You are commenting too fast. Please wait 20 s before posting again';
    api.on('POST', commentsPath, { code: 1029, msg, status: 429 });
    signInTestUser();
    renderWithProviders(<CommentComposer workId="7" />);
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'so good');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText(msg)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toHaveValue('so good');
    expect(api.requests('POST', commentsPath)).toHaveLength(1);
  });
});
