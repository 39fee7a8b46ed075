import { notifyTypes, type NotifyType } from '@lumen/contracts/community';

export type UnreadCounts = Record<NotifyType | 'total', number>;

/** A badge text: nothing for zero, the number up to 99, then "99+". */
export function badgeLabel(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

export interface TabCount {
  type: NotifyType;
  count: number;
  label: string | null;
}

/** The drawer's four tabs (spec §2) in order, each with its unread count and badge text. */
export function tabCounts(unread: Partial<UnreadCounts> | undefined): TabCount[] {
  return notifyTypes.map((type) => {
    const count = Math.max(0, unread?.[type] ?? 0);
    return { type, count, label: badgeLabel(count) };
  });
}

/**
 * The bell's number. The server's total is used when it is there; otherwise the tabs are added
 * up, so a partial answer still shows something sensible.
 */
export function totalUnread(unread: Partial<UnreadCounts> | undefined): number {
  if (!unread) return 0;
  if (typeof unread.total === 'number') return Math.max(0, unread.total);
  return tabCounts(unread).reduce((sum, tab) => sum + tab.count, 0);
}

/** The tab a drawer opens on: the first with something unread, else interactive. */
export function initialTab(unread: Partial<UnreadCounts> | undefined): NotifyType {
  return tabCounts(unread).find((tab) => tab.count > 0)?.type ?? 'interactive';
}
