import type { AdminWorkEdit } from '@lumen/contracts/community';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { signInTestUser } from '../../../test/session';
import { workFixture } from '../../community/test/work-fixture';
import { ReviewPage } from './review-page';

const editsPath = '/prod-api/admin/works/edits';
const editedAt = '2026-03-01T10:00:00.123Z';

const pending: AdminWorkEdit = {
  work: workFixture({ work_id: '7', title: 'Harbour at dawn', description: 'Boats at rest' }),
  title: 'Harbour at dusk',
  description: '',
  edited_at: editedAt,
};

let api: ReturnType<typeof createApiMock>;

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  signInTestUser({ isAdmin: true });
  api.on('GET', editsPath, { result: { data: [pending], next_cursor: null } });
  api.on('POST', '/prod-api/admin/works/7/edit/approve', {
    result: { work_id: '7', status: 'approved' },
  });
  api.on('POST', '/prod-api/admin/works/7/edit/reject', {
    result: { work_id: '7', status: 'approved' },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderEdits = () =>
  renderRoutes([{ path: '/admin/review', element: <ReviewPage /> }], '/admin/review?tab=edits');

describe('edits in review', () => {
  it('shows the text shown now beside the new text, and approves the version seen', async () => {
    const user = userEvent.setup();
    renderEdits();
    const card = await screen.findByRole('article', { name: 'Harbour at dawn' });
    expect(within(card).getByText('Shown now')).toBeVisible();
    expect(within(card).getByText('Boats at rest')).toBeVisible();
    expect(within(card).getByText('New text')).toBeVisible();
    expect(within(card).getByText('Harbour at dusk')).toBeVisible();
    expect(within(card).getByText('No description')).toBeVisible();

    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(api.requests('POST', '/prod-api/admin/works/7/edit/approve')).toHaveLength(1),
    );
    expect(api.requests('POST', '/prod-api/admin/works/7/edit/approve')[0]?.body).toEqual({
      edited_at: editedAt,
    });
  });

  it('asks for a reason before rejecting an edit', async () => {
    const user = userEvent.setup();
    renderEdits();
    const card = await screen.findByRole('article', { name: 'Harbour at dawn' });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this edit' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give a reason the author can act on.')).toBeVisible();
    expect(api.requests('POST', '/prod-api/admin/works/7/edit/reject')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Misleading title');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(api.requests('POST', '/prod-api/admin/works/7/edit/reject')).toHaveLength(1),
    );
    expect(api.requests('POST', '/prod-api/admin/works/7/edit/reject')[0]?.body).toEqual({
      edited_at: editedAt,
      reason: 'Misleading title',
    });
  });

  it('says when nothing is waiting', async () => {
    api.on('GET', editsPath, { result: { data: [], next_cursor: null } });
    renderEdits();
    expect(await screen.findByText('No edits are waiting for review.')).toBeVisible();
  });
});
