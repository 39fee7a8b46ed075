import { presetVoices, type PresetVoice, type VoiceId } from '@lumen/contracts/voices';
import { ModelApiError } from './model-api-errors';
import type { ModelApiProvider } from './model-table';

/**
 * The text-to-speech model a text lip sync runs first on each hosted API (the lip-sync and
 * talking-head models take a voice track, not a text): MiniMax Speech-02 Turbo, which speaks
 * all four of the product's languages. Replicate runs it by name (`minimax/speech-02-turbo`,
 * its answer the sound's URL); fal as `fal-ai/minimax/speech-02-turbo` (its answer
 * `{ audio: { url } }`).
 */
export const speechModels = {
  replicate: 'minimax/speech-02-turbo',
  fal: 'fal-ai/minimax/speech-02-turbo',
} as const satisfies Record<ModelApiProvider, string>;

/** Each preset speaker as one of MiniMax's system voices, by gender. */
const minimaxVoices: Record<PresetVoice['gender'], string> = {
  female: 'Calm_Woman',
  male: 'Patient_Man',
};

/** The language MiniMax is told to favour, so a short text is read in the voice's language. */
const languageBoost: Record<PresetVoice['language'], string> = {
  en: 'English',
  zh: 'Chinese',
  ja: 'Japanese',
  es: 'Spanish',
};

/** The speech model's input for a text in a preset voice; an unknown voice is the caller's mistake. */
export function speechInput(
  provider: ModelApiProvider,
  speech: { text: string; voice: string },
): Record<string, unknown> {
  const preset = presetVoices.find((v) => v.id === (speech.voice as VoiceId));
  if (!preset) throw new ModelApiError('bad_input', `There is no preset voice '${speech.voice}'`);
  const voiceId = minimaxVoices[preset.gender];
  const language = languageBoost[preset.language];
  return provider === 'fal'
    ? {
        text: speech.text,
        voice_setting: { voice_id: voiceId, speed: 1 },
        language_boost: language,
        output_format: 'url',
      }
    : { text: speech.text, voice_id: voiceId, language_boost: language, speed: 1 };
}
