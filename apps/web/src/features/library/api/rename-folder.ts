import { folderSchema, type Folder } from '@lumen/contracts/assets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { libraryKeys } from '../library-kinds';

/** `PATCH /prod-api/content/assets_folder/{id}`; silent for the same reason as creating. */
export function renameFolder(id: number, name: string): Promise<Folder> {
  return apiRequest(`/prod-api/content/assets_folder/${id}`, {
    method: 'PATCH',
    body: { name },
    schema: folderSchema,
    silent: true,
  });
}

export function useRenameFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; name: string }) => renameFolder(input.id, input.name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
