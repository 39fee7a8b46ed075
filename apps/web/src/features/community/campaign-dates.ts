import type { Campaign } from '@lumen/contracts/community';

export const campaignStatusColors: Record<Campaign['status'], string> = {
  entry: 'teal',
  in_progress: 'orange',
  past: 'gray',
};

/** The date that matters now: entries close, voting ends, or when it ended. */
export function campaignDeadline(campaign: Campaign): { key: string; at: string } {
  if (campaign.status === 'entry') return { key: 'entriesClose', at: campaign.entry_ends_at };
  if (campaign.status === 'in_progress') return { key: 'votingEnds', at: campaign.voting_ends_at };
  return { key: 'ended', at: campaign.voting_ends_at };
}
