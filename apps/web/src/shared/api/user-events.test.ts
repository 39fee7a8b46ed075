import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../test/fake-event-source';
import { subscribeUserEvents, USER_EVENTS_URL } from './user-events';

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('subscribeUserEvents', () => {
  it('shares one stream between listeners and routes each event type to its listeners', () => {
    const task = vi.fn();
    const notification = vi.fn();
    const openA = vi.fn();
    const openB = vi.fn();
    const stopA = subscribeUserEvents({ events: { task }, onOpen: openA });
    const stopB = subscribeUserEvents({ events: { notification }, onOpen: openB });

    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe(USER_EVENTS_URL);
    expect(source.init).toEqual({ withCredentials: true });
    source.onopen?.();
    expect(openA).toHaveBeenCalledTimes(1);
    expect(openB).toHaveBeenCalledTimes(1);

    source.emit('task', '{"task_id":"t"}');
    source.emit('notification', '{"id":"9"}');
    expect(task).toHaveBeenCalledWith('{"task_id":"t"}');
    expect(notification).toHaveBeenCalledWith('{"id":"9"}');
    expect(task).toHaveBeenCalledTimes(1);

    stopA();
    expect(source.closed).toBe(false);
    stopB();
    expect(source.closed).toBe(true);
  });

  it('tells a late listener at once that the stream is already open', () => {
    const stop = subscribeUserEvents({ events: {} });
    FakeEventSource.instances[0]!.onopen?.();
    const onOpen = vi.fn();
    const stopLate = subscribeUserEvents({ events: {}, onOpen });
    expect(onOpen).toHaveBeenCalledTimes(1);
    stop();
    stopLate();
  });

  it('opens a new stream after the last listener left', () => {
    subscribeUserEvents({ events: {} })();
    subscribeUserEvents({ events: {} })();
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances.every((s) => s.closed)).toBe(true);
  });
});
