import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { doneTask, imageOutput } from '../../../test/task-result';
import { itemsFromTasks } from '../library-items';
import { MediaTile } from './media-tile';

function renderTileOf(task: Parameters<typeof doneTask>[0]) {
  const [item] = itemsFromTasks([doneTask(task)], 'image');
  if (!item) throw new Error('expected a tile');
  renderWithProviders(
    <MemoryRouter>
      <MediaTile
        item={item}
        selecting={false}
        selected={false}
        onToggle={() => {}}
        onOpen={() => {}}
      />
    </MemoryRouter>,
  );
}

describe('a library tile', () => {
  it('names a tool run, which has no prompt, by its task type', () => {
    renderTileOf({
      task_type: 'remove_bg',
      prompt: '',
      sub_task_results: [imageOutput('outputs/5/cut/0.png')],
    });
    expect(screen.getByRole('button', { name: 'Background removal' })).toBeInTheDocument();
    expect(screen.getByText('Background removal')).toBeInTheDocument();
    expect(screen.queryByText(/remove_bg/i)).toBeNull();
  });

  it('keeps the prompt as the caption of a generation', () => {
    renderTileOf({ prompt: 'a lighthouse' });
    expect(screen.getByRole('button', { name: 'a lighthouse' })).toBeInTheDocument();
    expect(screen.queryByText('Text to image')).toBeNull();
  });

  it('offers a picture to the image editor, on its own output', () => {
    renderTileOf({ task_id: '41', prompt: 'a lighthouse' });
    expect(screen.getByRole('link', { name: 'Edit: a lighthouse' })).toHaveAttribute(
      'href',
      '/studio/edit?task=41&index=0',
    );
  });
});
