import { characterPaths } from '@lumen/contracts/characters';
import { z } from 'zod';
import { api } from '../../../shared/api/client';

/** `DELETE /prod-api/content/characters/{id}`. */
export function deleteCharacter(id: number): Promise<null> {
  return api.delete(characterPaths.one(id), { schema: z.null() });
}
