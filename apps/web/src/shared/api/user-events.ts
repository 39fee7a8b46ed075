/**
 * The signed-in browser's Server-Sent Events stream (architecture decision 12): task progress
 * and notifications arrive on the same connection. Features subscribe to the event types they
 * care about; the stream opens with the first subscriber and closes with the last, so a page
 * holds one connection however many features listen.
 */
export const USER_EVENTS_URL = '/prod-api/content/tasks/events';

export interface UserEventsSubscriber {
  /** Event name → handler of the raw `data` text. */
  events: Record<string, (data: string) => void>;
  onOpen?: () => void;
  onError?: () => void;
}

let source: EventSource | null = null;
let isOpen = false;
const subscribers = new Set<UserEventsSubscriber>();
const attached = new Set<string>();

function attach(type: string): void {
  if (!source || attached.has(type)) return;
  attached.add(type);
  source.addEventListener(type, (message: MessageEvent) => {
    for (const subscriber of subscribers) subscriber.events[type]?.(String(message.data));
  });
}

function openSource(): EventSource {
  const next = new EventSource(USER_EVENTS_URL, { withCredentials: true });
  next.onopen = () => {
    isOpen = true;
    for (const subscriber of subscribers) subscriber.onOpen?.();
  };
  next.onerror = () => {
    isOpen = false;
    for (const subscriber of subscribers) subscriber.onError?.();
  };
  return next;
}

/** Listens until the returned function is called; a no-op where EventSource is missing. */
export function subscribeUserEvents(subscriber: UserEventsSubscriber): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  subscribers.add(subscriber);
  source ??= openSource();
  for (const type of Object.keys(subscriber.events)) attach(type);
  if (isOpen) subscriber.onOpen?.();
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size > 0 || !source) return;
    source.close();
    source = null;
    isOpen = false;
    attached.clear();
  };
}
