import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { signInTestUser } from '../../../test/session';
import { doneTask, imageOutput } from '../../../test/task-result';
import { LibraryPage } from '../pages/library-page';

let api: ReturnType<typeof createApiMock>;

const fox = doneTask({
  task_id: '3f1c2a9e-1111-4222-8333-444455556666',
  prompt: 'A red fox in snow',
  sub_task_results: [imageOutput('outputs/5/fox/0.png', { index: 0 })],
});
const whale = doneTask({
  task_id: '7a2b3c4d-5555-4666-8777-888899990000',
  prompt: 'Blue whale at dawn',
  sub_task_results: [imageOutput('outputs/5/whale/0.png', { index: 0 })],
});

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  signInTestUser();
  // Like the server: `q` keeps the runs whose prompt contains it, in any case.
  api.on('GET', '/prod-api/content/tasks', ({ url }) => {
    const q = url.searchParams.get('q')?.toLowerCase() ?? '';
    const data = [fox, whale].filter((task) => task.prompt.toLowerCase().includes(q));
    return { result: { data, total: data.length, page: 1, page_size: 24 } };
  });
  api.on('GET', '/prod-api/content/assets_folder', { result: { data: [] } });
});

afterEach(() => vi.unstubAllGlobals());

describe('library search', () => {
  it('finds my creations by a word of their prompt, says when nothing matches, and clears', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/library', element: <LibraryPage /> }], '/library');
    expect(await screen.findByRole('button', { name: 'A red fox in snow' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Blue whale at dawn' })).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Search my prompts' });
    await user.type(box, 'FOX');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Blue whale at dawn' })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'A red fox in snow' })).toBeInTheDocument();
    // Typing is debounced: one request for the whole word, not one per letter.
    const searched = api
      .requests('GET', '/prod-api/content/tasks')
      .map((r) => r.url.searchParams.get('q'))
      .filter(Boolean);
    expect(searched).toEqual(['FOX']);

    await user.clear(box);
    await user.type(box, 'unicorn');
    expect(await screen.findByText('Nothing matches “unicorn”')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByRole('button', { name: 'Blue whale at dawn' })).toBeInTheDocument();
    expect(box).toHaveValue('');
  });
});
