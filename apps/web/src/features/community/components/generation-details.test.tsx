import type { WorkDetail } from '@lumen/contracts/community';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { GenerationDetails } from './generation-details';

function videoWork(settings: Record<string, unknown> | null): WorkDetail {
  return {
    work_id: '7',
    kind: 'video',
    title: 'Waves',
    description: '',
    status: 'approved',
    reject_reason: null,
    media: {
      url: '/media/v.mp4',
      thumb_url: '/media/v.webp',
      width: 1280,
      height: 720,
      mime: 'video/mp4',
      poster_url: '/media/v.png',
    },
    author: { user_id: 3, nickname: 'Ada', avatar: '', followed: false },
    like_count: 0,
    favorite_count: 0,
    comment_count: 0,
    remix_count: 0,
    liked: false,
    favorited: false,
    allow_comments: true,
    cmp_id: null,
    circle_ids: [],
    created_at: '2026-11-01T00:00:00.000Z',
    published_at: '2026-11-01T00:00:00.000Z',
    prompt: settings ? 'waves on a beach' : null,
    negative_prompt: null,
    settings,
    task_id: 't',
    task_type: 'video_diffusion',
    seed: 9,
    remix_of: null,
    remixes: [],
  };
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
