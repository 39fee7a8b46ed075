import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@lumen/contracts/error-codes';
import {
  uploadNamePattern,
  uploadTypes,
  type CreateUploadBody,
  type MediaKind,
  type UploadContentType,
  type UploadedMedia,
  type UploadTicket,
} from '@lumen/contracts/media';
import type { ObjectStore } from '../../adapters/storage/object-store';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { en, type MessageKey } from '../../lib/i18n/en';
import { isSoundWav } from './media-audio';
import { decodeImage, type ImageMeta } from './media-images';
import { createMediaLibrary } from './media-library';
import type { OutputImages } from './image-threads';
import { createOutputStore, outputFolder } from './media-outputs';
import { createUploadSweep, type OwnedKey } from './media-retention';
import {
  assertMeetsRules,
  invalidFormat,
  mustWatermark,
  sniffMime,
  SNIFF_BYTES,
  tooLarge,
  tooManyPixels,
  type TaskInputRules,
} from './media-rules';
import type { MediaRepository } from './media.repository';
import type { MediaObjectRow, Rejection } from './media.schema';

/** An input file that passed a tool's rules, for the generation module. */
export type TaskInput = UploadedMedia & { taskId: string | null; bytes(): Promise<Buffer> };

export type MediaServiceDeps = {
  repository: MediaRepository;
  /** Reads an uploaded clip's size and length; uploads of video are only checked for type without it. */
  probeVideo?: (
    bytes: Buffer,
  ) => Promise<{ width: number; height: number; durationS: number } | undefined>;
  store: ObjectStore;
  clock: Clock;
  /**
   * Which of these uploads some task of their owner takes as input (the generation module's),
   * so that the upload sweep keeps them.
   */
  inputKeysInUse: (candidates: OwnedKey[]) => Promise<Set<string>>;
  /** The user's plan grade (the billing module's), for the watermark rule. */
  getGrade: (userId: number) => Promise<number>;
  /** Spec §9 "payment mode": when off, nothing is watermarked. */
  paymentMode: boolean;
  uploadExpiresS?: number;
  downloadExpiresS?: number;
  watermarkText?: string;
  /** Where outputs' header reads and thumbnails run (see createImageThread). */
  outputImages?: OutputImages;
  /** Scores an uploaded picture 0–1 for adult content; at or above the threshold it is refused. */
  scoreNsfw?: (image: Buffer) => Promise<number>;
  nsfwThreshold?: number;
};

const imageFormats: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg' };
const acceptedExtensions: Record<UploadContentType, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'video/mp4': ['mp4'],
  'audio/mpeg': ['mp3'],
  'audio/wav': ['wav'],
};

function isUploadType(type: string): type is UploadContentType {
  return Object.hasOwn(uploadTypes, type);
}

/** A file name without its extension. */
function baseNameOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(0, dot) : filename;
}

function extensionOf(filename: string): string | undefined {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : undefined;
}

function uploadedOf(row: MediaObjectRow): UploadedMedia {
  return {
    key: row.key,
    mime: row.mime ?? row.declaredType ?? 'application/octet-stream',
    width: row.width,
    height: row.height,
    ...(row.kind === 'video' ? { duration: row.durationS } : {}),
    size: row.size ?? 0,
  };
}

function rejectionError(rejection: Rejection | null): AppError {
  const key = rejection && Object.hasOwn(en, rejection.key) ? rejection.key : 'media.uploadMissing';
  return new AppError(
    ErrorCode.invalidParams,
    key as MessageKey,
    rejection?.params ?? {},
    rejection?.fields,
  );
}

/** Uploads, their inspection, task inputs, outputs and watermark-aware downloads (decision 5). */
export function createMediaService(deps: MediaServiceDeps) {
  const { repository, store, clock } = deps;
  const uploadExpiresS = deps.uploadExpiresS ?? 900;
  const downloadExpiresS = deps.downloadExpiresS ?? 300;
  const outputs = createOutputStore({
    repository,
    store,
    clock,
    ...(deps.watermarkText ? { watermarkText: deps.watermarkText } : {}),
    ...(deps.outputImages ? { images: deps.outputImages } : {}),
  });

  async function reject(row: MediaObjectRow, error: AppError): Promise<never> {
    await repository.markRejected(
      row.id,
      {
        key: error.messageKey,
        params: error.params,
        ...(error.fields ? { fields: error.fields } : {}),
      },
      clock.now(),
    );
    await store.delete(row.key);
    throw error;
  }

  /** Reads the real type from the bytes; marks the upload ready or rejected. */
  async function inspect(row: MediaObjectRow): Promise<MediaObjectRow> {
    const declared = row.declaredType ?? '';
    if (!isUploadType(declared)) return reject(row, invalidFormat(row.kind));
    const { kind, maxBytes } = uploadTypes[declared];
    const head = await store.head(row.key);
    if (!head) throw new AppError(ErrorCode.invalidParams, 'media.uploadMissing');
    if (head.size > maxBytes) return reject(row, tooLarge(kind, maxBytes));
    // The upload URL takes no more than the declared size; a store that cannot enforce that
    // (an S3 presigned PUT) is held to it here.
    if (row.declaredSize !== null && head.size > row.declaredSize) {
      return reject(row, new AppError(ErrorCode.invalidParams, 'media.uploadMissing'));
    }
    const first = (await store.getRange(row.key, 0, SNIFF_BYTES - 1)) ?? Buffer.alloc(0);
    if (sniffMime(first) !== declared) return reject(row, invalidFormat(kind));
    let width: number | null = null;
    let height: number | null = null;
    let durationS: number | null = null;
    if (kind === 'video' && deps.probeVideo) {
      const bytes = (await store.get(row.key))?.bytes;
      if (!bytes) throw new AppError(ErrorCode.invalidParams, 'media.uploadMissing');
      // A clip no tool could read (no video stream, a broken file) is refused on arrival.
      const facts = await deps.probeVideo(bytes);
      if (!facts || facts.durationS <= 0) return reject(row, invalidFormat(kind));
      ({ width, height, durationS } = facts);
    }
    if (declared === 'audio/wav') {
      const bytes = (await store.get(row.key))?.bytes;
      if (!bytes) throw new AppError(ErrorCode.invalidParams, 'media.uploadMissing');
      if (!isSoundWav(bytes)) return reject(row, invalidFormat(kind));
    }
    if (kind === 'image') {
      const bytes = (await store.get(row.key))?.bytes;
      if (!bytes) throw new AppError(ErrorCode.invalidParams, 'media.uploadMissing');
      // Decoded for real before it is scored or used: a file cut short or a decompression
      // bomb is refused here, not failed on later by whatever reads it.
      const decoded = await decodeImage(bytes);
      if (!decoded.ok && decoded.reason === 'tooManyPixels') {
        return reject(row, tooManyPixels('key'));
      }
      if (!decoded.ok || imageFormats[decoded.meta.format] !== declared) {
        return reject(row, invalidFormat(kind));
      }
      ({ width, height } = decoded.meta);
      if (deps.scoreNsfw && (await deps.scoreNsfw(bytes)) >= (deps.nsfwThreshold ?? 0.85)) {
        return reject(row, new AppError(ErrorCode.invalidParams, 'errors.sensitiveImage'));
      }
    }
    return repository.markReady(
      row.id,
      { mime: declared, size: head.size, width, height, durationS },
      clock.now(),
    );
  }

  /**
   * Makes an output's watermarked twin if it was never made. Its owner may delete the output
   * meanwhile: a deletion removes the row, then the files, so a twin written after the row
   * went would be left behind. It is removed here, and the output is not found.
   */
  async function ensureTwinOf(row: MediaObjectRow): Promise<void> {
    const made = await outputs.ensureTwin(row);
    if (made && row.wmKey && !(await repository.findOwned(row.userId, row.key))) {
      await store.delete(row.wmKey);
      throw new AppError(ErrorCode.notFound, 'media.notFound');
    }
  }

  /** Records a pending upload and answers the URL its bytes are PUT to. */
  async function openUpload(userId: number, key: string, type: string, size: number) {
    const now = clock.now();
    await repository.insert({
      userId,
      key,
      kind: uploadTypes[type as keyof typeof uploadTypes].kind,
      origin: 'upload',
      status: 'pending',
      declaredType: type,
      declaredSize: size,
      createdAt: now,
      updatedAt: now,
    });
    // The PUT may carry no more than was declared (and checked against the limit).
    return store.presignPut(key, type, size, uploadExpiresS);
  }

  /**
   * A name a vivago client gave its upload (`j_<uuid>`, see createNamedUpload) stands for
   * that user's stored key; anything else is a key as it is. Other users' names mean nothing.
   */
  async function resolveUploadName(userId: number, key: string): Promise<string> {
    if (!uploadNamePattern.test(key)) return key;
    const base = baseNameOf(key);
    for (const ext of new Set(Object.values(uploadTypes).map((t) => t.ext))) {
      const candidate = `uploads/${userId}/${base}.${ext}`;
      if (await repository.findOwned(userId, candidate)) return candidate;
    }
    return key;
  }

  async function readyOwned(userId: number, key: string): Promise<MediaObjectRow | undefined> {
    const row = await repository.findOwned(userId, await resolveUploadName(userId, key));
    if (row?.status === 'pending' && row.origin === 'upload') return inspect(row);
    if (row?.status === 'rejected') throw rejectionError(row.rejection);
    return row;
  }

  return {
    storeOutputs: outputs.storeOutputs,

    /**
     * Removes every upload of a purged account, used by a task or not: rows first, then files,
     * as in discardOutput. Answers how many files went.
     */
    async removeUploadsOf(userId: number): Promise<number> {
      const files = await repository.deleteUploadsOf(userId);
      await Promise.all(files.map((key) => store.delete(key)));
      return files.length;
    },

    /** Makes an output's watermarked twin now if it was never asked for (see ensureTwin). */
    async ensureTwin(userId: number, key: string): Promise<void> {
      const row = await repository.findOwned(userId, key);
      if (row) await ensureTwinOf(row);
    },
    ...createMediaLibrary({ repository, store }),
    ...createUploadSweep({ repository, store, inputKeysInUse: deps.inputKeysInUse }),

    /**
     * Removes an output its owner deleted from the library: the row first (its folder items
     * go with it), then the file, thumbnail and watermarked twin. A crash in between leaves
     * files nothing points at, never a row whose file is gone.
     */
    async discardOutput(userId: number, key: string): Promise<void> {
      const row = await repository.findOwned(userId, key);
      if (!row || row.origin !== 'output') return;
      const deleted = await repository.deleteOwned(userId, key);
      if (!deleted) return;
      const files = [deleted.key, deleted.thumbKey, deleted.wmKey].filter((k): k is string =>
        Boolean(k),
      );
      await Promise.all(files.map((k) => store.delete(k)));
    },

    /**
     * Removes whatever a task that ended without results left stored: outputs written before
     * its worker failed (a later output unreadable, a crash before the task ended). Rows first,
     * then files, as in discardOutput; then the task's whole output folder, which also holds
     * files stored whose rows were to be recorded with the task's end.
     */
    async discardTaskOutputs(userId: number, taskId: string): Promise<void> {
      const deleted = await repository.deleteTaskOutputs(userId, taskId);
      const files = deleted.flatMap((row) =>
        [row.key, row.thumbKey, row.wmKey].filter((k): k is string => Boolean(k)),
      );
      await Promise.all(files.map((k) => store.delete(k)));
      await store.deletePrefix(outputFolder(userId, taskId));
    },

    /** Checks the declared file and hands out a presigned PUT for `uploads/<userId>/<uuid>.<ext>`. */
    async createUpload(userId: number, body: CreateUploadBody): Promise<UploadTicket> {
      const type = body.content_type.split(';')[0]?.trim() ?? '';
      if (!isUploadType(type)) throw invalidFormat(type.split('/')[0] ?? '');
      const { kind, ext, maxBytes } = uploadTypes[type];
      const nameExt = extensionOf(body.filename);
      if (nameExt !== undefined && !acceptedExtensions[type].includes(nameExt)) {
        throw invalidFormat(kind);
      }
      if (body.size > maxBytes) throw tooLarge(kind, maxBytes);
      const key = `uploads/${userId}/${randomUUID()}.${ext}`;
      return {
        key,
        upload_url: await openUpload(userId, key, type, body.size),
        expires_in: uploadExpiresS,
      };
    },

    /**
     * vivago's upload step (`google_key`): a presigned PUT for a file the client named itself.
     * The name then stands for the stored key in that user's task inputs (see resolveUploadName).
     * No size is declared, so the PUT may carry up to the type's limit.
     */
    async createNamedUpload(
      userId: number,
      filename: string,
      contentType: string,
    ): Promise<string> {
      const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
      if (!isUploadType(type)) throw invalidFormat(type.split('/')[0] ?? '');
      const { kind, ext, maxBytes } = uploadTypes[type];
      const nameExt = extensionOf(filename);
      if (nameExt !== undefined && !acceptedExtensions[type].includes(nameExt)) {
        throw invalidFormat(kind);
      }
      const key = `uploads/${userId}/${baseNameOf(filename)}.${ext}`;
      const existing = await repository.findOwned(userId, key);
      // Asking again for a name not yet uploaded answers a fresh URL; a used name is taken.
      if (existing && existing.status !== 'pending') {
        throw new AppError(ErrorCode.conflict, 'media.nameTaken');
      }
      if (existing) return store.presignPut(key, type, maxBytes, uploadExpiresS);
      try {
        return await openUpload(userId, key, type, maxBytes);
      } catch (error) {
        // Two requests for one new name at once: the one that lost finds the other's row.
        if (await repository.findOwned(userId, key)) {
          throw new AppError(ErrorCode.conflict, 'media.nameTaken');
        }
        throw error;
      }
    },

    /** After the PUT: the real type, size and pixel size, or the reason the file is refused. */
    async inspectUpload(userId: number, key: string): Promise<UploadedMedia> {
      const row = await repository.findOwned(userId, key);
      if (!row || row.origin !== 'upload') {
        throw new AppError(ErrorCode.notFound, 'media.notFound');
      }
      if (row.status === 'rejected') throw rejectionError(row.rejection);
      return uploadedOf(row.status === 'ready' ? row : await inspect(row));
    },

    /**
     * A file the user chose as a task input, checked against the tool's rules (spec §5);
     * refusals are 1001 with the message the user should see.
     */
    async checkTaskInput(userId: number, key: string, rules: TaskInputRules): Promise<TaskInput> {
      const row = await readyOwned(userId, key);
      if (!row || row.status !== 'ready') {
        throw new AppError(ErrorCode.invalidParams, 'media.notFound');
      }
      const media = uploadedOf(row);
      assertMeetsRules({ ...media, kind: row.kind }, rules);
      return {
        ...media,
        /** The run that made it, when it is an output (§4's rules follow a clip's lineage). */
        taskId: row.origin === 'output' ? row.taskId : null,
        async bytes() {
          const object = await store.get(row.key);
          if (!object) throw new AppError(ErrorCode.invalidParams, 'media.notFound');
          return object.bytes;
        },
      };
    },

    /**
     * Reads a picture that comes in other than as an upload (an avatar, a feedback screenshot)
     * the way uploads are read: its real format and upright size, or undefined when it does
     * not decode. Over the pixel limit it is refused (1001) naming `field`.
     */
    async readImage(bytes: Buffer, field: string): Promise<ImageMeta | undefined> {
      const decoded = await decodeImage(bytes);
      if (decoded.ok) return decoded.meta;
      if (decoded.reason === 'tooManyPixels') throw tooManyPixels(field);
      return undefined;
    },

    /** A short-lived URL of the original, or of its `_wm` twin when spec §6 says so. */
    async getDownloadUrl(
      user: { id: number; roles: readonly string[] },
      query: { type: MediaKind; key: string },
    ): Promise<{ url: string }> {
      const row = await readyOwned(user.id, query.key);
      if (!row || row.status !== 'ready' || row.kind !== query.type) {
        throw new AppError(ErrorCode.notFound, 'media.notFound');
      }
      // Images and videos have a `_wm` twin; 3D models and audio are served as they are.
      const served =
        row.wmKey &&
        mustWatermark({
          grade: await deps.getGrade(user.id),
          isPayment: deps.paymentMode,
          roles: user.roles,
        })
          ? row.wmKey
          : row.key;
      if (served === row.wmKey) await ensureTwinOf(row);
      const stem = row.key.slice(row.key.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
      const name = `lumen-${row.taskId ? `${row.taskId}-` : ''}${stem}${served.slice(served.lastIndexOf('.'))}`;
      return { url: await store.presignGet(served, downloadExpiresS, name) };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
