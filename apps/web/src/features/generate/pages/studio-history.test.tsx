import type { TaskInputMedia, TaskResult } from '@lumen/contracts/tasks';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../shared/i18n/i18n';
import { renderRoutes } from '../../../test/render';
import { signInTestUser } from '../../../test/session';
import { mockStudioApi, resetStudioApi } from '../../../test/studio-api';
import { doneTask, imageOutput } from '../../../test/task-result';
import { ImageStudioPage } from './image-studio-page';

let api: ReturnType<typeof mockStudioApi>;

/** The picture a tool run started from: one of the user's uploads. */
function upload(key: string): TaskInputMedia {
  return {
    kind: 'image',
    key,
    task_id: null,
    url: `/media/${key}`,
    thumb_url: `/media/${key}.thumb.webp`,
    width: 800,
    height: 600,
  };
}

/** A finished tool run: no prompt, one input, one output. */
function toolRun(id: string, taskType: 'remove_bg' | 'upscale', input: string): TaskResult {
  return doneTask({
    task_id: id,
    task_type: taskType,
    prompt: '',
    engine: 'local',
    inputs: [upload(input)],
    sub_task_results: [imageOutput(`outputs/5/${id}/0.png`)],
  });
}

const history = [
  toolRun('cut-1', 'remove_bg', 'uploads/5/shoe.png'),
  toolRun('big-1', 'upscale', 'uploads/5/street.png'),
  doneTask({ task_id: 'gen-1', prompt: 'a lighthouse', engine: 'local' }),
];

function renderStudio() {
  return renderRoutes([{ path: '/studio/image', element: <ImageStudioPage /> }], '/studio/image');
}

async function recent() {
  return within(await screen.findByRole('region', { name: /^(Recent|Recientes)$/ }));
}

beforeEach(() => {
  api = mockStudioApi('/api/gw/v3/image/txt2img/async', { cost: 2 });
  api.on('GET', '/prod-api/content/tasks', {
    result: { data: history, total: history.length, page: 1, page_size: 12 },
  });
  signInTestUser({ userId: '5' });
});

afterEach(async () => {
  resetStudioApi();
  await changeLanguage('en');
});

describe('the image studio’s Recent', () => {
  it('names tool runs by their task type and shows the picture each started from', async () => {
    renderStudio();
    const list = await recent();
    expect(await list.findByText('Background removal')).toBeInTheDocument();
    expect(list.getByText('Image enhancement')).toBeInTheDocument();
    expect(list.getByText('Text to image')).toBeInTheDocument();
    expect(list.queryByText(/remove_bg|upscale|txt2img/i)).toBeNull();

    const inputs = list.getAllByRole('img', { name: 'Input picture 1' });
    expect(inputs.map((img) => img.getAttribute('src'))).toEqual([
      '/media/uploads/5/shoe.png.thumb.webp',
      '/media/uploads/5/street.png.thumb.webp',
    ]);
  });

  it('names them in the reader’s language', async () => {
    await changeLanguage('es');
    renderStudio();
    const list = await recent();
    expect(await list.findByText('Eliminación de fondo')).toBeInTheDocument();
    expect(list.getByText('Mejora de imagen')).toBeInTheDocument();
    expect(list.queryByText(/REMOVE_BG|UPSCALE|Background removal/i)).toBeNull();
  });
});
