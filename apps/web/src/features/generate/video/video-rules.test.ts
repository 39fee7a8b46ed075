import { videoRulesOf } from '@lumen/contracts/tools';
import { describe, expect, it } from 'vitest';
import { checkClip, formatBytes, formatDuration, usedSeconds } from './video-rules';

const MB = 1024 * 1024;
const clip = (width: number, height: number, durationS: number, bytes: number | null = MB) => ({
  width,
  height,
  durationS,
  bytes,
});

describe('checkClip (spec §5)', () => {
  it('takes a widescreen clip for extend and refuses a square one', () => {
    const rules = videoRulesOf('video_extend');
    expect(checkClip(clip(1280, 720, 4), rules)).toBeNull();
    expect(checkClip(clip(720, 720, 4), rules)).toEqual({
      key: 'ratio',
      values: { ratio: '16:9' },
    });
  });

  it('wants lip sync square and at most 15 s', () => {
    const rules = videoRulesOf('mouth_speech');
    expect(checkClip(clip(512, 512, 15), rules)).toBeNull();
    expect(checkClip(clip(512, 512, 15.5), rules)).toEqual({
      key: 'tooLong',
      values: { seconds: 15 },
    });
    expect(checkClip(clip(640, 360, 5), rules)?.key).toBe('ratio');
  });

  it('wants 4K input under 2K and under 5 s', () => {
    const rules = videoRulesOf('video_creative_upscaler');
    expect(checkClip(clip(1920, 1080, 3), rules)).toBeNull();
    expect(checkClip(clip(2560, 1440, 3), rules)).toEqual({ key: 'tooBig', values: { px: 2048 } });
    expect(checkClip(clip(640, 360, 6), rules)?.key).toBe('tooLong');
  });

  it('refuses clips over 100 MB and unreadable ones', () => {
    const rules = videoRulesOf('video_stylize');
    expect(checkClip(clip(1280, 720, 4, 101 * MB), rules)).toEqual({
      key: 'tooLarge',
      values: { mb: 100 },
    });
    expect(checkClip(clip(0, 0, Number.NaN), rules)).toEqual({ key: 'unreadable' });
    // A library clip's size is not known; its other facts still count.
    expect(checkClip(clip(1280, 720, 8, null), rules)).toBeNull();
  });

  it('says which part a video edit uses: the first 4 s', () => {
    expect(usedSeconds({ durationS: 10 }, videoRulesOf('video_stylize'))).toBe(4);
    expect(usedSeconds({ durationS: 3 }, videoRulesOf('video_stylize'))).toBe(3);
    expect(usedSeconds({ durationS: 10 }, videoRulesOf('video_extend'))).toBe(10);
  });

  it('writes sizes and lengths for people', () => {
    expect(formatBytes(12.34 * MB)).toBe('12.3 MB');
    expect(formatBytes(850 * 1024)).toBe('850 KB');
    expect(formatDuration(4.24)).toBe('4.2 s');
    expect(formatDuration(65)).toBe('1:05');
  });
});
