import { z } from 'zod';
import { mediaKeySchema, mediaKinds } from './media';

/**
 * Folder algorithm codes (spec §3): image 1, video 2, 3d 3, character and role 4, portrait and
 * effect 5.
 */
export const algoTypes = {
  image: 1,
  video: 2,
  '3d': 3,
  character: 4,
  role: 4,
  portrait: 5,
  effect: 5,
} as const;
export type AlgoType = (typeof algoTypes)[keyof typeof algoTypes];

/** Covers shown per folder; the list is padded with empty strings to this length (spec §9). */
export const FOLDER_COVER_COUNT = 5;
export const FOLDER_NAME_MAX = 40;

const algoTypeSchema = z.number().int().min(1).max(5);
const folderName = z.string().trim().max(FOLDER_NAME_MAX);

export const folderListQuerySchema = z.object({
  algo_type: z.coerce.number().int().min(1).max(5).optional(),
  /** Sent by the product's client; folders have a single state, so every value lists them all. */
  status: z.coerce.number().int().min(-1).max(9).optional(),
});
export type FolderListQuery = z.infer<typeof folderListQuerySchema>;

export const folderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  algo_type: z.number().int(),
  created_time: z.string(),
  /** Thumbnail URLs of the newest items, padded with '' to five. */
  cover_list: z.array(z.string()),
});
export type Folder = z.infer<typeof folderSchema>;

export const folderListResultSchema = z.object({ data: z.array(folderSchema) });

export const createFolderBodySchema = z.object({ name: folderName, algo_type: algoTypeSchema });
export type CreateFolderBody = z.infer<typeof createFolderBodySchema>;

export const renameFolderBodySchema = z.object({ name: folderName });

export const folderParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const folderItemsBodySchema = z.object({
  keys: z.array(mediaKeySchema).min(1).max(100),
});

export const folderItemsQuerySchema = z.object({
  page_num: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
});

export const folderItemSchema = z.object({
  key: z.string(),
  kind: z.enum(mediaKinds),
  mime: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  task_id: z.string().nullable(),
  thumb_url: z.string(),
  added_time: z.string(),
});
export type FolderItem = z.infer<typeof folderItemSchema>;

export const folderItemsResultSchema = z.object({
  data: z.array(folderItemSchema),
  total_count: z.number().int(),
});

export const movedItemsResultSchema = z.object({ count: z.number().int() });
