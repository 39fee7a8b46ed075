import pg from 'pg';
import { createCoalescer } from './coalesce';
import { createLocalEventBus, type EventBus, type UserEvent } from './event-bus';

/**
 * Every payload is `{ userId, event }` as JSON (`seq` aside); the queue's SQL functions send
 * task events on this channel in the same shape (drizzle/0016_queue_functions.sql).
 */
const CHANNEL = 'lumen_user_events';
/** NOTIFY payloads are limited to 8000 bytes; events are small, anything larger is dropped. */
const MAX_PAYLOAD = 7900;

/**
 * Relays user events between API nodes through PostgreSQL LISTEN/NOTIFY (architecture
 * decision 1): a publish goes to every node, and each node delivers it to its own SSE streams.
 */
export async function createPgEventBus(url: string, onError: (err: Error) => void) {
  const local = createLocalEventBus();
  const listener = new pg.Client({ connectionString: url });
  const notifier = new pg.Pool({ connectionString: url, max: 2 });
  listener.on('error', onError);
  notifier.on('error', onError);
  await listener.connect();
  await listener.query(`listen ${CHANNEL}`);
  listener.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    try {
      const { userId, event } = JSON.parse(message.payload) as { userId: number; event: UserEvent };
      local.publish(userId, event);
    } catch (err) {
      onError(err as Error);
    }
  });
  let seq = 0;
  // Events published while a NOTIFY is on its way leave together in the next one, in order.
  const notify = createCoalescer<string, void>({
    maxBatch: 500,
    async run(payloads) {
      await notifier.query(
        'select pg_notify($1, p) from unnest($2::text[]) with ordinality as t(p, n) order by n',
        [CHANNEL, payloads],
      );
      return payloads.map(() => ({ ok: true, value: undefined }));
    },
  });
  const bus: EventBus & { close(): Promise<void> } = {
    channel: CHANNEL,
    publish(userId, event) {
      // The sequence number keeps two equal events of one batch apart: PostgreSQL delivers
      // identical payloads of one transaction once.
      const payload = JSON.stringify({ userId, event, seq: ++seq });
      if (payload.length > MAX_PAYLOAD) return;
      notify.run(payload).catch(onError);
    },
    subscribe: (userId, listenerFn) => local.subscribe(userId, listenerFn),
    listening: () => local.listening(),
    publishHere: (userId, event) => local.publishHere(userId, event),
    subscribeAll: (listenerFn) => local.subscribeAll(listenerFn),
    close: async () => {
      await listener.end();
      await notifier.end();
    },
  };
  return bus;
}
