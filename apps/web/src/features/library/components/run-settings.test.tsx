import type { TaskRequest } from '@lumen/contracts/tasks';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { doneTask, taskRequest } from '../../../test/task-result';
import { RunSettings } from './run-settings';

function request(params: Partial<TaskRequest['params']>, version = 'standard'): TaskRequest {
  const base = taskRequest();
  return taskRequest({
    prompt: 'waves',
    version,
    params: {
      ...base.params,
      batch_size: 1,
      wh_ratio: '16:9',
      seed: 1,
      style: 'watercolor',
      ...params,
    },
  });
}

/** Each setting as "label: value", in the order shown. */
function shown(): string[] {
  return [...document.querySelectorAll('.mantine-Stack-root')].map((el) =>
    [...el.children].map((c) => c.textContent).join(': '),
  );
}

describe('RunSettings', () => {
  it('shows a video’s style, length, resolution, frame rate and its sound effect', () => {
    renderWithProviders(
      <RunSettings
        kind="video"
        task={doneTask({
          task_type: 'video_diffusion',
          request: request({ duration: 10, resolution: '1080p', fps: 30, sound_effect: true }),
        })}
      />,
    );
    expect(shown()).toEqual([
      'Style: Watercolor',
      'Duration: 10 s',
      'Resolution: 1080p',
      'Frame rate: 30 fps',
      'Sound effect: On',
    ]);
  });

  it('leaves the sound out of a silent video, and shows a picture’s model', () => {
    const { unmount } = renderWithProviders(
      <RunSettings
        kind="video"
        task={doneTask({ task_type: 'video_diffusion', request: request({}) })}
      />,
    );
    expect(screen.queryByText('Sound effect')).toBeNull();
    unmount();
    renderWithProviders(
      <RunSettings kind="image" task={doneTask({ request: request({}, 'anime') })} />,
    );
    expect(shown()).toEqual(['Style: Watercolor', 'Model: Anime']);
  });
});
