import { TOAST_DEFAULT_MS } from '@lumen/contracts/constants';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { resolveAutoClose, toast } from './toast';

describe('resolveAutoClose', () => {
  it('defaults to the 3000 ms of spec §9', () => {
    expect(resolveAutoClose(undefined)).toBe(TOAST_DEFAULT_MS);
    expect(TOAST_DEFAULT_MS).toBe(3000);
  });

  it('keeps a positive duration', () => {
    expect(resolveAutoClose(5000)).toBe(5000);
  });

  it('makes 0 or less stay until closed', () => {
    expect(resolveAutoClose(0)).toBe(false);
    expect(resolveAutoClose(-1)).toBe(false);
  });
});

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    renderWithProviders(<div />);
  });

  afterEach(() => {
    act(() => notifications.clean());
  });

  // Small steps let React run the effects that start Mantine's own timers, as a browser would.
  const advance = (ms: number) => {
    for (let left = ms; left > 0; left -= 50) act(() => vi.advanceTimersByTime(Math.min(50, left)));
  };

  it('appears after about 10 ms and closes after the default 3 s', () => {
    toast({ type: 'success', message: 'Saved' });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    advance(10);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    advance(2900);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    // 3000 ms on screen, then the exit transition removes it.
    advance(700);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('stays when the duration is 0', () => {
    toast({ type: 'warning', message: 'Sticky', duration: 0 });
    advance(60_000);
    expect(screen.getByText('Sticky')).toBeInTheDocument();
  });

  it('shows a close button only when closable', () => {
    toast({ type: 'info', message: 'Plain', duration: 0 });
    advance(10);
    const plain = screen.getByText('Plain').closest('.mantine-Notification-root');
    expect(plain?.querySelector('button')).toBeNull();

    toast({ type: 'info', message: 'With close', duration: 0, closable: true });
    advance(10);
    const closable = screen.getByText('With close').closest('.mantine-Notification-root');
    expect(closable?.querySelector('button')).not.toBeNull();
  });

  it('closes the newest toast on Escape, leaving older ones and those that opt out', () => {
    toast({ type: 'info', message: 'Pinned', duration: 0, closeOnEscape: false });
    toast({ type: 'info', message: 'Older', duration: 0 });
    toast({ type: 'error', message: 'Newest', duration: 0 });
    advance(10);

    fireEvent.keyDown(document, { key: 'Escape' });
    advance(400);
    expect(screen.queryByText('Newest')).not.toBeInTheDocument();
    expect(screen.getByText('Older')).toBeInTheDocument();

    fireEvent.keyDown(document, { key: 'Escape' });
    advance(400);
    expect(screen.queryByText('Older')).not.toBeInTheDocument();

    fireEvent.keyDown(document, { key: 'Escape' });
    advance(400);
    expect(screen.getByText('Pinned')).toBeInTheDocument();
  });
});
