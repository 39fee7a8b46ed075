import type { WorkDetail } from '@lumen/contracts/community';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { workDetailFixture } from '../test/work-fixture';
import { GenerationDetails } from './generation-details';

function videoWork(settings: Record<string, unknown> | null): WorkDetail {
  return workDetailFixture({
    kind: 'video',
    media: {
      url: '/media/v.mp4',
      thumb_url: '/media/v.webp',
      width: 1280,
      height: 720,
      mime: 'video/mp4',
      poster_url: '/media/v.png',
    },
    prompt: settings ? 'waves on a beach' : null,
    settings,
    task_type: 'video_diffusion',
  });
}

describe('GenerationDetails', () => {
  it('shows a video’s frame rate, and its sound effect when it had one', () => {
    const settings = { style: 'realistic', durationS: 5, resolution: '720p', fps: 30 };
    const { unmount } = renderWithProviders(
      <GenerationDetails work={videoWork({ ...settings, soundEffect: true })} />,
    );
    expect(screen.getByText('Frame rate').nextSibling).toHaveTextContent('30 fps');
    expect(screen.getByText('Sound effect').nextSibling).toHaveTextContent('On');
    unmount();
    renderWithProviders(<GenerationDetails work={videoWork(settings)} />);
    expect(screen.getByText('Frame rate')).toBeVisible();
    expect(screen.queryByText('Sound effect')).toBeNull();
  });

  it('shows nothing of a private generation', () => {
    renderWithProviders(<GenerationDetails work={videoWork(null)} />);
    expect(screen.queryByText('Frame rate')).toBeNull();
    expect(screen.getByText(/private/i)).toBeVisible();
  });
});
