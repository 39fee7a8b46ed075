import { defineTool } from './define';

/** Audio animate: a portrait that speaks or sings a voice track. */
export const videoAudioAnimate = defineTool({
  id: 'video_diffusion_audio_animate',
  media: 'video',
  available: true,
  inputs: { prompt: 'optional', images: [1, 1], audios: [1, 1] },
  keepsInputShape: true,
  portrait: true,
  scoresOutputs: true,
  cost: 'video',
  counter: 'video',
  ui: { category: 'video', icon: 'IconMicrophone', order: 50, videoMode: 'audio_animate' },
});
