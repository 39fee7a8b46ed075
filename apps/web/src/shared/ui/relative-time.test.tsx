import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRelative } from '../format/relative';
import { RelativeTime } from './relative-time';

const at = Date.parse('2026-11-23T10:00:00Z');

describe('formatRelative', () => {
  it('says now under a minute, then minutes, hours, days and a date', () => {
    const iso = new Date(at).toISOString();
    expect(formatRelative(iso, 'en', at + 5_000)).toBe('now');
    expect(formatRelative(iso, 'en', at + 59_000)).toBe('now');
    expect(formatRelative(iso, 'en', at + 3 * 60_000)).toBe('3 minutes ago');
    expect(formatRelative(iso, 'en', at + 5 * 3600_000)).toBe('5 hours ago');
    expect(formatRelative(iso, 'en', at + 86_400_000)).toBe('yesterday');
    expect(formatRelative(iso, 'en', at + 30 * 86_400_000)).toBe('Nov 23, 2026');
    expect(formatRelative(iso, 'es', at + 3 * 60_000)).toBe('hace 3 minutos');
    expect(formatRelative('not a date', 'en', at)).toBe('');
  });
});

describe('RelativeTime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(at);
  });
  afterEach(() => vi.useRealTimers());

  it('keeps itself current while it is shown', () => {
    render(<RelativeTime iso={new Date(at).toISOString()} />);
    const label = screen.getByText('now');
    expect(label.tagName).toBe('TIME');
    expect(label.getAttribute('datetime')).toBe('2026-11-23T10:00:00.000Z');
    act(() => vi.advanceTimersByTime(2 * 60_000));
    expect(screen.getByText('2 minutes ago')).toBeTruthy();
  });
});
