import { algoTypes } from '@lumen/contracts/assets';
import { languages, type Language } from '@lumen/contracts/i18n';
import { taskTypeDefinitions } from '@lumen/contracts/task-types';
import { isToolId } from '@lumen/contracts/tools';
import type { EngineSettings } from '@lumen/contracts/generation';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n/translate';
import type { AssetsRepository } from './assets.repository';

/** What filing needs of a finished run. */
export type FinishedRun = {
  userId: number;
  taskType: string;
  settings: Pick<EngineSettings, 'characterId'>;
};

/**
 * Files a finished run's results in the library folder its tool names (`filedIn`): a
 * portrait's in the user's portraits folder (spec §3 group 5), a character image's or video's
 * in its character's folder of the role library (group 4).
 */
export function createResultFolders(deps: {
  repository: Pick<AssetsRepository, 'listFolders' | 'insertFolder' | 'putItems'>;
  clock: Clock;
  /** The role-library folder of the user's character, if it still has one. */
  characterFolderOf(userId: number, characterId: number): Promise<number | null>;
  /** The interface language the user last chose; a folder made for them is named in it. */
  languageOf(userId: number): Promise<Language>;
}) {
  const { repository, clock } = deps;
  // The portraits folder is known by its name in any interface language, whatever the letter
  // case, so a user who switched language keeps filing into the folder they already have.
  const portraitNames = new Set(
    languages.map((lang) => translate(lang, 'assets.portraitsFolder').toLowerCase()),
  );

  async function findPortraitsFolder(userId: number): Promise<number | undefined> {
    const folders = await repository.listFolders(userId, algoTypes.portrait);
    // The oldest such folder, when the user made several (one per language).
    return folders.findLast((f) => portraitNames.has(f.name.toLowerCase()))?.id;
  }

  /**
   * The user's portraits folder, made on their first portrait. Two portraits finishing at
   * once both try to make it; the unique name lets one in and the other then finds it.
   */
  async function portraitsFolder(userId: number): Promise<number | undefined> {
    const found = await findPortraitsFolder(userId);
    if (found !== undefined) return found;
    const created = await repository.insertFolder({
      userId,
      name: translate(await deps.languageOf(userId), 'assets.portraitsFolder'),
      algoType: algoTypes.portrait,
      createdAt: clock.now(),
    });
    return created?.id ?? (await findPortraitsFolder(userId));
  }

  async function folderFor(run: FinishedRun): Promise<number | undefined> {
    const tool = isToolId(run.taskType) ? taskTypeDefinitions[run.taskType] : undefined;
    switch (tool?.filedIn) {
      case 'portraits':
        return portraitsFolder(run.userId);
      case 'character': {
        const characterId = run.settings.characterId;
        if (characterId === undefined) return undefined;
        return (await deps.characterFolderOf(run.userId, characterId)) ?? undefined;
      }
      default:
        return undefined;
    }
  }

  return {
    /** Files the run's result keys; a run whose tool files nothing is left alone. */
    async file(run: FinishedRun, keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      const folderId = await folderFor(run);
      if (folderId === undefined) return;
      await repository.putItems(run.userId, folderId, keys, clock.now());
    },
  };
}

export type ResultFolders = ReturnType<typeof createResultFolders>;
