import { z } from 'zod';
import { mediaKeySchema } from './media';
import { CHARACTER_MAX_IMAGES } from './tools/character';

export {
  CHARACTER_MAX_IMAGES,
  CHARACTER_MIN_IMAGES,
  CHARACTER_MIN_SIDE_PX,
} from './tools/character';

/** The longest character name. */
export const CHARACTER_NAME_MAX = 40;

/** Spec §4: a character is being created, is ready to use, or failed and may be retried. */
export const characterStatuses = ['generating', 'ready', 'failed'] as const;
export type CharacterStatus = (typeof characterStatuses)[number];

export const characterPaths = {
  list: '/prod-api/content/characters',
  one: (id: number) => `/prod-api/content/characters/${id}`,
  retry: (id: number) => `/prod-api/content/characters/${id}/retry`,
} as const;

/**
 * `POST /prod-api/content/characters`: a name and the uploaded reference pictures (at least
 * five, checked by the server one by one so each refusal can name its picture).
 */
export const createCharacterBodySchema = z.object({
  name: z.string().trim().max(CHARACTER_NAME_MAX),
  images: z.array(mediaKeySchema).max(CHARACTER_MAX_IMAGES),
});
export type CreateCharacterBody = z.infer<typeof createCharacterBodySchema>;

export const characterParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

const pictureSchema = z.object({ key: z.string(), url: z.string(), thumb_url: z.string() });

export const characterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(characterStatuses),
  /** The queued run that creates the character (its progress is the gateway's results). */
  task_id: z.string(),
  progress: z.number().int(),
  /** The reference pictures that are still stored, in the order they were given. */
  images: z.array(pictureSchema),
  /** The aligned, cleaned reference sheet once ready. */
  sheet: pictureSchema.nullable(),
  /** Why creation failed, translated; null unless failed. */
  error: z.string().nullable(),
  /** The role-library folder (algorithm 4) the character's works are filed in once ready. */
  folder_id: z.number().int().nullable(),
  created_time: z.string(),
});
export type Character = z.infer<typeof characterSchema>;

export const characterListSchema = z.object({ data: z.array(characterSchema) });

export const createCharacterResultSchema = z.object({
  id: z.number().int(),
  status: z.enum(characterStatuses),
  task_id: z.string(),
});
