import { quoteResultSchema, type Quote } from '@lumen/contracts/credits';
import type { TaskType } from '@lumen/contracts/task-types';
import { api } from '../../../shared/api/client';

export interface QuoteRequest {
  task_type: TaskType;
  count: number;
  private?: boolean;
  duration?: number;
  model?: string;
  /** An effect template's run, priced as an effect (spec §9). */
  effect?: boolean;
  /** Gated extras asked for (e.g. `sound_effect`), checked against the plan. */
  features?: string[];
}

/**
 * `POST /prod-api/trade/v1/quote`. Silent: a refusal here is advice shown next to the button,
 * not an error; the submission itself answers with the toast and the pay dialog.
 */
export function getQuote(body: QuoteRequest, signal?: AbortSignal): Promise<Quote> {
  return api.post('/prod-api/trade/v1/quote', body, {
    schema: quoteResultSchema,
    silent: true,
    noLogin: true,
    ...(signal ? { signal } : {}),
  });
}
