import { z } from 'zod';
import { defineTool } from './define';

/** Spec §5: a character is made from at least 5 reference pictures. */
export const CHARACTER_MIN_IMAGES = 5;
/** The most reference pictures one character takes. */
export const CHARACTER_MAX_IMAGES = 20;
/** Spec §5: no reference picture under 200 px. */
export const CHARACTER_MIN_SIDE_PX = 200;

/** `params.character_id`: one of the user's own characters, ready to use. */
export const characterParamsSchema = z.object({
  character_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/**
 * Character creation: the reference pictures become a face descriptor and an aligned,
 * cleaned reference sheet. Queued by the character workshop's own API (`/prod-api/content/
 * characters`), which checks every picture first, so the gateway does not take it.
 */
export const characterCreate = defineTool({
  id: 'character_create',
  media: 'image',
  available: true,
  ownApi: true,
  inputs: {
    prompt: 'optional',
    images: [CHARACTER_MIN_IMAGES, CHARACTER_MAX_IMAGES],
    imageRules: { minSide: CHARACTER_MIN_SIDE_PX },
  },
  single: true,
  scoresOutputs: false,
  cost: 'character',
  counter: 'character',
  ui: { category: 'create', icon: 'IconUserCircle', order: 40, route: '/studio/characters' },
});

/**
 * Character image: a picture of the prompt with the character's face kept. Its pictures are
 * the character's own references, which the gateway adds from `params.character_id`.
 */
export const characterImage = defineTool({
  id: 'character_image',
  media: 'image',
  available: true,
  inputs: { prompt: 'optional', images: [0, 0] },
  scoresOutputs: true,
  params: characterParamsSchema,
  cost: 'image',
  counter: 'character',
  filedIn: 'character',
  ui: { category: 'create', icon: 'IconUserStar', order: 41, route: '/studio/characters' },
});

/** Character video: the character brought to life in a clip, like image to video. */
export const characterVideo = defineTool({
  id: 'character_video',
  media: 'video',
  available: true,
  inputs: { prompt: 'optional', images: [0, 0] },
  single: true,
  scoresOutputs: true,
  params: characterParamsSchema,
  cost: 'video',
  counter: 'video',
  filedIn: 'character',
  ui: {
    category: 'video',
    icon: 'IconUserScan',
    order: 70,
    route: '/studio/characters',
    videoMode: 'character',
  },
});
