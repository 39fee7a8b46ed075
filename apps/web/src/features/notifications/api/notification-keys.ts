import type { NotifyType } from '@lumen/contracts/community';

export const notificationKeys = {
  all: ['notifications'] as const,
  poll: (viewer: string) => ['notifications', 'poll', viewer] as const,
  lists: ['notifications', 'list'] as const,
  list: (viewer: string, type: NotifyType) => ['notifications', 'list', viewer, type] as const,
};
