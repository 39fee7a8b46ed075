import { z } from 'zod';
import { defineTool } from './define';

/** The longest speech text a lip sync takes. */
export const SPEECH_TEXT_MAX_LENGTH = 500;

/**
 * Lip sync: a square clip of a speaker (at most 15 s) or a portrait picture, mouthing a voice
 * track or a text spoken in one of the preset voices. Exactly one of clip or picture, and
 * exactly one of voice track or text with a voice.
 */
export const mouthSpeech = defineTool({
  id: 'mouth_speech',
  media: 'video',
  available: true,
  inputs: {
    prompt: 'optional',
    images: [0, 1],
    videos: [0, 1],
    audios: [0, 1],
    videoRules: { ratio: '1:1', maxDurationS: 15 },
  },
  single: true,
  portrait: true,
  scoresOutputs: true,
  params: z.object({
    speech_text: z.string().trim().max(SPEECH_TEXT_MAX_LENGTH).optional(),
    voice: z.string().trim().max(64).optional(),
  }),
  cost: 'lipSync',
  counter: 'video',
  ui: {
    category: 'video',
    icon: 'IconMoodTongue',
    order: 60,
    route: '/studio/lip-sync',
    videoMode: 'lip_sync',
  },
});
