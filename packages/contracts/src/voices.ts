import { z } from 'zod';

/**
 * The preset speakers of lip sync (spec §1 "preset speakers"): each speaks one language; the
 * engines map an id to their own voice (the CPU's speech synthesiser, a model API's TTS).
 */
export const presetVoices = [
  { id: 'en-f-1', name: 'Ava', language: 'en', gender: 'female' },
  { id: 'en-m-1', name: 'Noah', language: 'en', gender: 'male' },
  { id: 'zh-f-1', name: '晓晓', language: 'zh', gender: 'female' },
  { id: 'zh-m-1', name: '云健', language: 'zh', gender: 'male' },
  { id: 'ja-f-1', name: 'さくら', language: 'ja', gender: 'female' },
  { id: 'ja-m-1', name: 'はると', language: 'ja', gender: 'male' },
  { id: 'es-f-1', name: 'Lucía', language: 'es', gender: 'female' },
  { id: 'es-m-1', name: 'Mateo', language: 'es', gender: 'male' },
] as const;

export type PresetVoice = (typeof presetVoices)[number];
export type VoiceId = PresetVoice['id'];

export const voiceIds = presetVoices.map((v) => v.id) as VoiceId[];
export const voiceIdSchema = z.enum(voiceIds as [VoiceId, ...VoiceId[]]);

export function isVoiceId(value: string): value is VoiceId {
  return (voiceIds as string[]).includes(value);
}

/** `GET /prod-api/content/voices`: each voice with a sample of it speaking. */
export const voiceListSchema = z.object({
  voices: z.array(
    z.object({
      id: voiceIdSchema,
      name: z.string(),
      language: z.enum(['en', 'zh', 'ja', 'es']),
      gender: z.enum(['female', 'male']),
      sample_url: z.string(),
    }),
  ),
});
