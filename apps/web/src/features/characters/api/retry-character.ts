import { characterPaths, characterSchema, type Character } from '@lumen/contracts/characters';
import { api } from '../../../shared/api/client';

/** `POST /prod-api/content/characters/{id}/retry`: a failed character created again. */
export function retryCharacter(id: number): Promise<Character> {
  return api.post(characterPaths.retry(id), {}, { schema: characterSchema });
}
