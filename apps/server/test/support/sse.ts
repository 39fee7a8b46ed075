import type { Json } from './api-caller';

/**
 * A user's event stream (`GET /prod-api/content/tasks/events`) on a listening test app, read
 * as a browser's EventSource would: event by event, by name.
 */
export async function openEventStream(
  base: string,
  ticket: string,
  headers: Record<string, string> = {},
) {
  const abort = new AbortController();
  const response = await fetch(`${base}/prod-api/content/tasks/events`, {
    headers: { authorization: `Bearer ${ticket}`, ...headers },
    signal: abort.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    response,
    /** Waits for the next `name` event that `match` accepts, and answers its data. */
    async next(name: string, match: (data: Json) => boolean = () => true): Promise<Json> {
      for (;;) {
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event !== name || data === undefined) continue;
          const parsed = JSON.parse(data) as Json;
          if (match(parsed)) return parsed;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before a ${name} event`);
        buffer += decoder.decode(value, { stream: true });
      }
    },
    close: () => abort.abort(),
  };
}
