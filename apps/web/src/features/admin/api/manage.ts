import {
  broadcastResultSchema,
  campaignPageSchema,
  campaignSchema,
  type AdminCampaignStatus,
  circleSchema,
  type CreateCampaignBody,
  type UpdateCampaignBody,
} from '@lumen/contracts/community';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiRequest } from '../../../shared/api/client';
import { communityKeys } from '../../community/api/query-keys';
import { notificationKeys } from '../../notifications/api/notification-keys';

const enc = encodeURIComponent;

/** Circle fields the admin edits; `cover` is a media key or an absolute URL. */
export interface CircleInput {
  name: string;
  description: string;
  cover: string;
}

/**
 * Admin writes answer their own errors in the form (the envelope's translated message), so they
 * are sent silently: no second toast.
 */
function send<T>(
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  schema: { parse: (v: unknown) => T },
  body?: unknown,
) {
  return apiRequest<T>(path, {
    method,
    ...(body === undefined ? {} : { body }),
    schema,
    silent: true,
  });
}

/** `POST /prod-api/admin/circles` or `PATCH /prod-api/admin/circles/{id}`. */
export function useSaveCircle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ circleId, input }: { circleId: string | null; input: Partial<CircleInput> }) =>
      circleId === null
        ? send('POST', '/prod-api/admin/circles', circleSchema, input)
        : send('PATCH', `/prod-api/admin/circles/${enc(circleId)}`, circleSchema, input),
    onSuccess: (circle) => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.circles });
      void queryClient.invalidateQueries({ queryKey: communityKeys.circle(circle.circle_id) });
    },
  });
}

/** `DELETE /prod-api/admin/circles/{id}`: its works stay, without the circle. */
export function useDeleteCircle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (circleId: string) =>
      send(
        'DELETE',
        `/prod-api/admin/circles/${enc(circleId)}`,
        z.object({ circle_id: z.string() }),
      ),
    onSuccess: ({ circle_id }) => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.circles });
      queryClient.removeQueries({ queryKey: communityKeys.circle(circle_id) });
      // Works drop the deleted circle from their `circle_ids`.
      void queryClient.invalidateQueries({ queryKey: communityKeys.feeds });
    },
  });
}

/** `GET /prod-api/admin/campaigns`: every campaign by status, including those not open yet. */
export function useAdminCampaigns(status: AdminCampaignStatus, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['community', 'campaigns', 'admin', status, page],
    queryFn: () =>
      api.get('/prod-api/admin/campaigns', {
        query: { status, page, page_size: pageSize },
        schema: campaignPageSchema,
      }),
    placeholderData: (previous) => previous,
  });
}

function invalidateCampaigns(queryClient: ReturnType<typeof useQueryClient>, cmpId: string) {
  void queryClient.invalidateQueries({ queryKey: ['community', 'campaigns'] });
  void queryClient.invalidateQueries({ queryKey: communityKeys.campaign(cmpId) });
  void queryClient.invalidateQueries({ queryKey: ['community', 'campaign-dot'] });
}

/** `POST /prod-api/admin/campaigns` or `PATCH /prod-api/admin/campaigns/{id}`. */
export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      cmpId,
      body,
    }: { cmpId: null; body: CreateCampaignBody } | { cmpId: string; body: UpdateCampaignBody }) =>
      cmpId === null
        ? send('POST', '/prod-api/admin/campaigns', campaignSchema, body)
        : send('PATCH', `/prod-api/admin/campaigns/${enc(cmpId)}`, campaignSchema, body),
    onSuccess: (campaign) => invalidateCampaigns(queryClient, campaign.cmp_id),
  });
}

/** `POST /prod-api/admin/campaigns/{id}/results { ranking }`: the judges' order, best first. */
export function useSetCampaignResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cmpId, ranking }: { cmpId: string; ranking: string[] }) =>
      send('POST', `/prod-api/admin/campaigns/${enc(cmpId)}/results`, campaignSchema, {
        ranking,
      }),
    onSuccess: (campaign) => {
      invalidateCampaigns(queryClient, campaign.cmp_id);
      void queryClient.invalidateQueries({ queryKey: ['community', 'entries', campaign.cmp_id] });
    },
  });
}

export interface BroadcastInput {
  title: string;
  content: string;
  link: string;
}

/** `POST /prod-api/admin/notifications`: an official message to every active user. */
export function useBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BroadcastInput) =>
      send('POST', '/prod-api/admin/notifications', broadcastResultSchema, {
        notifyType: 'official',
        ...input,
      }),
    // The admin is one of the recipients.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
