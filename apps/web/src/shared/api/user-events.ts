/**
 * The signed-in browser's Server-Sent Events stream (architecture decision 12): task progress
 * and notifications arrive on the same connection. Features subscribe to the event types they
 * care about; the stream opens with the first subscriber and closes with the last, so a page
 * holds one connection however many features listen.
 *
 * Tabs share it too. Over plain HTTP/1.1 a browser keeps at most six connections to a server,
 * for all its tabs together, and each open stream holds one for good: a seventh tab would
 * never load. So one tab at a time holds the stream (it takes a Web Lock) and relays what
 * arrives to the others over a BroadcastChannel; when it closes, a waiting tab takes over.
 * Where either API is missing, each tab opens its own stream.
 */
export const USER_EVENTS_URL = '/prod-api/content/tasks/events';

/**
 * Every event type the server sends on the stream (task, queue place, notification). The tab
 * holding the stream relays these for all tabs, so a new type must be named here.
 */
export const USER_EVENT_TYPES = ['task', 'queue', 'notification'] as const;

const SHARED_NAME = 'lumen:user-events';

export interface UserEventsSubscriber {
  /** Event name → handler of the raw `data` text. */
  events: Partial<Record<string, (data: string) => void>>;
  onOpen?: () => void;
  onError?: () => void;
}

/** What tabs tell each other about the stream. */
type Relay =
  | { kind: 'event'; type: string; data: string }
  | { kind: 'state'; open: boolean }
  | { kind: 'hello' };

interface Connection {
  close(): void;
}

let connection: Connection | null = null;
let isOpen = false;
const subscribers = new Set<UserEventsSubscriber>();

function deliver(type: string, data: string): void {
  for (const subscriber of subscribers) subscriber.events[type]?.(data);
}

function setOpen(open: boolean): void {
  isOpen = open;
  for (const subscriber of subscribers) {
    if (open) subscriber.onOpen?.();
    else subscriber.onError?.();
  }
}

/** Opens the stream itself; `relay` passes what happens on to the other tabs. */
function openStream(relay?: (message: Relay) => void): EventSource {
  const source = new EventSource(USER_EVENTS_URL, { withCredentials: true });
  source.onopen = () => {
    setOpen(true);
    relay?.({ kind: 'state', open: true });
  };
  source.onerror = () => {
    setOpen(false);
    relay?.({ kind: 'state', open: false });
  };
  for (const type of USER_EVENT_TYPES) {
    source.addEventListener(type, (message: MessageEvent) => {
      const data = String(message.data);
      deliver(type, data);
      relay?.({ kind: 'event', type, data });
    });
  }
  return source;
}

/**
 * Listens on the tabs' channel, and waits for the lock: the tab that gets it opens the stream
 * and relays it until this tab stops listening (or closes, which frees the lock at once).
 */
function connectShared(locks: LockManager): Connection {
  const channel = new BroadcastChannel(SHARED_NAME);
  const post = (message: Relay) => channel.postMessage(message);
  const stop = new AbortController();
  let source: EventSource | null = null;
  let releaseLock: (() => void) | null = null;

  channel.onmessage = (event: MessageEvent<Relay>) => {
    const message = event.data;
    if (message.kind === 'event') deliver(message.type, message.data);
    // Told by the holder, which may answer a greeting with what it already said.
    else if (message.kind === 'state' && !source && message.open !== isOpen) setOpen(message.open);
    else if (message.kind === 'hello' && source) post({ kind: 'state', open: isOpen });
  };
  // The tab holding the stream, if any, answers with its state.
  post({ kind: 'hello' });

  locks
    .request(SHARED_NAME, { signal: stop.signal }, () => {
      // The last holder is gone: until this tab's stream opens, no tab is live.
      post({ kind: 'state', open: false });
      if (isOpen) setOpen(false);
      source = openStream(post);
      return new Promise<void>((resolve) => (releaseLock = resolve));
    })
    // Aborted: this tab stopped listening before its turn came.
    .catch(() => undefined);

  return {
    close() {
      stop.abort();
      if (source) {
        source.close();
        source = null;
        post({ kind: 'state', open: false });
      }
      releaseLock?.();
      channel.close();
    },
  };
}

function connect(): Connection {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks && typeof BroadcastChannel !== 'undefined') return connectShared(locks);
  return openStream();
}

/** Listens until the returned function is called; a no-op where EventSource is missing. */
export function subscribeUserEvents(subscriber: UserEventsSubscriber): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  subscribers.add(subscriber);
  connection ??= connect();
  if (isOpen) subscriber.onOpen?.();
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size > 0 || !connection) return;
    connection.close();
    connection = null;
    isOpen = false;
  };
}
