import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../test/fake-event-source';

/**
 * The browser's lock manager, for one name, as the tabs of one browser share it: one holder
 * at a time, the others wait in turn; a waiter may give up (AbortSignal).
 */
class SharedLocks {
  private held = false;
  private waiting: { grant: () => void; signal?: AbortSignal }[] = [];

  request(
    _name: string,
    options: { signal?: AbortSignal },
    callback: () => Promise<void>,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      const grant = () => {
        this.held = true;
        void callback().then(() => {
          this.held = false;
          resolve();
          this.next();
        });
      };
      options.signal?.addEventListener('abort', () => {
        const at = this.waiting.findIndex((w) => w.grant === grant);
        if (at < 0) return;
        this.waiting.splice(at, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
      this.waiting.push({ grant, signal: options.signal });
      if (!this.held) this.next();
    });
  }

  private next() {
    this.waiting.shift()?.grant();
  }
}

/** A tab: the module loaded afresh, as each tab has its own. */
async function openTab() {
  vi.resetModules();
  return import('./user-events');
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator) as Navigator, {
      locks: new SharedLocks(),
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('the event stream shared between tabs', () => {
  it('is held by one tab, relayed to the others, and taken over when that tab stops', async () => {
    const first = await openTab();
    const second = await openTab();
    const seen = { first: vi.fn(), second: vi.fn() };
    const live = { first: vi.fn(), second: vi.fn() };
    const down = { second: vi.fn() };
    const stopFirst = first.subscribeUserEvents({
      events: { task: seen.first },
      onOpen: live.first,
    });
    const stopSecond = second.subscribeUserEvents({
      events: { task: seen.second },
      onOpen: live.second,
      onError: down.second,
    });
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.instances[0]!;

    stream.onopen?.();
    expect(live.first).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(live.second).toHaveBeenCalledTimes(1));

    stream.emit('task', '{"task_id":"t1"}');
    expect(seen.first).toHaveBeenCalledWith('{"task_id":"t1"}');
    await vi.waitFor(() => expect(seen.second).toHaveBeenCalledWith('{"task_id":"t1"}'));
    expect(FakeEventSource.instances).toHaveLength(1);

    // The holder stops listening: the other tab is not live until it holds a stream of its own.
    stopFirst();
    expect(stream.closed).toBe(true);
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(down.second).toHaveBeenCalled();
    const next = FakeEventSource.instances[1]!;
    next.onopen?.();
    expect(live.second).toHaveBeenCalledTimes(2);
    next.emit('task', '{"task_id":"t2"}');
    expect(seen.second).toHaveBeenCalledWith('{"task_id":"t2"}');

    // A tab that comes later learns at once that the stream is open, and opens none.
    const third = await openTab();
    const liveThird = vi.fn();
    const stopThird = third.subscribeUserEvents({ events: {}, onOpen: liveThird });
    await vi.waitFor(() => expect(liveThird).toHaveBeenCalledTimes(1));
    expect(FakeEventSource.instances).toHaveLength(2);

    stopThird();
    stopSecond();
    expect(next.closed).toBe(true);
  });

  it('gives up its turn when it stops listening before getting the stream', async () => {
    const first = await openTab();
    const second = await openTab();
    const stopFirst = first.subscribeUserEvents({ events: {} });
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    second.subscribeUserEvents({ events: {} })();
    stopFirst();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
