import {
  characterListSchema,
  characterPaths,
  characterSchema,
  createCharacterResultSchema,
  type Character,
} from '@lumen/contracts/characters';
import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

export const characterKeys = {
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

/**
 * `POST /prod-api/content/characters`. Silent: a refusal names its pictures in `fields`,
 * which the form shows beside each picture.
 */
export function createCharacter(name: string, images: string[]) {
  return api.post(
    characterPaths.list,
    { name, images },
    { schema: createCharacterResultSchema, silent: true },
  );
}

/** `POST /prod-api/content/characters/{id}/retry`: a failed character created again. */
export function retryCharacter(id: number): Promise<Character> {
  return api.post(characterPaths.retry(id), {}, { schema: characterSchema });
}

/** `DELETE /prod-api/content/characters/{id}`. */
export function deleteCharacter(id: number): Promise<null> {
  return api.delete(characterPaths.one(id), { schema: z.null() });
}
