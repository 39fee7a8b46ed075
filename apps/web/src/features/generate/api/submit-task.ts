import { gatewaySubmitResultSchema, type GatewaySubmit } from '@lumen/contracts/tasks';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { mediaOf, type StudioTaskType } from '../task-kinds';

export type SubmitParams = Partial<GatewaySubmit['params']>;

/** What the studio sends; the gateway fills the defaults the contract declares. */
export interface SubmitBody {
  prompt: string;
  negative_prompt?: string;
  params: SubmitParams;
  images?: string[];
  /** The video tools' input clips (extend, stylize, 4K, lip sync). */
  videos?: string[];
  /** Voice tracks (lip sync, audio animate). */
  audios?: string[];
  /** Spec §3 magic prompt: the server enriches a short prompt before it is used. */
  magic_prompt?: boolean;
  version?: string;
  /** The community work this run remixes (reuse seed, recreate, image to image). */
  remix_of?: string;
  request_id: string;
}

export type SubmitResult = z.infer<typeof gatewaySubmitResultSchema>;

/** `POST /api/gw/v3/{media}/{module}/async`: queues a generation and holds its credits. */
export function submitTask(taskType: StudioTaskType, body: SubmitBody): Promise<SubmitResult> {
  return api.post(`/api/gw/v3/${mediaOf(taskType)}/${taskType}/async`, body, {
    schema: gatewaySubmitResultSchema,
  });
}
