import type { Campaign } from '@lumen/contracts/community';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { signInTestUser } from '../../../test/session';
import { workFixture } from '../../community/test/work-fixture';
import { CampaignsAdminPage } from './campaigns-admin-page';

const listPath = '/prod-api/admin/campaigns';
const createPath = '/prod-api/admin/campaigns';

function campaignFixture(overrides: Partial<Campaign> = {}): Campaign {
  return {
    cmp_id: '5',
    title: 'Winter light',
    description: '',
    cover_url: '',
    rules: '',
    judging: 'judges',
    status: 'in_progress',
    entry_starts_at: '2026-01-01T00:00:00.000Z',
    entry_ends_at: '2026-01-10T00:00:00.000Z',
    voting_ends_at: '2026-01-20T00:00:00.000Z',
    entry_count: 3,
    kind: 'any',
    results: null,
    ...overrides,
  };
}

let api: ReturnType<typeof createApiMock>;

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  signInTestUser({ isAdmin: true });
  api.on('GET', listPath, { result: { list: [campaignFixture()], total_count: 1 } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  return renderRoutes(
    [{ path: '/admin/campaigns', element: <CampaignsAdminPage /> }],
    '/admin/campaigns',
  );
}

const setDate = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });

describe('create campaign form', () => {
  it('refuses entries that close before they open and voting that ends before entries close', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });

    await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));
    expect(await within(dialog).findByText('Give the campaign a title.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Pick a date and time.')).toHaveLength(3);

    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Spring colours');
    setDate('Entries open', '2026-05-10T09:00');
    setDate('Entries close', '2026-05-01T09:00');
    setDate('Voting / judging ends', '2026-05-20T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));
    expect(await within(dialog).findByText('Entries must close after they open.')).toBeVisible();

    setDate('Entries close', '2026-05-15T09:00');
    setDate('Voting / judging ends', '2026-05-15T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));
    expect(await within(dialog).findByText('Voting must end after entries close.')).toBeVisible();
    expect(within(dialog).queryByText('Entries must close after they open.')).toBeNull();
    expect(api.requests('POST', createPath)).toHaveLength(0);
  });

  it('sends the dates as ISO instants and shows the server message when it refuses', async () => {
    const user = userEvent.setup();
    api.on('POST', createPath, {
      code: 1001,
      msg: 'Invalid parameters',
      result: { fields: [{ field: 'title', message: 'too long' }] },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), '  Spring colours ');
    await user.click(within(dialog).getByRole('radio', { name: 'Judges' }));
    setDate('Entries open', '2026-05-01T09:00');
    setDate('Entries close', '2026-05-15T09:00');
    setDate('Voting / judging ends', '2026-05-20T18:30');
    await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Invalid parameters');
    expect(alert).toHaveTextContent('title: too long');
    expect(api.requests('POST', createPath)[0]?.body).toEqual({
      title: 'Spring colours',
      description: '',
      cover: '',
      rules: '',
      kind: 'any',
      judging: 'judges',
      entry_starts_at: new Date('2026-05-01T09:00').toISOString(),
      entry_ends_at: new Date('2026-05-15T09:00').toISOString(),
      voting_ends_at: new Date('2026-05-20T18:30').toISOString(),
    });
  });
});

describe('ranking editor', () => {
  it("posts the judges' ranking in the order the entries were picked and moved", async () => {
    const user = userEvent.setup();
    const works = [
      workFixture({ work_id: '11', title: 'Frost' }),
      workFixture({ work_id: '12', title: 'Ember' }),
      workFixture({ work_id: '13', title: 'Dusk' }),
    ];
    api.on('GET', '/prod-api/content/campaign/5/entries', {
      result: { data: works.map((work) => ({ work, votes: 0, voted: false })), next_cursor: null },
    });
    api.on('POST', '/prod-api/admin/campaigns/5/results', {
      result: campaignFixture({ status: 'in_progress' }),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Rank entries' }));
    const dialog = await screen.findByRole('dialog', { name: /Judges’ ranking: Winter light/ });
    const publish = await within(dialog).findByRole('button', { name: 'Publish ranking' });
    expect(publish).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Add Ember to the ranking' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Dusk to the ranking' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Frost to the ranking' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move Frost up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Dusk from the ranking' }));

    const list = within(dialog).getByRole('list', { name: 'Ranking' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Ember'), expect.stringContaining('Frost')]);
    expect(within(dialog).getByRole('button', { name: 'Add Dusk to the ranking' })).toBeVisible();

    await user.click(publish);
    await waitFor(() =>
      expect(api.requests('POST', '/prod-api/admin/campaigns/5/results')[0]?.body).toEqual({
        ranking: ['12', '11'],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('starts from the published results and shows why the server refused', async () => {
    const user = userEvent.setup();
    const first = workFixture({ work_id: '21', title: 'Aurora' });
    const second = workFixture({ work_id: '22', title: 'Tide' });
    api.on('GET', listPath, {
      result: {
        list: [
          campaignFixture({
            status: 'past',
            results: [
              { rank: 1, work: second, votes: 0 },
              { rank: 2, work: first, votes: 0 },
            ],
          }),
        ],
        total_count: 1,
      },
    });
    api.on('GET', '/prod-api/content/campaign/5/entries', {
      result: { data: [{ work: first, votes: 0, voted: false }], next_cursor: null },
    });
    api.on('POST', '/prod-api/admin/campaigns/5/results', {
      code: 1001,
      msg: 'work 22 is not an entry',
    });
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Past' }));
    await waitFor(() =>
      expect(api.requests('GET', listPath).at(-1)?.url.searchParams.get('status')).toBe('past'),
    );
    await user.click(await screen.findByRole('button', { name: 'Rank entries' }));
    const dialog = await screen.findByRole('dialog');
    const list = await within(dialog).findByRole('list', { name: 'Ranking' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Tide'), expect.stringContaining('Aurora')]);
    await user.click(within(dialog).getByRole('button', { name: 'Publish ranking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('work 22 is not an entry');
    expect(api.requests('POST', '/prod-api/admin/campaigns/5/results')[0]?.body).toEqual({
      ranking: ['22', '21'],
    });
  });
});
