import type { CampaignStatus } from '@lumen/contracts/community';

type CampaignDates = { entryStartsAt: Date; entryEndsAt: Date; votingEndsAt: Date };

/**
 * A campaign's status follows its dates: before the start it is not shown ('upcoming'), then it
 * takes entries, then voting or judging runs, then it is past with results.
 */
export function campaignStatusAt(c: CampaignDates, now: Date): CampaignStatus | 'upcoming' {
  const t = now.getTime();
  if (t < c.entryStartsAt.getTime()) return 'upcoming';
  if (t < c.entryEndsAt.getTime()) return 'entry';
  if (t < c.votingEndsAt.getTime()) return 'in_progress';
  return 'past';
}
