import { z } from 'zod';

/**
 * `POST /prod-api/content/face-check`: one of the user's pictures or clips (uploaded, or a
 * result), by media key; the server tells them apart by what the key holds.
 */
export const faceCheckRequestSchema = z.object({
  key: z.string().trim().min(1).max(512),
});
export type FaceCheckRequest = z.infer<typeof faceCheckRequestSchema>;

/**
 * The portrait check of spec §5 before a lip sync is submitted: how many faces the picture
 * shows (for a clip, what most of its stills show), whether that is the one clear face the tool needs, and if not, the gateway's own
 * message in the caller's language (the refusal a submission would get).
 */
export const faceCheckResultSchema = z.object({
  faces: z.number().int().min(0),
  portrait: z.boolean(),
  message: z.string().nullable(),
});
export type FaceCheckResult = z.infer<typeof faceCheckResultSchema>;
