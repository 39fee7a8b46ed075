import { toolIds, toolOf } from '@lumen/contracts/tools';
import { describe, expect, it } from 'vitest';
import { listVideoModes, videoModeOf, videoStudioPath } from './video-modes';

describe('listVideoModes', () => {
  it('offers every video mode a running tool declares, effects after image', () => {
    const modes = listVideoModes();
    expect(modes.map((m) => m.mode)).toEqual([
      'text',
      'image',
      'effect',
      'keyframes',
      'extend',
      'multi_image',
      'stylize',
      'audio_animate',
      'brush',
      'lip_sync',
      'enhance',
      'character',
    ]);
    expect(modes.find((m) => m.mode === 'effect')?.toolId).toBe('video_diffusion_img2vid');
    expect(modes.find((m) => m.mode === 'character')?.toolId).toBe('character_video');
    for (const id of toolIds) {
      const { ui, available } = toolOf(id);
      if (ui.videoMode && available) {
        expect(modes.find((m) => m.mode === ui.videoMode)?.toolId, id).toBe(id);
      }
    }
  });

  it('answers text to video for an unknown mode', () => {
    expect(videoModeOf('lip_sync')).toEqual({ mode: 'lip_sync', toolId: 'mouth_speech' });
    expect(videoModeOf('character')).toEqual({ mode: 'character', toolId: 'character_video' });
    expect(videoModeOf('nonsense').mode).toBe('text');
    expect(videoModeOf(null).mode).toBe('text');
  });

  it('builds the studio address of a mode with its prefill', () => {
    expect(videoStudioPath('effect', { effect: 'hug' })).toBe(
      '/studio/video?mode=effect&effect=hug',
    );
  });
});
