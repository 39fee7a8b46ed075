import { defineTool } from './define';

/** Lip sync: a video's speaker mouths a voice track. */
export const mouthSpeech = defineTool({
  id: 'mouth_speech',
  media: 'video',
  available: false,
  inputs: { prompt: 'optional', images: [0, 0], videos: [1, 1], audios: [1, 1] },
  portrait: true,
  scoresOutputs: true,
  cost: 'lipSync',
  counter: 'video',
  ui: { category: 'video', icon: 'IconMoodTongue', order: 60 },
});
