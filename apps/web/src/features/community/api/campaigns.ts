import {
  campaignDotSchema,
  campaignEntryPageSchema,
  campaignPageSchema,
  campaignSchema,
  enterCampaignResultSchema,
  type CampaignStatus,
} from '@lumen/contracts/community';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { FEED_PAGE_SIZE } from './feeds';
import { communityKeys } from './query-keys';

export const CAMPAIGNS_PAGE_SIZE = 10;
const enc = encodeURIComponent;

/** `GET /prod-api/content/campaign?status=&page=&page_size=` (spec §7, `result.total_count`). */
export function useCampaigns(status: CampaignStatus, page: number) {
  return useQuery({
    queryKey: communityKeys.campaigns(status, page),
    queryFn: () =>
      api.get('/prod-api/content/campaign', {
        query: { status, page, page_size: CAMPAIGNS_PAGE_SIZE },
        schema: campaignPageSchema,
      }),
    placeholderData: (previous) => previous,
  });
}

/** Campaigns open for entries: the publish dialog's campaign choices. */
export function useOpenCampaigns(enabled: boolean) {
  return useQuery({
    queryKey: communityKeys.entryCampaigns,
    queryFn: () =>
      api.get('/prod-api/content/campaign', {
        query: { status: 'entry', page: 1, page_size: 100 },
        schema: campaignPageSchema,
      }),
    select: (answer) => answer.list,
    enabled,
  });
}

/** `GET /prod-api/content/campaign/{cmp_id}` */
export function useCampaign(cmpId: string) {
  return useQuery({
    queryKey: communityKeys.campaign(cmpId),
    queryFn: () =>
      api.get(`/prod-api/content/campaign/${enc(cmpId)}`, { schema: campaignSchema, silent: true }),
    enabled: cmpId !== '',
  });
}

/** `GET /prod-api/content/campaign/{cmp_id}/entries?sort=new|votes` */
export function useCampaignEntries(cmpId: string, sort: 'new' | 'votes') {
  const viewer = useSession((s) => s.user?.userId ?? '');
  return useInfiniteQuery({
    queryKey: [...communityKeys.entries(cmpId, sort), viewer],
    queryFn: ({ pageParam }) =>
      api.get(`/prod-api/content/campaign/${enc(cmpId)}/entries`, {
        query: { sort, cursor: pageParam, limit: FEED_PAGE_SIZE },
        schema: campaignEntryPageSchema,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** `POST /prod-api/content/campaign/{cmp_id}/entries { work_id }`: an own approved work. */
export function useEnterCampaign(cmpId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workId: string) =>
      api.post(
        `/prod-api/content/campaign/${enc(cmpId)}/entries`,
        { work_id: workId },
        { schema: enterCampaignResultSchema },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.campaign(cmpId) });
      void queryClient.invalidateQueries({ queryKey: ['community', 'entries', cmpId] });
      void queryClient.invalidateQueries({ queryKey: ['community', 'my-works'] });
    },
  });
}

/** Campaign dot (spec §4): shown while the campaign total exceeds the count last seen. */
export function useCampaignDot() {
  const viewer = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: communityKeys.campaignDot(viewer),
    queryFn: () =>
      api.get('/prod-api/content/campaign/dot', { schema: campaignDotSchema, silent: true }),
    enabled: viewer !== '',
    staleTime: 60_000,
    select: (dot) => dot.total > dot.last_seen,
  });
}

/** `POST /prod-api/content/campaign/dot/seen`: opening the campaigns page clears the dot. */
export function useMarkCampaignsSeen() {
  const queryClient = useQueryClient();
  const viewer = useSession((s) => s.user?.userId ?? '');
  return useMutation({
    mutationFn: () => api.post('/prod-api/content/campaign/dot/seen', {}, { silent: true }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: communityKeys.campaignDot(viewer) }),
  });
}
