import { characterListSchema, characterPaths, type Character } from '@lumen/contracts/characters';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

export const characterKeys = {
  all: ['characters'] as const,
  list: (userId: string) => ['characters', userId] as const,
};

/** `GET /prod-api/content/characters`: my characters, newest first. */
export function listCharacters(): Promise<Character[]> {
  return api.get(characterPaths.list, { schema: characterListSchema }).then((r) => r.data);
}

/** The list, refreshed every two seconds while a character is being created. */
export function useCharacters() {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: characterKeys.list(userId),
    queryFn: listCharacters,
    enabled: userId !== '',
    refetchInterval: (query) =>
      query.state.data?.some((c) => c.status === 'generating') ? 2000 : false,
  });
}
