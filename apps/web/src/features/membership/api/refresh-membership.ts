import type { QueryClient } from '@tanstack/react-query';
import { accountQueryRoot } from '../../../shared/session/account-info';

/**
 * Everything a payment, a trial or a redeemed code can change: the header badge (account),
 * plan history, bills, subscription, orders, trial offer and invitations.
 */
const affectedRoots = [
  accountQueryRoot,
  ['user-plans'],
  ['credit-bills'],
  ['subscription'],
  ['orders'],
  ['trial-eligibility'],
  ['invitations'],
] as const;

export function refreshMembershipQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    affectedRoots.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}
