import { describe, expect, it } from 'vitest';
import { clipProblem } from './upload-media';

const rules = { maxBytes: 100 * 1024 * 1024, maxDurationS: 15, ratio: '1:1' as const };
const mp4 = { type: 'video/mp4', size: 1_000_000 };

describe('clip checks before upload', () => {
  it('takes a square mp4 of at most 15 s', () => {
    expect(clipProblem(mp4, { width: 512, height: 512, durationS: 15 }, rules)).toBeNull();
    expect(clipProblem(mp4, { width: 512, height: 520, durationS: 3 }, rules)).toBeNull();
  });

  it('names what is wrong, in the order a user would fix it', () => {
    expect(clipProblem({ ...mp4, type: 'video/webm' }, null, rules)).toEqual({ key: 'notMp4' });
    expect(clipProblem({ ...mp4, size: 101 * 1024 * 1024 }, null, rules)).toEqual({
      key: 'tooLarge',
    });
    expect(clipProblem(mp4, null, rules)).toEqual({ key: 'unreadable' });
    expect(clipProblem(mp4, { width: 640, height: 360, durationS: 3 }, rules)).toEqual({
      key: 'notSquare',
      values: { width: 640, height: 360 },
    });
    expect(clipProblem(mp4, { width: 512, height: 512, durationS: 16.04 }, rules)).toEqual({
      key: 'tooLong',
      values: { seconds: 15, duration: 16 },
    });
  });
});
