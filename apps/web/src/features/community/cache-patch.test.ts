import { describe, expect, it } from 'vitest';
import { isFollowable, isWork, patchDeep } from './cache-patch';
import { workFixture } from './test/work-fixture';

describe('patchDeep', () => {
  const page = {
    pages: [
      { data: [workFixture(), workFixture({ work_id: '8' })], next_cursor: 'c' },
      { data: [workFixture({ work_id: '9' })], next_cursor: null },
    ],
    pageParams: [undefined, 'c'],
  };

  it('patches the matching work wherever it sits and keeps other branches as they were', () => {
    const next = patchDeep(page, isWork('9'), (w) => ({ ...w, liked: true }));
    expect(next.pages[1]?.data[0]).toMatchObject({ work_id: '9', liked: true });
    expect(next.pages[0]).toBe(page.pages[0]);
    expect(next).not.toBe(page);
  });

  it('returns the same object when nothing matches', () => {
    expect(patchDeep(page, isWork('404'), (w) => ({ ...w, liked: true }))).toBe(page);
  });

  it('leaves work references without counters alone (remix lineage)', () => {
    const detail = {
      ...workFixture({ work_id: '1' }),
      remix_of: { work_id: '9', title: 'x', thumb_url: '', author: workFixture().author },
    };
    expect(patchDeep(detail, isWork('9'), (w) => ({ ...w, liked: true }))).toBe(detail);
  });

  it('finds a person as a work author and as a profile', () => {
    const data = {
      work: workFixture(),
      profile: { user_id: 2, followed: false, followers_count: 4 },
    };
    const next = patchDeep(data, isFollowable(2), (p) => ({ ...p, followed: true }));
    expect(next.work.author.followed).toBe(true);
    expect(next.profile.followed).toBe(true);
  });
});
