import { invitationsResultSchema, type Invitations } from '@lumen/contracts/trade';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

/** `GET /prod-api/user/fission/invitations`: the user's invite link, points and invitees. */
export function listInvitations(): Promise<Invitations> {
  return api.get('/prod-api/user/fission/invitations', { schema: invitationsResultSchema });
}

export function useInvitations() {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: ['invitations', userId] as const,
    queryFn: listInvitations,
    enabled: userId !== '',
  });
}
