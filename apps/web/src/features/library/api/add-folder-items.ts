import { movedItemsResultSchema } from '@lumen/contracts/assets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { libraryKeys } from '../library-kinds';

/** `POST …/assets_folder/{id}/items`: puts works in the folder, moving them out of any other. */
export function addFolderItems(input: {
  folderId: number;
  keys: string[];
}): Promise<{ count: number }> {
  return apiRequest(`/prod-api/content/assets_folder/${input.folderId}/items`, {
    method: 'POST',
    body: { keys: input.keys },
    schema: movedItemsResultSchema,
  });
}

export function useAddFolderItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFolderItems,
    // Contents and covers change, in the target folder and in the one the works left.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
