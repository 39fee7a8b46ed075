import { ErrorCode } from '@lumen/contracts/error-codes';
import { IMAGE_MAX_PIXELS, type MediaKind } from '@lumen/contracts/media';
import { AppError } from '../../lib/app-error';
import { WHITELIST_ROLE } from '../auth/roles';

/**
 * Spec §6: a download keeps the watermark (the `_wm` key) only when payment mode is on, the
 * user is on the free grade and is not whitelisted.
 */
export function mustWatermark(user: {
  grade: number;
  isPayment: boolean;
  roles: readonly string[];
}): boolean {
  return user.isPayment && user.grade === 0 && !user.roles.includes(WHITELIST_ROLE);
}

const mp4Brands = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
  'MSNV',
  'f4v ',
]);

/** How many leading bytes `sniffMime` needs. */
export const SNIFF_BYTES = 256;

/**
 * The real type of a file from its first bytes, whatever its name says: png, jpeg, gif and
 * webp (so a refused image can be named), mp4 (an `ftyp` box of an MP4 brand; HEIC and
 * QuickTime also open with `ftyp` and are not MP4), mp3 (an ID3 tag or an MPEG layer III
 * frame header), WAV (a RIFF file of WAVE form).
 */
export function sniffMime(head: Buffer): string | undefined {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(4, 8) === 'ftyp' && head.length >= 12) {
    const boxEnd = Math.min(head.readUInt32BE(0), head.length);
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(at, at + 4));
    return brands.some((brand) => mp4Brands.has(brand)) ? 'video/mp4' : undefined;
  }
  if (ascii(0, 3) === 'ID3') return 'audio/mpeg';
  const [b0 = 0, b1 = 0, b2 = 0] = head;
  const frameSync = b0 === 0xff && (b1 & 0xe0) === 0xe0;
  const version = (b1 >> 3) & 0x3;
  const layer = (b1 >> 1) & 0x3;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0x3;
  if (frameSync && version !== 1 && layer === 1 && bitrate !== 0xf && sampleRate !== 3) {
    return 'audio/mpeg';
  }
  return undefined;
}

const svgOpening = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/;
/** What an SVG must not hold to be served as a picture: script, embedded documents, links out. */
const svgActive =
  /<script|<foreignObject|<iframe|<embed|<object|\son[a-z]+\s*=|javascript:|(?:xlink:)?href\s*=\s*["'](?!#)/i;

/**
 * Whether bytes are an SVG picture and nothing more: an `<svg>` document with no script,
 * event handler, embedded document or reference outside itself. Engines' vector outputs are
 * checked with this before they are stored, since an SVG is a document a browser runs.
 */
export function isPlainSvg(bytes: Buffer): boolean {
  const text = bytes.toString('utf8');
  return svgOpening.test(text.slice(0, 4096)) && !svgActive.test(text) && /<\/svg>\s*$/.test(text);
}

/** The kind a real type belongs to, when it is one we store. */
export function kindOfMime(mime: string): MediaKind | undefined {
  const kind = mime.split('/')[0];
  if (mime === 'model/gltf-binary') return 'model';
  return kind === 'image' || kind === 'video' || kind === 'audio' ? kind : undefined;
}

/** `5 MB`, `20 MB`, `1.5 MB`: sizes the way the messages state them. */
export function formatSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

function ratioText(ratio: number): string {
  const round = (n: number) => String(Math.round(n * 100) / 100);
  return ratio < 1 ? `1:${round(1 / ratio)}` : `${round(ratio)}:1`;
}

/** "Invalid image format (png/jpg only)" for images, "Format not supported" for the rest. */
export function invalidFormat(kind: string): AppError {
  return new AppError(
    ErrorCode.invalidParams,
    kind === 'image' ? 'media.invalidImageFormat' : 'media.formatNotSupported',
  );
}

/** "Image over 5 MB" for images, "File over size limit {n}" for the rest. */
export function tooLarge(kind: MediaKind, maxBytes: number): AppError {
  return new AppError(
    ErrorCode.invalidParams,
    kind === 'image' ? 'media.imageTooLarge' : 'media.fileTooLarge',
    { size: formatSize(maxBytes) },
  );
}

/** "…at most 50 megapixels", naming the field that brought the image. */
export function tooManyPixels(field: string): AppError {
  const mp = IMAGE_MAX_PIXELS / 1_000_000;
  return new AppError(ErrorCode.invalidParams, 'media.imageTooManyPixels', { mp }, [
    { field, message: `at most ${mp} megapixels (width × height)` },
  ]);
}

/** What a tool demands of an input file (spec §5); the generation module picks per task type. */
export type TaskInputRules = {
  kind: 'image' | 'video' | 'audio';
  maxBytes: number;
  /** Least width and height, px (most tools: 300). */
  minSide?: number;
  /** Least width ÷ height (most tools: 0.4, i.e. 1:2.5). */
  minRatio?: number;
  /** Most width ÷ height (most tools: 2.5). */
  maxRatio?: number;
  /** Most width or height, px (3D input: under 4K). */
  maxSide?: number;
  /** Clips: the longest taken, seconds. */
  maxDurationS?: number;
  /** Clips: the shape they must have (`16:9`, `1:1`), within 3 %. */
  shape?: '16:9' | '1:1';
};

export type InspectedMedia = {
  kind: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  duration?: number | null | undefined;
};

/** How far a clip's shape may be from the one a tool asks for (a 1080×1920 phone clip is 9:16). */
const SHAPE_TOLERANCE = 0.03;

/** Spec §5's clip rules of a tool: its length, its size and its shape. */
function assertClipMeetsRules(media: InspectedMedia, rules: TaskInputRules): void {
  const width = media.width ?? 0;
  const height = media.height ?? 0;
  const seconds = media.duration ?? 0;
  // Half a frame over the limit is still the length the user chose.
  if (rules.maxDurationS !== undefined && seconds > rules.maxDurationS + 0.05) {
    throw new AppError(ErrorCode.invalidParams, 'media.videoTooLong', {
      seconds: rules.maxDurationS,
    });
  }
  if (rules.maxSide !== undefined && Math.max(width, height) > rules.maxSide) {
    throw new AppError(ErrorCode.invalidParams, 'media.videoTooBig', { px: rules.maxSide + 1 });
  }
  if (rules.shape) {
    const [w, h] = rules.shape.split(':').map(Number) as [number, number];
    const drift = width / Math.max(1, height) / (w / h);
    if (Math.abs(drift - 1) > SHAPE_TOLERANCE) {
      throw new AppError(ErrorCode.invalidParams, 'media.videoShape', { shape: rules.shape });
    }
  }
}

const imageMimes = new Set(['image/png', 'image/jpeg']);

/** Throws the message a user should see when a file does not suit a tool. */
export function assertMeetsRules(media: InspectedMedia, rules: TaskInputRules): void {
  const kindFits =
    media.kind === rules.kind && (rules.kind !== 'image' || imageMimes.has(media.mime));
  if (!kindFits) throw invalidFormat(rules.kind);
  if (media.size > rules.maxBytes) throw tooLarge(rules.kind, rules.maxBytes);
  if (rules.kind === 'video') return assertClipMeetsRules(media, rules);
  if (rules.kind !== 'image') return;
  const width = media.width ?? 0;
  const height = media.height ?? 0;
  // Uploads inspected before the limit existed may still be over it.
  if (width * height > IMAGE_MAX_PIXELS) throw tooManyPixels('images');
  if (rules.minSide !== undefined && Math.min(width, height) < rules.minSide) {
    throw new AppError(ErrorCode.invalidParams, 'media.imageTooSmall', { px: rules.minSide });
  }
  if (rules.maxSide !== undefined && Math.max(width, height) > rules.maxSide) {
    throw new AppError(ErrorCode.invalidParams, 'media.imageTooBig', { px: rules.maxSide });
  }
  const ratio = width / Math.max(1, height);
  const minRatio = rules.minRatio ?? 0;
  const maxRatio = rules.maxRatio ?? Number.POSITIVE_INFINITY;
  if (ratio < minRatio || ratio > maxRatio) {
    throw new AppError(ErrorCode.invalidParams, 'media.imageRatio', {
      min: ratioText(rules.minRatio ?? 0.01),
      max: ratioText(rules.maxRatio ?? 100),
    });
  }
}
