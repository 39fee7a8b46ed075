import type { QueryClient } from '@tanstack/react-query';
import { accountQueryRoot } from '../../../shared/session/account-info';
import { announceCreditChange } from '../../../shared/session/credit-change';

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

/** Re-reads them; credits added meanwhile are announced (the balance is read first for that). */
export async function refreshMembershipQueries(queryClient: QueryClient): Promise<void> {
  await announceCreditChange(queryClient);
  await Promise.all(affectedRoots.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
