import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';

export const oauthProviderSchema = z.object({
  provider: z.enum(['google', 'discord', 'apple', 'facebook']),
  client_id: z.string(),
  authorize_url: z.string(),
  scope: z.string(),
  response_type: z.enum(['code', 'id_token']),
});
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;

const providersAnswerSchema = z.object({ data: z.array(oauthProviderSchema) });

/** `GET /prod-api/user/oauth/providers`: only the providers this server has set up. */
export async function listOAuthProviders(): Promise<OAuthProvider[]> {
  const answer = await api.get('/prod-api/user/oauth/providers', {
    schema: providersAnswerSchema,
    silent: true,
  });
  return answer.data;
}

export function useOAuthProviders() {
  // The server's configuration does not change while the page is open.
  return useQuery({
    queryKey: ['oauth-providers'],
    queryFn: listOAuthProviders,
    staleTime: Infinity,
  });
}
