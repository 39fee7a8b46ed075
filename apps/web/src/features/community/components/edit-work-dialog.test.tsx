import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { signInTestUser } from '../../../test/session';
import { workDetailFixture } from '../test/work-fixture';
import { EditWorkDialog } from './edit-work-dialog';
import { WorkStatusBanner } from './work-status-banner';

const path = '/prod-api/content/works/7';
let api: ReturnType<typeof createApiMock>;

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  signInTestUser();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('editing a published work', () => {
  it('says a new title is reviewed before others see it, before and after saving', async () => {
    const user = userEvent.setup();
    const work = workDetailFixture({ work_id: '7', title: 'Harbour at dawn' });
    api.on('PATCH', path, {
      result: { ...work, title: 'Harbour at dusk', pending_edit_at: '2026-03-01T10:00:00.000Z' },
    });
    renderWithProviders(<EditWorkDialog opened onClose={() => {}} work={work} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit work' });
    expect(within(dialog).getByText(/a new title or description is reviewed/)).toBeVisible();
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'Harbour at dusk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(/Others see your new title and description once a moderator/),
    ).toBeVisible();
    expect(api.requests('PATCH', path)[0]?.body).toMatchObject({ title: 'Harbour at dusk' });
  });

  it('says nothing of review for a work that is not published yet', async () => {
    const user = userEvent.setup();
    const work = workDetailFixture({ work_id: '7', status: 'submitted', published_at: null });
    api.on('PATCH', path, { result: { ...work, title: 'Harbour at dusk' } });
    renderWithProviders(<EditWorkDialog opened onClose={() => {}} work={work} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit work' });
    expect(within(dialog).queryByText(/is reviewed before others see it/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved.')).toBeVisible();
  });

  it('shows its owner that the edit waits for review', () => {
    renderWithProviders(
      <WorkStatusBanner
        work={{ status: 'approved', reject_reason: null, pending_edit_at: '2026-03-01T10:00:00Z' }}
      />,
    );
    expect(screen.getByText('Your changes are waiting for review')).toBeVisible();
  });
});
