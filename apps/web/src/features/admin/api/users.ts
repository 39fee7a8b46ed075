import { adminUserDetailSchema, adminUserSearchResultSchema } from '@lumen/contracts/admin-users';
import type { CreditKind } from '@lumen/contracts/credits';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';

export const adminUsersKeys = {
  all: ['admin-users'] as const,
  search: (q: string) => ['admin-users', 'search', q] as const,
  one: (id: number) => ['admin-users', 'one', id] as const,
};

/** `GET /prod-api/admin/users?q=`: up to 20 accounts, newest first; nothing asked while empty. */
export function useUserSearch(q: string) {
  return useQuery({
    queryKey: adminUsersKeys.search(q),
    queryFn: () =>
      api.get('/prod-api/admin/users', {
        query: { q },
        schema: adminUserSearchResultSchema,
        silent: true,
      }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** `GET /prod-api/admin/users/{id}`: one account's facts, its age answer included. */
export function useAdminUser(id: number) {
  return useQuery({
    queryKey: adminUsersKeys.one(id),
    queryFn: () =>
      api.get(`/prod-api/admin/users/${id}`, { schema: adminUserDetailSchema, silent: true }),
  });
}

/**
 * The actions on one account. Each is sent silently (its dialog shows the server's message)
 * and, once done, the account and any search showing it are read again.
 */
function useUserAction<Body>(userId: number, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      api.post(`/prod-api/admin/users/${userId}/${path}`, body, {
        schema: z.unknown(),
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKeys.all }),
  });
}

export type GrantCreditsBody = {
  amount: number;
  kind: CreditKind;
  reason: string;
  idempotency_key: string;
};

/** `POST /prod-api/admin/users/{id}/credits`: a grant, counted once per idempotency key. */
export const useGrantCredits = (userId: number) =>
  useUserAction<GrantCreditsBody>(userId, 'credits');

/** `POST /prod-api/admin/users/{id}/plan`: a plan grade from now for a number of days. */
export const useGivePlan = (userId: number) =>
  useUserAction<{ grade: number; days: number }>(userId, 'plan');

/** `POST /prod-api/admin/users/{id}/ban`: no more sign-in; the reason is logged. */
export const useBanUser = (userId: number) => useUserAction<{ reason: string }>(userId, 'ban');

/** `POST /prod-api/admin/users/{id}/roles`: on or off the whitelist (no watermark). */
export const useSetWhitelist = (userId: number) =>
  useUserAction<{ whitelist: boolean }>(userId, 'roles');
