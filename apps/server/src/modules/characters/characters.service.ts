import {
  CHARACTER_MIN_IMAGES,
  type Character,
  type CharacterStatus,
  type CreateCharacterBody,
} from '@lumen/contracts/characters';
import { algoTypes } from '@lumen/contracts/assets';
import { ErrorCode } from '@lumen/contracts/error-codes';
import type { Language } from '@lumen/contracts/i18n';
import { gatewaySubmitSchema, type TaskState } from '@lumen/contracts/tasks';
import { imageRulesOf } from '@lumen/contracts/tools';
import { readSheetInfo } from '@lumen/engines/local/character/reference-sheet';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { MessageKey } from '../../lib/i18n/en';
import { translate } from '../../lib/i18n/translate';
import type { AssetsService } from '../assets/assets.service';
import type { GenerationMedia } from '../generation/generation.ports';
import type { GenerationService } from '../generation/generation.service';
import type { CharactersRepository } from './characters.repository';
import type { CharacterRow } from './characters.schema';

export type CharactersDeps = {
  repository: CharactersRepository;
  clock: Clock;
  generation: Pick<GenerationService, 'submit' | 'findTaskWithOutputs' | 'cancel'>;
  media: Pick<GenerationMedia, 'checkImageInput' | 'readInput' | 'describeInputs' | 'urlFor'>;
  assets: Pick<AssetsService, 'createFolder' | 'addItems' | 'deleteFolder'>;
  /** How many faces a picture shows (the engines' face detector). */
  countFaces(image: Buffer): Promise<number>;
};

const notFound = () => new AppError(ErrorCode.notFound, 'characters.notFound');

/** The workshop's state of a character from its creation run's (spec §4). */
function statusOfTask(state: TaskState): CharacterStatus {
  if (state === 'queued' || state === 'generating') return 'generating';
  return state === 'done' ? 'ready' : 'failed';
}

/**
 * The character workshop (spec §1, §2, §4, §5): a character is made from at least five
 * pictures of one face by a queued run (`character_create`), so creation survives restarts,
 * is paid through the ledger like any run (§9: 1 credit) and refunds when it fails. Its state
 * follows the run's and is brought up to date whenever the character is read.
 */
export function createCharactersService(deps: CharactersDeps) {
  const { repository, clock } = deps;

  /**
   * Each picture against the character rules: the user's own png/jpg of at least 200 px
   * (§5), showing exactly one clear face. Answers a translated reason per refused picture.
   */
  async function checkPictures(
    userId: number,
    images: string[],
    lang: Language,
  ): Promise<{ field: string; message: string }[]> {
    const rules = imageRulesOf('character_create');
    const refusals: { field: string; message: string }[] = [];
    const seen = new Set<string>();
    const refuse = (index: number, reason: string) =>
      refusals.push({
        field: `images[${index}]`,
        message: translate(lang, 'characters.pictureRefused', { index: index + 1, reason }),
      });
    for (const [index, key] of images.entries()) {
      if (seen.has(key)) {
        refuse(index, translate(lang, 'characters.duplicatePicture'));
        continue;
      }
      seen.add(key);
      try {
        const checked = await deps.media.checkImageInput(userId, key, rules);
        const faces = await deps.countFaces(await deps.media.readInput(checked.key));
        if (faces === 0) refuse(index, translate(lang, 'errors.noPortrait'));
        else if (faces > 1) refuse(index, translate(lang, 'errors.manyFaces', { faces }));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refuse(index, translate(lang, error.messageKey, error.params));
      }
    }
    return refusals;
  }

  async function queueCreation(userId: number, images: string[], lang: Language) {
    const body = gatewaySubmitSchema.parse({ images });
    return deps.generation.submit(userId, 'character_create', body, lang);
  }

  /** A folder of the role library named after the character, free of the user's other names. */
  async function createFolder(userId: number, name: string): Promise<number | null> {
    for (let n = 1; n <= 20; n++) {
      try {
        const label = n === 1 ? name : `${name} (${n})`;
        const folder = await deps.assets.createFolder(userId, {
          name: label,
          algo_type: algoTypes.character,
        });
        return folder.id;
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== ErrorCode.conflict) throw error;
      }
    }
    return null;
  }

  /**
   * Brings a generating character up to date with its run: ready with its sheet and
   * descriptor (and a role-library folder holding the sheet), or failed with the run's reason.
   * The move is made once even when several reads see it at the same time.
   */
  async function reconcile(row: CharacterRow): Promise<{ row: CharacterRow; progress: number }> {
    if (row.status !== 'generating') return { row, progress: row.status === 'ready' ? 100 : 0 };
    const found = await deps.generation.findTaskWithOutputs(row.taskId);
    if (!found) return { row, progress: 0 };
    const status = statusOfTask(found.task.status as TaskState);
    if (status === 'generating') return { row, progress: found.task.progress };
    const now = clock.now();
    if (status === 'failed') {
      const moved = await repository.transition(row.userId, row.id, 'generating', {
        status: 'failed',
        failure: found.task.failure ?? 'failed',
        updatedAt: now,
      });
      return { row: moved ?? row, progress: 0 };
    }
    const sheet = found.outputs.find((o) => o.kind === 'image' && o.deletedAt === null);
    const descriptor = sheet
      ? readSheetInfo(await deps.media.readInput(sheet.key)).descriptor
      : null;
    const moved = await repository.transition(row.userId, row.id, 'generating', {
      status: sheet ? 'ready' : 'failed',
      sheetKey: sheet?.key ?? null,
      descriptor,
      failure: sheet ? null : 'no_output',
      updatedAt: now,
    });
    if (!moved)
      return { row: (await repository.findOwn(row.userId, row.id)) ?? row, progress: 100 };
    if (moved.status === 'ready' && sheet) {
      const folderId = await createFolder(row.userId, row.name);
      if (folderId !== null) {
        await deps.assets.addItems(row.userId, folderId, [sheet.key]);
        await repository.update(row.userId, row.id, { folderId });
        return { row: { ...moved, folderId }, progress: 100 };
      }
    }
    return { row: moved, progress: 100 };
  }

  async function present(
    { row, progress }: { row: CharacterRow; progress: number },
    lang: Language,
  ): Promise<Character> {
    const keys = [...row.images, ...(row.sheetKey ? [row.sheetKey] : [])];
    const described = new Map((await deps.media.describeInputs(keys)).map((m) => [m.key, m]));
    const picture = (key: string) => {
      const m = described.get(key);
      return m ? { key, url: m.url, thumb_url: m.thumbUrl ?? m.url } : undefined;
    };
    const failure = row.status === 'failed' ? (row.failure ?? 'failed') : null;
    const failureKey = `tasks.failure.${failure}` as MessageKey;
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      task_id: row.taskId,
      progress,
      images: row.images.flatMap((key) => picture(key) ?? []),
      sheet: row.sheetKey ? (picture(row.sheetKey) ?? null) : null,
      error: failure
        ? translate(lang, failureKey) === failureKey
          ? translate(lang, 'tasks.failure.failed')
          : translate(lang, failureKey)
        : null,
      folder_id: row.folderId,
      created_time: row.createdAt.toISOString(),
    };
  }

  async function getOwn(userId: number, id: number) {
    const row = await repository.findOwn(userId, id);
    if (!row) throw notFound();
    return reconcile(row);
  }

  return {
    async create(userId: number, body: CreateCharacterBody, lang: Language = 'en') {
      if (!body.name) throw new AppError(ErrorCode.invalidParams, 'characters.nameRequired');
      if (body.images.length < CHARACTER_MIN_IMAGES) {
        throw new AppError(ErrorCode.invalidParams, 'characters.tooFewImages', {
          min: CHARACTER_MIN_IMAGES,
          count: body.images.length,
        });
      }
      const refusals = await checkPictures(userId, body.images, lang);
      if (refusals.length > 0) {
        throw new AppError(
          ErrorCode.invalidParams,
          'characters.picturesRefused',
          { count: refusals.length },
          refusals,
        );
      }
      const queued = await queueCreation(userId, body.images, lang);
      const now = clock.now();
      const row = await repository.insert({
        userId,
        name: body.name,
        status: 'generating',
        images: body.images,
        taskId: queued.task_id,
        createdAt: now,
        updatedAt: now,
      });
      return { id: row.id, status: row.status, task_id: row.taskId };
    },

    async list(userId: number, lang: Language = 'en'): Promise<Character[]> {
      const rows = await repository.listByUser(userId);
      return Promise.all(rows.map(async (row) => present(await reconcile(row), lang)));
    },

    async get(userId: number, id: number, lang: Language = 'en'): Promise<Character> {
      return present(await getOwn(userId, id), lang);
    },

    /** Queues creation again for a failed character, with the same pictures (checked again). */
    async retry(userId: number, id: number, lang: Language = 'en'): Promise<Character> {
      const { row } = await getOwn(userId, id);
      const claimed = await repository.transition(userId, id, 'failed', {
        status: 'generating',
        failure: null,
        updatedAt: clock.now(),
      });
      if (!claimed) throw new AppError(ErrorCode.conflict, 'characters.notFailed');
      try {
        const queued = await queueCreation(userId, row.images, lang);
        await repository.update(userId, id, { taskId: queued.task_id });
        return present({ row: { ...claimed, taskId: queued.task_id }, progress: 0 }, lang);
      } catch (error) {
        await repository.update(userId, id, { status: 'failed', failure: row.failure });
        throw error;
      }
    },

    /**
     * Deletes a character: a creation still running is cancelled (and refunded), the
     * character's folder goes (its works stay in the library).
     */
    async delete(userId: number, id: number): Promise<void> {
      const row = await repository.delete(userId, id);
      if (!row) throw notFound();
      if (row.status === 'generating') {
        // The run may have ended since the row was read (1009): then there is nothing to stop.
        await deps.generation.cancel(userId, row.taskId).catch(() => undefined);
      }
      if (row.folderId !== null) {
        // The user may have deleted the folder already (1004); the character is gone either way.
        await deps.assets.deleteFolder(userId, row.folderId).catch(() => undefined);
      }
    },

    /** The role-library folder of the user's character; null when it or its folder is gone. */
    async folderOf(userId: number, id: number): Promise<number | null> {
      return (await repository.findOwn(userId, id))?.folderId ?? null;
    },

    /**
     * The pictures a character tool runs with: the references, then the sheet last. Only the
     * user's own, ready character; anything else is refused before credits move.
     */
    async referencesOf(userId: number, id: number): Promise<string[]> {
      const row = await repository.findOwn(userId, id);
      if (!row) throw notFound();
      const { row: current } = await reconcile(row);
      if (current.status !== 'ready' || !current.sheetKey) {
        throw new AppError(ErrorCode.invalidParams, 'characters.notReady');
      }
      return [...current.images.slice(0, 4), current.sheetKey];
    },
  };
}

export type CharactersService = ReturnType<typeof createCharactersService>;
