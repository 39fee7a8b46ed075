import { describe, expect, it } from 'vitest';
import {
  motionStrengthFromEngine,
  motionStrengthToEngine,
  readMagicPrompt,
  taskTypeOfModule,
} from './vivago';

describe("vivago's wire format", () => {
  it('maps model-family modules to task types, with input pictures to the image kinds', () => {
    expect(taskTypeOfModule('image', 'image_gen_kling', false)).toBe('txt2img');
    expect(taskTypeOfModule('image', 'image_gen_kling', true)).toBe('img2img');
    expect(taskTypeOfModule('image', 'image_gen_std', false)).toBe('txt2img');
    expect(taskTypeOfModule('image', 'image_easy_edit', true)).toBe('image_edit');
    expect(taskTypeOfModule('video', 'video_gen_kling', true)).toBe('video_diffusion_img2vid');
    expect(taskTypeOfModule('image', 'txt2img', true)).toBe('txt2img');
    expect(taskTypeOfModule('video', 'txt2img', false)).toBeUndefined();
    expect(taskTypeOfModule('video', 'image_gen_kling', false)).toBeUndefined();
    expect(taskTypeOfModule('image', 'image_gen_nobody', false)).toBeUndefined();
    expect(taskTypeOfModule('image', 'constructor', false)).toBeUndefined();
  });

  it('reads magic_prompt as a boolean or a string', () => {
    expect(readMagicPrompt(false)).toEqual({ enhance: false });
    expect(readMagicPrompt(true)).toEqual({ enhance: true });
    expect(readMagicPrompt('')).toEqual({ enhance: false });
    expect(readMagicPrompt('  ')).toEqual({ enhance: false });
    expect(readMagicPrompt('false')).toEqual({ enhance: false });
    expect(readMagicPrompt('True')).toEqual({ enhance: true });
    expect(readMagicPrompt('1')).toEqual({ enhance: true });
    expect(readMagicPrompt(' a misty harbour at dawn ')).toEqual({
      enhance: false,
      prompt: 'a misty harbour at dawn',
    });
  });

  it("maps motion strength between vivago's 0–10 and the engines' 0–1, both ways", () => {
    expect(motionStrengthToEngine(9)).toBe(0.9);
    expect(motionStrengthToEngine(0)).toBe(0);
    expect(motionStrengthToEngine(10)).toBe(1);
    for (const value of [0, 1, 2.5, 5, 9, 10]) {
      expect(motionStrengthFromEngine(motionStrengthToEngine(value))).toBe(value);
    }
  });
});
