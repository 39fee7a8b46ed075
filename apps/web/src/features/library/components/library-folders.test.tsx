import type { Folder } from '@lumen/contracts/assets';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { LibraryPage } from '../pages/library-page';
import { signInTestUser } from '../../../test/session';

let api: ReturnType<typeof createApiMock>;
let folders: Folder[];

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  signInTestUser();
  folders = [
    {
      id: 1,
      name: 'Portraits',
      algo_type: 1,
      created_time: '2026-03-01T12:00:00.000Z',
      cover_list: ['', '', '', '', ''],
    },
  ];
  api.on('GET', '/prod-api/content/tasks', {
    result: { data: [], total: 0, page: 1, page_size: 24 },
  });
  api.on('GET', '/prod-api/content/assets_folder', () => ({ result: { data: folders } }));
  // Like the server: names are unique per kind whatever the case; blank names are refused.
  api.on('POST', '/prod-api/content/assets_folder', ({ body }) => {
    const name = String(body.name);
    if (folders.some((f) => f.name.toLowerCase() === name.toLowerCase())) {
      return { code: 1009, msg: 'Folder name exists', status: 409 };
    }
    const folder = {
      id: 2,
      name,
      algo_type: Number(body.algo_type),
      created_time: '2026-03-02T12:00:00.000Z',
      cover_list: ['', '', '', '', ''],
    };
    folders = [folder, ...folders];
    return { result: folder };
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openCreateDialog() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/library', element: <LibraryPage /> }], '/library');
  await screen.findByText('Portraits');
  await user.click(screen.getByRole('button', { name: 'New' }));
  const dialog = await screen.findByRole('dialog', { name: 'New folder' });
  return { user, dialog, field: within(dialog).getByLabelText('Folder name') };
}

describe('library folders', () => {
  it('refuses a blank name without asking the server', async () => {
    const { user, dialog, field } = await openCreateDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Folder name cannot be empty')).toBeInTheDocument();
    await user.type(field, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Folder name cannot be empty')).toBeInTheDocument();
    expect(api.requests('POST', '/prod-api/content/assets_folder')).toHaveLength(0);
  });

  it("shows the server's message for a taken name in the field, then creates a new one", async () => {
    const { user, dialog, field } = await openCreateDialog();

    await user.type(field, 'portraits');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Folder name exists')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, '  Landscapes ');
    expect(within(dialog).queryByText('Folder name exists')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests('POST', '/prod-api/content/assets_folder').at(-1)?.body).toEqual({
      name: 'Landscapes',
      algo_type: 1,
    });
    expect(await screen.findByText('Landscapes')).toBeInTheDocument();
  });
});

describe('the studios’ folder groups', () => {
  it('lists portrait and character folders under their groups’ names after the tab’s own', async () => {
    const folder = (id: number, name: string, algo_type: number): Folder => ({
      id,
      name,
      algo_type,
      created_time: '2026-03-01T12:00:00.000Z',
      cover_list: ['', '', '', '', ''],
    });
    folders = [
      folder(3, 'Mira', 4),
      folder(4, 'Portraits', 5),
      folder(5, 'Chairs', 3),
      folder(6, 'Clips', 2),
      folder(7, 'Landscapes', 1),
    ];
    api.on('GET', '/prod-api/content/assets_folder/4/items', {
      result: {
        data: [
          {
            key: 'outputs/1/t1/0.png',
            kind: 'image',
            mime: 'image/png',
            width: 768,
            height: 1024,
            task_id: 't1',
            thumb_url: '/media/outputs/1/t1/0.png',
            added_time: '2026-03-02T12:00:00.000Z',
          },
        ],
        total_count: 1,
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/library', element: <LibraryPage /> }], '/library');

    const panel = await screen.findByRole('region', { name: 'Folders' });
    await within(panel).findByText('Landscapes');
    const names = within(panel)
      .getAllByText(/^(Landscapes|Portraits|Mira|Chairs|Clips|Portraits & effects|Characters)$/)
      .map((node) => node.textContent);
    expect(names).toEqual(['Landscapes', 'Portraits & effects', 'Portraits', 'Characters', 'Mira']);

    await user.click(within(panel).getByText('Portraits'));
    expect(await screen.findByRole('heading', { name: 'Portraits' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests('GET', '/prod-api/content/assets_folder/4/items')).toHaveLength(1),
    );
  });
});
