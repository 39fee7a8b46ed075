import type { UpscaleChoice } from '@lumen/contracts/image-tools';
import { gatewaySubmitResultSchema } from '@lumen/contracts/tasks';
import { toolOf } from '@lumen/contracts/tools';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { newRequestId } from '../../../shared/api/request-id';
import { accountQueryRoot } from '../../../shared/session/account-info';
import { libraryKeys } from '../library-kinds';

export type PictureToolInput =
  | { tool: 'upscale'; key: string; scale: UpscaleChoice }
  /** `background`: transparent, `#rrggbb`, blur, or an uploaded picture's key. */
  | { tool: 'remove_bg'; key: string; background: string };

/**
 * Queues a picture tool with one work as its input. A refusal (2020 upgrade, 2007 credits)
 * opens the pay dialog through the API client, as spec §8 says.
 * - `remove_bg`: a cut-out on the chosen background (plus and pro).
 * - `upscale`: "Enhance" at 2×, 4× or 4K (plus and pro; see planUpscale for the sizes).
 */
export function runPictureTool(input: PictureToolInput) {
  const params =
    input.tool === 'upscale' ? { scale: input.scale } : { background: input.background };
  return api.post(
    `/api/gw/v3/${toolOf(input.tool).media}/${input.tool}/async`,
    { images: [input.key], params, request_id: newRequestId() },
    { schema: gatewaySubmitResultSchema },
  );
}

export function usePictureTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runPictureTool,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountQueryRoot }),
      ]);
    },
  });
}
