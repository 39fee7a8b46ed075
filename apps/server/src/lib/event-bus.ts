import { EventEmitter } from 'node:events';

/** A message for one user's browser tabs (task progress, notifications). */
export type UserEvent = { type: string; data: Record<string, unknown> };

/**
 * Delivers user events to the SSE streams of this node (architecture decision 12). With
 * several API nodes on PostgreSQL, a LISTEN/NOTIFY relay publishes into every node's bus.
 */
export interface EventBus {
  publish(userId: number, event: UserEvent): void;
  subscribe(userId: number, listener: (event: UserEvent) => void): () => void;
  /** The users with a stream open on this node. */
  listening(): number[];
  /** Delivers to this node's streams only: for events that every node works out for itself. */
  publishHere(userId: number, event: UserEvent): void;
}

export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  // Each open tab is a listener; many tabs of many users are expected.
  emitter.setMaxListeners(0);
  return {
    publish(userId, event) {
      emitter.emit(String(userId), event);
    },
    subscribe(userId, listener) {
      emitter.on(String(userId), listener);
      return () => emitter.off(String(userId), listener);
    },
    listening: () => emitter.eventNames().map(Number),
    publishHere(userId, event) {
      emitter.emit(String(userId), event);
    },
  };
}
