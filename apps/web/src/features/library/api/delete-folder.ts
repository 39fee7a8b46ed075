import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { libraryKeys } from '../library-kinds';

/** `DELETE /prod-api/content/assets_folder/{id}`: the works stay, outside any folder. */
export function deleteFolder(id: number): Promise<null> {
  return api.delete(`/prod-api/content/assets_folder/${id}`);
}

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
