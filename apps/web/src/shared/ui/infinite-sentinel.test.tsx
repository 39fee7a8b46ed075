import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { InfiniteSentinel } from './infinite-sentinel';

/** Stands in for the browser's IntersectionObserver; `show()` brings the watched node into view. */
class FakeObserver {
  static current: FakeObserver | null = null;
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.current = this;
  }
  observe() {}
  disconnect() {
    if (FakeObserver.current === this) FakeObserver.current = null;
  }
  show() {
    this.callback(
      [{ isIntersecting: true } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('InfiniteSentinel', () => {
  it('asks for the next page when it comes into view, and not while one is on its way', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const fetchNextPage = vi.fn();
    // The list's state, as the query reports it: loading the next page, then at its end.
    function List() {
      const [state, setState] = useState({ hasNextPage: true, isFetchingNextPage: false });
      return (
        <>
          <button type="button" onClick={() => setState({ ...state, isFetchingNextPage: true })}>
            fetching
          </button>
          <button
            type="button"
            onClick={() => setState({ hasNextPage: false, isFetchingNextPage: false })}
          >
            end
          </button>
          <InfiniteSentinel {...state} fetchNextPage={fetchNextPage} />
        </>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<List />);
    act(() => FakeObserver.current!.show());
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'fetching' }));
    expect(FakeObserver.current).toBeNull();
    expect(screen.getByLabelText('Loading more')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'end' }));
    expect(FakeObserver.current).toBeNull();
    expect(screen.queryByLabelText('Loading more')).toBeNull();
  });

  it('offers a button where the browser cannot tell what is in view', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const fetchNextPage = vi.fn();
    renderWithProviders(
      <InfiniteSentinel hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });
});
