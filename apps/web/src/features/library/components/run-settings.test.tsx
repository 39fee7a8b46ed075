import type { TaskRequest } from '@lumen/contracts/tasks';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { doneTask } from '../../../test/task-result';
import { RunSettings } from './run-settings';

function request(params: Partial<TaskRequest['params']>, version = 'standard'): TaskRequest {
  return {
    prompt: 'waves',
    negative_prompt: '',
    params: {
      batch_size: 1,
      wh_ratio: '16:9',
      seed: 1,
      style: 'watercolor',
      strength: 0.6,
      duration: 5,
      resolution: '720p',
      fps: 24,
      motion_strength: 0.5,
      cm_x: 0,
      cm_y: 0,
      cm_d: 0,
      private: false,
      sound_effect: false,
      ...params,
    },
    images: [],
    videos: [],
    audios: [],
    version,
  };
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
