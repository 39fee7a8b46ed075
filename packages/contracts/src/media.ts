import { z } from 'zod';

/** What a stored media object holds. */
export const mediaKinds = ['image', 'video', 'audio', 'model'] as const;
export type MediaKind = (typeof mediaKinds)[number];

const MB = 1024 * 1024;

/** Content type of each file type (spec §3); webp is what thumbnails are made of. */
export const mediaContentTypes = {
  mp4: 'video/mp4',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  glb: 'model/gltf-binary',
} as const;

/**
 * What users may upload (spec §5, §9): png/jpg images up to 20 MB (tools that use an image may
 * demand less, checked when a task uses it), mp4 video up to 100 MB, mp3 audio up to 20 MB.
 */
export const uploadTypes = {
  'image/png': { kind: 'image', ext: 'png', maxBytes: 20 * MB },
  'image/jpeg': { kind: 'image', ext: 'jpg', maxBytes: 20 * MB },
  'video/mp4': { kind: 'video', ext: 'mp4', maxBytes: 100 * MB },
  'audio/mpeg': { kind: 'audio', ext: 'mp3', maxBytes: 20 * MB },
  'audio/wav': { kind: 'audio', ext: 'wav', maxBytes: 20 * MB },
} as const satisfies Record<string, { kind: MediaKind; ext: string; maxBytes: number }>;
export type UploadContentType = keyof typeof uploadTypes;

/** Image rules of most tools (spec §5, §9): 5 MB, sides ≥ 300 px, aspect 1:2.5 to 2.5:1. */
export const TASK_IMAGE_MAX_BYTES = 5 * MB;
export const IMAGE_MIN_SIDE_PX = 300;
export const IMAGE_MIN_RATIO = 0.4;
export const IMAGE_MAX_RATIO = 2.5;
/**
 * The most pixels (width × height) an image may have wherever it enters: uploads, avatars,
 * feedback screenshots, task inputs. Decoding stops at this many, so a small file that
 * declares huge sides (a decompression bomb) cannot take the server's memory.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** Thumbnail widths (spec §9): images 512 px, videos 768 px. */
export const IMAGE_THUMB_WIDTH = 512;
export const VIDEO_THUMB_WIDTH = 768;

export const mediaKeySchema = z.string().trim().min(1).max(300);

export const createUploadBodySchema = z.object({
  filename: z.string().trim().min(1).max(255),
  /** Checked by the server so that a refused type gets the spec's message, not a schema error. */
  content_type: z.string().trim().toLowerCase().max(100),
  size: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export type CreateUploadBody = z.infer<typeof createUploadBodySchema>;

/**
 * A name a vivago client gives its upload (`j_<uuid>`, an extension allowed): one path
 * segment, so it can never reach outside the user's own uploads.
 */
export const uploadNamePattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}(\.[A-Za-z0-9]{1,5})?$/;

/** `GET /prod-api/user/google_key/{bucket}`: vivago's upload step. */
export const namedUploadQuerySchema = z.object({
  filename: z.string().trim().regex(uploadNamePattern, 'letters, digits, _ and -, up to 100'),
  content_type: z.string().trim().toLowerCase().min(1).max(100),
});

export const uploadTicketSchema = z.object({
  key: z.string(),
  /** PUT the bytes here with the same `content-type` header (spec §7). */
  upload_url: z.string(),
  expires_in: z.number().int(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

export const completeUploadBodySchema = z.object({ key: mediaKeySchema });

export const uploadedMediaSchema = z.object({
  key: z.string(),
  mime: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A clip's length in seconds (null for pictures and sound). */
  duration: z.number().nullable().optional(),
  size: z.number().int(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

/** `GET /api/gw/v2/downloads/media` (spec §7): `type`, `key` and the client's `wm` flag. */
export const downloadQuerySchema = z.object({
  type: z.enum(mediaKinds),
  key: mediaKeySchema,
  /** Sent by the product's clients; the server's watermark rule decides (spec §6). */
  wm: z.enum(['0', '1', 'true', 'false']).optional(),
});
export type DownloadQuery = z.infer<typeof downloadQuerySchema>;

export const downloadResultSchema = z.object({ url: z.string() });
