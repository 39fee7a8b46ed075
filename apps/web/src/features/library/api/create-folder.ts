import { folderSchema, type Folder } from '@lumen/contracts/assets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { algoTypeOf, libraryKeys, type LibraryKind } from '../library-kinds';

/**
 * `POST /prod-api/content/assets_folder`. Silent: the name field shows the server's message
 * ("Folder name exists") where the user is typing, not in a toast.
 */
export function createFolder(kind: LibraryKind, name: string): Promise<Folder> {
  return api.post(
    '/prod-api/content/assets_folder',
    { name, algo_type: algoTypeOf(kind) },
    { schema: folderSchema, silent: true },
  );
}

export function useCreateFolder(kind: LibraryKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createFolder(kind, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
