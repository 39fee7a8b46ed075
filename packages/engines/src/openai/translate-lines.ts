import { z } from 'zod';
import { OpenAiError } from './openai-errors';
import { createOpenAiHttp, type OpenAiHttp } from './openai-http';

const languageNames: Record<string, string> = {
  en: 'English',
  zh: 'Simplified Chinese',
  ja: 'Japanese',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  pt: 'Portuguese',
  it: 'Italian',
};

const chatAnswerSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});
const linesSchema = z.array(z.string());

/**
 * Translates the lines of a product picture with an OpenAI-compatible chat model. The lines
 * go and come back as a JSON array, so each translation lands in its own line's box; an
 * answer of another length is refused rather than drawn in the wrong places.
 */
export async function translateLines(
  http: OpenAiHttp,
  model: string,
  lines: string[],
  source: string,
  target: string,
  signal?: AbortSignal,
): Promise<string[]> {
  if (lines.length === 0) return [];
  const from = languageNames[source] ?? source;
  const to = languageNames[target] ?? target;
  const answer = await http.postJson(
    '/chat/completions',
    {
      model,
      messages: [
        {
          role: 'system',
          content:
            `You translate the text lines of a product picture from ${from} to ${to}. ` +
            'Keep each line short like the original: a title stays a title, a price stays a price. ' +
            'Answer with a JSON array of strings only, one translation per line, in the same order.',
        },
        { role: 'user', content: JSON.stringify(lines) },
      ],
    },
    chatAnswerSchema,
    signal,
  );
  const text = (answer.choices[0]?.message.content ?? '')
    .trim()
    .replace(/^```(?:json)?\s*|\s*```$/g, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new OpenAiError('failed', 'The chat model did not answer with a JSON array of lines');
  }
  const out = linesSchema.safeParse(parsed);
  if (!out.success || out.data.length !== lines.length) {
    throw new OpenAiError(
      'failed',
      `The chat model answered ${out.success ? out.data.length : 'no'} lines for ${lines.length}`,
    );
  }
  return out.data;
}

/** A translator bound to one OpenAI-compatible server, for the local engine's image translation. */
export function createChatTranslator(options: {
  baseUrl: string;
  apiKey: string;
  chatModel?: string;
  fetch?: typeof fetch;
}) {
  const http = createOpenAiHttp({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    timeoutMs: 60_000,
    fetch: options.fetch ?? globalThis.fetch,
  });
  const model = options.chatModel ?? 'gpt-4o-mini';
  return (lines: string[], source: string, target: string, signal?: AbortSignal) =>
    translateLines(http, model, lines, source, target, signal);
}
