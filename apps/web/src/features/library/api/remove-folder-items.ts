import { movedItemsResultSchema } from '@lumen/contracts/assets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { libraryKeys } from '../library-kinds';

/** `DELETE …/assets_folder/{id}/items`: takes works out of the folder; they are not deleted. */
export function removeFolderItems(input: {
  folderId: number;
  keys: string[];
}): Promise<{ count: number }> {
  return apiRequest(`/prod-api/content/assets_folder/${input.folderId}/items`, {
    method: 'DELETE',
    body: { keys: input.keys },
    schema: movedItemsResultSchema,
  });
}

export function useRemoveFolderItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFolderItems,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
