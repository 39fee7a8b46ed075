import {
  FOLDER_COVER_COUNT,
  type CreateFolderBody,
  type Folder,
  type FolderItem,
} from '@lumen/contracts/assets';
import { ErrorCode } from '@lumen/contracts/error-codes';
import type { MediaKind } from '@lumen/contracts/media';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { MediaService } from '../media/media.service';
import type { AssetsRepository } from './assets.repository';
import type { AssetFolderRow } from './assets.schema';

/** What each algorithm's folders hold (spec §3 codes): 3D folders hold models, and so on. */
const kindsByAlgoType: Record<number, readonly MediaKind[]> = {
  1: ['image'],
  2: ['video'],
  3: ['model'],
  4: ['image', 'video'],
  5: ['image', 'video'],
};

const folderNotFound = () => new AppError(ErrorCode.notFound, 'assets.folderNotFound');
const nameExists = () => new AppError(ErrorCode.conflict, 'assets.folderNameExists');

/** Folder names arrive trimmed; blank is refused with the spec's own message (§8). */
function checkedName(name: string): string {
  if (!name) throw new AppError(ErrorCode.invalidParams, 'assets.folderNameEmpty');
  return name;
}

/** The library: a user's folders of generated works (spec §3 Folder, §7 assets_folder). */
export function createAssetsService(deps: {
  repository: AssetsRepository;
  media: Pick<MediaService, 'listOwnedOutputs' | 'describeForLibrary'>;
  clock: Clock;
  /** Which of these keys are results their owner deleted from the library (decision 0020). */
  deletedKeys?(keys: string[]): Promise<Set<string>>;
}) {
  const { repository, media, clock } = deps;

  async function ownedFolder(userId: number, id: number): Promise<AssetFolderRow> {
    const folder = await repository.findFolder(userId, id);
    if (!folder) throw folderNotFound();
    return folder;
  }

  async function present(folders: AssetFolderRow[]): Promise<Folder[]> {
    const newest = await repository.newestKeys(
      folders.map((f) => f.id),
      FOLDER_COVER_COUNT,
    );
    const described = await media.describeForLibrary([...newest.values()].flat());
    const thumbs = new Map(described.map((m) => [m.key, m.thumbUrl]));
    return folders.map((folder) => {
      const covers = (newest.get(folder.id) ?? []).map((key) => thumbs.get(key) ?? '');
      return {
        id: folder.id,
        name: folder.name,
        algo_type: folder.algoType,
        created_time: folder.createdAt.toISOString(),
        cover_list: [...covers, ...Array<string>(FOLDER_COVER_COUNT).fill('')].slice(
          0,
          FOLDER_COVER_COUNT,
        ),
      };
    });
  }

  return {
    async listFolders(userId: number, algoType?: number): Promise<Folder[]> {
      return present(await repository.listFolders(userId, algoType));
    },

    async createFolder(userId: number, body: CreateFolderBody): Promise<Folder> {
      const created = await repository.insertFolder({
        userId,
        name: checkedName(body.name),
        algoType: body.algo_type,
        createdAt: clock.now(),
      });
      if (!created) throw nameExists();
      return (await present([created]))[0]!;
    },

    async renameFolder(userId: number, id: number, name: string): Promise<Folder> {
      const renamed = await repository.renameFolder(userId, id, checkedName(name));
      if (renamed === 'exists') throw nameExists();
      if (!renamed) throw folderNotFound();
      return (await present([renamed]))[0]!;
    },

    /** The folder goes; its works stay, back in "no folder". */
    async deleteFolder(userId: number, id: number): Promise<void> {
      if (!(await repository.deleteFolder(userId, id))) throw folderNotFound();
    },

    /** Files the user's own finished works here, moving them out of any other folder. */
    async addItems(userId: number, id: number, keys: string[]): Promise<number> {
      const folder = await ownedFolder(userId, id);
      const wanted = [...new Set(keys)];
      const owned = await media.listOwnedOutputs(userId, wanted);
      const deleted = (await deps.deletedKeys?.(wanted)) ?? new Set<string>();
      if (owned.length !== wanted.length || wanted.some((key) => deleted.has(key))) {
        throw new AppError(ErrorCode.notFound, 'media.notFound');
      }
      const allowed = kindsByAlgoType[folder.algoType] ?? [];
      if (owned.some((item) => !allowed.includes(item.kind))) {
        throw new AppError(ErrorCode.invalidParams, 'assets.wrongKind');
      }
      await repository.putItems(userId, folder.id, wanted, clock.now());
      return wanted.length;
    },

    /** Takes works out of every folder (a work deleted from the library). */
    forgetKeys: (userId: number, keys: string[]) => repository.forgetKeys(userId, keys),

    async removeItems(userId: number, id: number, keys: string[]): Promise<number> {
      const folder = await ownedFolder(userId, id);
      return repository.removeItems(userId, folder.id, [...new Set(keys)]);
    },

    async listItems(
      userId: number,
      id: number,
      page: { page_num: number; page_size: number },
    ): Promise<{ data: FolderItem[]; total_count: number }> {
      const folder = await ownedFolder(userId, id);
      const { rows, total } = await repository.listItems(
        folder.id,
        (page.page_num - 1) * page.page_size,
        page.page_size,
      );
      const described = new Map(
        (await media.describeForLibrary(rows.map((r) => r.mediaKey))).map((m) => [m.key, m]),
      );
      const data = rows.flatMap((row) => {
        const item = described.get(row.mediaKey);
        if (!item) return [];
        return [
          {
            key: item.key,
            kind: item.kind,
            mime: item.mime,
            width: item.width,
            height: item.height,
            task_id: item.taskId,
            thumb_url: item.thumbUrl,
            added_time: row.addedAt.toISOString(),
          },
        ];
      });
      return { data, total_count: total };
    },
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;
