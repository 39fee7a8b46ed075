import { inviteInfoSchema, type InviteInfo } from '@lumen/contracts/trade';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** `GET /prod-api/user/fission/invite/{id}` (spec §7): who invited, and the discount. Public. */
export function getInviteInfo(code: string): Promise<InviteInfo> {
  return api.get(`/prod-api/user/fission/invite/${encodeURIComponent(code)}`, {
    schema: inviteInfoSchema,
    silent: true,
  });
}

export function useInviteInfo(code: string) {
  return useQuery({
    queryKey: ['invite-info', code] as const,
    queryFn: () => getInviteInfo(code),
    enabled: code !== '',
    retry: false,
  });
}
