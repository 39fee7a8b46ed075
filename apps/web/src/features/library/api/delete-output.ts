import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';
import { libraryKeys } from '../library-kinds';

/**
 * `DELETE /prod-api/content/tasks/{id}/outputs/{index}`: takes one result out of my library,
 * its folder and the studio's history. A work published from it stays in the community.
 */
export function deleteOutput(input: { taskId: string; index: number }): Promise<null> {
  return api.delete(
    `/prod-api/content/tasks/${encodeURIComponent(input.taskId)}/outputs/${input.index}`,
    { schema: z.null() },
  );
}

export function useDeleteOutput() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOutput,
    // Not awaited: the page showing the deleted result moves away first (the caller's
    // onSuccess), instead of refetching it into "not found".
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
      // The studio lists the same runs.
      void queryClient.invalidateQueries({ queryKey: ['generate'] });
    },
  });
}

/** `POST /prod-api/content/tasks/outputs/delete`: the library's selection, by media key. */
export function deleteOutputs(keys: string[]): Promise<{ count: number }> {
  return api.post(
    '/prod-api/content/tasks/outputs/delete',
    { keys },
    { schema: z.object({ count: z.number().int() }) },
  );
}

export function useDeleteOutputs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOutputs,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['generate'] }),
      ]),
  });
}
