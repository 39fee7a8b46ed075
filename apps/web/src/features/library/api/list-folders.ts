import { folderListResultSchema, type Folder } from '@lumen/contracts/assets';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { folderGroups, libraryKeys, type LibraryKind } from '../library-kinds';

/**
 * `GET /prod-api/content/assets_folder`: my folders of the groups a tab shows, its own group
 * first, each group newest first.
 */
export async function listFolders(kind: LibraryKind): Promise<Folder[]> {
  const groups: readonly number[] = folderGroups[kind];
  const { data } = await api.get('/prod-api/content/assets_folder', {
    schema: folderListResultSchema,
  });
  return groups.flatMap((group) => data.filter((folder) => folder.algo_type === group));
}

export function useFolders(kind: LibraryKind) {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: libraryKeys.folders(userId, kind),
    queryFn: () => listFolders(kind),
    enabled: userId !== '',
  });
}
