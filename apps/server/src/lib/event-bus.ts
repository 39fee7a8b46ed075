import { EventEmitter } from 'node:events';

/** A message for one user's browser tabs (task progress, notifications). */
export type UserEvent = { type: string; data: Record<string, unknown> };

/**
 * Delivers user events to the SSE streams of this node (architecture decision 12). With
 * several API nodes on PostgreSQL, a LISTEN/NOTIFY relay publishes into every node's bus.
 */
export interface EventBus {
  /**
   * The PostgreSQL NOTIFY channel that carries events to every node, when the bus relays
   * through PostgreSQL (null: the bus lives in this process alone). A statement may then send
   * an event itself, with pg_notify as its transaction commits, in the payload that
   * `lib/pg-event-bus.ts` reads, instead of a publish after it.
   */
  readonly channel: string | null;
  publish(userId: number, event: UserEvent): void;
  subscribe(userId: number, listener: (event: UserEvent) => void): () => void;
  /** The users with a stream open on this node. */
  listening(): number[];
  /** Delivers to this node's streams only: for events that every node works out for itself. */
  publishHere(userId: number, event: UserEvent): void;
  /** Every user's events as they reach this node (the queue wakes waiting workers on them). */
  subscribeAll(listener: (userId: number, event: UserEvent) => void): () => void;
}

export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  // Each open tab is a listener; many tabs of many users are expected.
  emitter.setMaxListeners(0);
  const everyone = new Set<(userId: number, event: UserEvent) => void>();
  const deliver = (userId: number, event: UserEvent) => {
    emitter.emit(String(userId), event);
    for (const listener of everyone) listener(userId, event);
  };
  return {
    channel: null,
    publish: deliver,
    subscribe(userId, listener) {
      emitter.on(String(userId), listener);
      return () => emitter.off(String(userId), listener);
    },
    listening: () => emitter.eventNames().map(Number),
    publishHere: deliver,
    subscribeAll(listener) {
      everyone.add(listener);
      return () => everyone.delete(listener);
    },
  };
}
