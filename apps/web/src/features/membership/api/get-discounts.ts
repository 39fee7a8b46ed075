import { inviteInfoSchema, operationDiscountSchema } from '@lumen/contracts/trade';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { readStoredValue, sessionStorageKeys } from '../../../shared/session/access';

/** `GET /prod-api/operation/discount`: a site-wide percent off (spec §9: 100 − 100 × ratio). */
export function useOperationDiscount() {
  return useQuery({
    queryKey: ['operation-discount'] as const,
    queryFn: () =>
      api.get('/prod-api/operation/discount', { schema: operationDiscountSchema, silent: true }),
    select: (result) => result.discount,
    staleTime: 5 * 60_000,
  });
}

/**
 * The invite discount of the code this browser arrived with (spec §3 session "invite discount"):
 * `GET /prod-api/user/fission/invite/{id}`. None without a stored code.
 */
export function useInviteDiscount() {
  const code = readStoredValue(sessionStorageKeys.invitationCode)?.trim() ?? '';
  return useQuery({
    queryKey: ['invite-info', code] as const,
    queryFn: () =>
      api.get(`/prod-api/user/fission/invite/${encodeURIComponent(code)}`, {
        schema: inviteInfoSchema,
        silent: true,
      }),
    select: (result) => result.discount,
    enabled: code !== '' && code !== 'ph',
    staleTime: 5 * 60_000,
    retry: false,
  });
}
