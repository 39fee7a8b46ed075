import { gatewaySubmitResultSchema } from '@lumen/contracts/tasks';
import { toolOf, type ToolId } from '@lumen/contracts/tools';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { newRequestId } from '../../../shared/api/request-id';

/** What one tool run sends: the picture, the mask where the tool takes one, its words and params. */
export interface ToolSubmission {
  images: string[];
  mask?: string;
  prompt: string;
  params: Record<string, unknown>;
  /** The community work the picture was copied from, for the remix rule and lineage. */
  remix_of?: string;
}

export type ToolSubmitResult = z.infer<typeof gatewaySubmitResultSchema>;

/**
 * `POST /api/gw/v3/{media}/{id}/async`: queues a tool run and holds its credits. A refusal
 * (2020 upgrade, 2007 credits, 1001 not available) is shown by the API client: the pay dialog
 * or a translated message.
 */
export function submitTool(id: ToolId, body: ToolSubmission): Promise<ToolSubmitResult> {
  return api.post(
    `/api/gw/v3/${toolOf(id).media}/${id}/async`,
    { ...body, request_id: newRequestId() },
    { schema: gatewaySubmitResultSchema },
  );
}
