import { characterPaths, createCharacterResultSchema } from '@lumen/contracts/characters';
import { api } from '../../../shared/api/client';

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
