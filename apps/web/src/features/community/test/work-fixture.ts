import type { Work, WorkDetail } from '@lumen/contracts/community';

/** A published work as the API returns it in feeds, for tests. */
export function workFixture(overrides: Partial<Work> = {}): Work {
  return {
    work_id: '7',
    kind: 'image',
    title: 'Harbour at dawn',
    description: '',
    status: 'approved',
    reject_reason: null,
    media: {
      url: '/files/w/7.png',
      thumb_url: '/files/w/7_thumb.webp',
      width: 1024,
      height: 768,
      mime: 'image/png',
      poster_url: null,
    },
    author: { user_id: 2, nickname: 'Bo', avatar: '', followed: false },
    like_count: 3,
    favorite_count: 0,
    comment_count: 0,
    remix_count: 0,
    liked: false,
    favorited: false,
    allow_comments: true,
    cmp_id: null,
    circle_ids: [],
    created_at: '2026-01-01T00:00:00.000Z',
    published_at: '2026-01-01T00:00:00.000Z',
    pending_edit_at: null,
    prompt: 'a quiet harbour',
    ...overrides,
  };
}

/** A work's detail answer: the feed's work plus its generation (an image, seed 1234). */
export function workDetailFixture(overrides: Partial<WorkDetail> = {}): WorkDetail {
  return {
    ...workFixture(),
    prompt: 'a quiet harbour',
    negative_prompt: null,
    settings: {},
    task_id: '00000000-0000-4000-8000-000000000000',
    task_type: 'txt2img',
    seed: 1234,
    remix_of: null,
    remixes: [],
    ...overrides,
  };
}
