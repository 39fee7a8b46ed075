import { folderListResultSchema, type Folder } from '@lumen/contracts/assets';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { algoTypeOf, libraryKeys, type LibraryKind } from '../library-kinds';

/** `GET /prod-api/content/assets_folder?algo_type=`: my folders of one kind, newest first. */
export function listFolders(kind: LibraryKind): Promise<Folder[]> {
  return api
    .get('/prod-api/content/assets_folder', {
      query: { algo_type: algoTypeOf(kind) },
      schema: folderListResultSchema,
    })
    .then((result) => result.data);
}

export function useFolders(kind: LibraryKind) {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: libraryKeys.folders(userId, kind),
    queryFn: () => listFolders(kind),
    enabled: userId !== '',
  });
}
