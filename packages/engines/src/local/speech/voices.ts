import { presetVoices, type PresetVoice, type VoiceId } from '@lumen/contracts/voices';

/**
 * How the CPU's synthesiser (eSpeak NG) speaks one preset voice: its language voice, the
 * variant that gives it a female or male timbre, and the rate (words per minute) and pitch
 * (0–99) that set it apart from the other voice of the same language.
 */
export type EspeakVoice = { voice: string; variant: string; rate: number; pitch: number };

export const espeakVoices: Record<VoiceId, EspeakVoice> = {
  'en-f-1': { voice: 'en-us', variant: 'f3', rate: 165, pitch: 62 },
  'en-m-1': { voice: 'en-us', variant: 'm3', rate: 158, pitch: 38 },
  'zh-f-1': { voice: 'cmn', variant: 'f2', rate: 150, pitch: 65 },
  'zh-m-1': { voice: 'cmn', variant: 'm2', rate: 145, pitch: 40 },
  'ja-f-1': { voice: 'ja', variant: 'f4', rate: 160, pitch: 64 },
  'ja-m-1': { voice: 'ja', variant: 'm1', rate: 150, pitch: 38 },
  'es-f-1': { voice: 'es', variant: 'f4', rate: 170, pitch: 60 },
  'es-m-1': { voice: 'es', variant: 'm3', rate: 162, pitch: 36 },
};

/** A short greeting in the voice's own language, naming the speaker. */
export function greetingOf(voice: PresetVoice): string {
  switch (voice.language) {
    case 'en':
      return `Hello, I am ${voice.name}. Nice to meet you.`;
    case 'zh':
      return `你好，我是${voice.name}。很高兴认识你。`;
    case 'ja':
      // The Japanese names are written in kana, which eSpeak NG reads reliably.
      return `こんにちは、${voice.name}です。よろしくおねがいします。`;
    case 'es':
      return `Hola, soy ${voice.name}. ${voice.gender === 'female' ? 'Encantada' : 'Encantado'} de conocerte.`;
  }
}

export function findPresetVoice(id: string): PresetVoice | undefined {
  return presetVoices.find((v) => v.id === id);
}
