import { folderItemsResultSchema } from '@lumen/contracts/assets';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { libraryKeys } from '../library-kinds';

export const FOLDER_ITEMS_PAGE_SIZE = 48;
type FolderItemsPage = z.infer<typeof folderItemsResultSchema>;

/** `GET /prod-api/content/assets_folder/{id}/items`: a folder's works, newest first. */
export function listFolderItems(id: number, page: number): Promise<FolderItemsPage> {
  return api.get(`/prod-api/content/assets_folder/${id}/items`, {
    query: { page_num: page, page_size: FOLDER_ITEMS_PAGE_SIZE },
    schema: folderItemsResultSchema,
  });
}

export function useFolderItems(id: number) {
  return useInfiniteQuery({
    queryKey: libraryKeys.folderItems(id),
    queryFn: ({ pageParam }) => listFolderItems(id, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.length * FOLDER_ITEMS_PAGE_SIZE < last.total_count ? all.length + 1 : undefined,
  });
}
