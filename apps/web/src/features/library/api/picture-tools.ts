import { gatewaySubmitResultSchema } from '@lumen/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { newRequestId } from '../../../shared/api/request-id';
import { accountQueryRoot } from '../../../shared/session/account-info';
import { libraryKeys } from '../library-kinds';

/** The longest side an enhancement asks for: twice the picture, at most 2048 px. */
export const ENHANCE_MAX_SIDE = 2048;
/** Pictures larger than this are not enhanced (the upscaler's input limit). */
export const ENHANCE_INPUT_MAX_SIDE = 1024;

/**
 * Queues a picture tool with one work as its input. A refusal (2020 upgrade, 2007 credits)
 * opens the pay dialog through the API client, as spec §8 says.
 * - `remove_bg`: a cut-out (plus and pro).
 * - `upscale`: "Enhance", an AI 2× upscale up to 2048 px (plus and pro).
 */
export function runPictureTool(input: {
  tool: 'remove_bg' | 'upscale';
  key: string;
  width?: number | null;
  height?: number | null;
}) {
  const params =
    input.tool === 'upscale' && input.width && input.height
      ? {
          width: Math.min(ENHANCE_MAX_SIDE, input.width * 2),
          height: Math.min(ENHANCE_MAX_SIDE, input.height * 2),
        }
      : {};
  return api.post(
    `/api/gw/v3/image/${input.tool}/async`,
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
