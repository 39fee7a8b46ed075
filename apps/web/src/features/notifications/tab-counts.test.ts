import { describe, expect, it } from 'vitest';
import { badgeLabel, initialTab, tabCounts, totalUnread } from './tab-counts';

describe('badgeLabel', () => {
  it('hides zero and caps at 99+', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(-3)).toBeNull();
    expect(badgeLabel(7)).toBe('7');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
  });
});

describe('tabCounts', () => {
  it('lists the four tabs in spec order with their counts and badges', () => {
    expect(tabCounts({ interactive: 3, official: 0, system: 120, notice: 1, total: 124 })).toEqual([
      { type: 'interactive', count: 3, label: '3' },
      { type: 'official', count: 0, label: null },
      { type: 'system', count: 120, label: '99+' },
      { type: 'notice', count: 1, label: '1' },
    ]);
  });

  it('reads a missing answer as nothing unread', () => {
    expect(tabCounts(undefined).map((tab) => tab.count)).toEqual([0, 0, 0, 0]);
  });
});

describe('totalUnread', () => {
  it('prefers the server total and otherwise adds the tabs', () => {
    expect(totalUnread({ interactive: 1, official: 1, system: 0, notice: 0, total: 5 })).toBe(5);
    expect(totalUnread({ interactive: 2, notice: 3 })).toBe(5);
    expect(totalUnread(undefined)).toBe(0);
  });
});

describe('initialTab', () => {
  it('opens on the first tab with something unread', () => {
    expect(initialTab({ interactive: 0, official: 0, system: 2, notice: 1, total: 3 })).toBe(
      'system',
    );
    expect(initialTab({ interactive: 0, official: 0, system: 0, notice: 0, total: 0 })).toBe(
      'interactive',
    );
  });
});
