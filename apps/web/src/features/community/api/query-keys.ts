import type { CampaignStatus, FeedSort, WorkKind, WorkStatus } from '@lumen/contracts/community';

export interface FeedFilter {
  sort: FeedSort;
  kind?: WorkKind;
  circleId?: string;
  cmpId?: string;
}

export type PeopleList = 'followers' | 'following' | 'friends';

/**
 * TanStack Query keys of the community feature. Everything lives under `community`, so a toggle
 * can patch every list and detail that shows the same work, comment or person.
 */
export const communityKeys = {
  all: ['community'] as const,
  feeds: ['community', 'feed'] as const,
  feed: (viewer: string, filter: FeedFilter) => ['community', 'feed', viewer, filter] as const,
  work: (workId: string) => ['community', 'work', workId] as const,
  favorites: (viewer: string) => ['community', 'favorites', viewer] as const,
  user: (userId: string) => ['community', 'user', userId] as const,
  userWorks: (userId: string, list: 'works' | 'likes') =>
    ['community', 'user-works', userId, list] as const,
  people: (userId: string, list: PeopleList) => ['community', 'people', userId, list] as const,
  myWorks: (viewer: string, status: WorkStatus | 'all') =>
    ['community', 'my-works', viewer, status] as const,
  comments: (workId: string) => ['community', 'comments', workId] as const,
  replies: (commentId: string) => ['community', 'replies', commentId] as const,
  circles: ['community', 'circles'] as const,
  circle: (circleId: string) => ['community', 'circle', circleId] as const,
  campaigns: (status: CampaignStatus, page: number) =>
    ['community', 'campaigns', status, page] as const,
  entryCampaigns: ['community', 'campaigns', 'entry-open'] as const,
  campaign: (cmpId: string) => ['community', 'campaign', cmpId] as const,
  entries: (cmpId: string, sort: 'new' | 'votes') => ['community', 'entries', cmpId, sort] as const,
  campaignDot: (viewer: string) => ['community', 'campaign-dot', viewer] as const,
};
