import { z } from 'zod';
import { OpenAiError } from './openai-errors';
import type { OpenAiHttp } from './openai-http';

const languageNames: Record<string, string> = {
  zh: 'Chinese',
  en: 'English',
  ja: 'Japanese',
  es: 'Spanish',
};

/**
 * The magic prompt toggle: a short idea becomes a detailed image prompt. The answer must
 * stay in the idea's language because it goes back into the user's prompt box.
 */
export function magicPromptSystemMessage(lang: string): string {
  const language = languageNames[lang.toLowerCase().split('-')[0] ?? ''] ?? lang;
  return [
    'You rewrite a short idea into one rich prompt for an AI image generator.',
    'Keep the subject and intent of the idea; add concrete detail about the subject, setting,',
    'composition, lighting, colour, mood, art style or photographic medium.',
    'Answer with the prompt only: one paragraph of at most 80 words, no lists, no quotes,',
    'no preamble, no explanation.',
    `Write in the same language as the idea; the user's interface language is ${language}.`,
  ].join(' ');
}

const chatAnswerSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export async function enhancePrompt(
  http: OpenAiHttp,
  model: string,
  prompt: string,
  lang: string,
  signal?: AbortSignal,
): Promise<string> {
  if (!prompt.trim()) throw new OpenAiError('bad_input', 'There is no prompt to enhance');
  // No temperature or token limit: several current models reject anything but their defaults.
  const answer = await http.postJson(
    '/chat/completions',
    {
      model,
      messages: [
        { role: 'system', content: magicPromptSystemMessage(lang) },
        { role: 'user', content: prompt.trim() },
      ],
    },
    chatAnswerSchema,
    signal,
  );
  const text = (answer.choices[0]?.message.content ?? '')
    .trim()
    .replace(/^["“”'「]+|["“”'」]+$/g, '')
    .trim();
  if (!text) throw new OpenAiError('failed', 'The chat model answered with an empty prompt');
  return text;
}
