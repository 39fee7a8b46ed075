import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { createApiMock } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { signInTestUser } from '../../../test/session';
import { NotificationBell } from './notification-bell';

const pollPath = '/prod-api/user/notice/polling';
const listPath = '/capi/notify/queryNotifyList';
const markPath = '/capi/notify/markRead';
let api: ReturnType<typeof createApiMock>;

const item = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  notifyType: 'interactive',
  subType: 'comment',
  title: 'Bo commented on your work',
  content: 'Lovely colours',
  readStatus: 0,
  actor: { user_id: 2, nickname: 'Bo', avatar: '' },
  work: { work_id: '7', thumb_url: '/t.webp' },
  link: '/w/7',
  createTime: new Date().toISOString(),
  ...overrides,
});

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  api.on('GET', pollPath, {
    result: {
      unread: { interactive: 2, official: 0, system: 1, notice: 0, total: 3 },
      latest_at: Date.now(),
      has_new: true,
      timestamp: Date.now(),
      notices: { other: 1 },
    },
  });
  api.on('POST', listPath, (request) => ({
    result:
      request.body.notifyType === 'interactive'
        ? {
            total: 2,
            resultList: [item('11'), item('10', { readStatus: 1, title: 'Bo liked your work' })],
          }
        : { total: 0, resultList: [] },
  }));
  api.on('POST', markPath, { result: { updated: 1 } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, hasRefreshCredential: false });
});

function renderBell() {
  return renderRoutes(
    [
      { path: '/', element: <NotificationBell /> },
      { path: '/w/:id', element: <p>work page</p> },
    ],
    '/',
  );
}

describe('NotificationBell', () => {
  it('shows nothing to visitors and does not poll', () => {
    renderBell();
    expect(screen.queryByRole('button', { name: /notifications/ })).not.toBeInTheDocument();
    expect(api.requests('GET', pollPath)).toHaveLength(0);
  });

  it('badges the unread total, opens the drawer on the tabs with counts, marks an item read', async () => {
    signInTestUser();
    const { router } = renderBell();
    const user = userEvent.setup();

    const bell = await screen.findByRole('button', { name: 'Open notifications, 3 unread' });
    expect(screen.getByText('3')).toBeInTheDocument();
    await user.click(bell);

    const interactive = await screen.findByRole('tab', { name: /Interactive/ });
    expect(within(interactive).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByRole('tab', { name: /System/ })).getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Official' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Notice' })).toBeInTheDocument();
    expect(api.requests('POST', listPath)[0]?.body).toMatchObject({
      pageNo: 1,
      notifyType: 'interactive',
    });

    await user.click(await screen.findByRole('button', { name: /Unread: Bo commented/ }));
    await waitFor(() => expect(api.requests('POST', markPath)).toHaveLength(1));
    expect(api.requests('POST', markPath)[0]?.body).toEqual({ ids: ['11'] });
    expect(router.state.location.pathname).toBe('/w/7');
  });
});
