import { z } from 'zod';

/** Every `/prod-api`, `/api` and `/capi` answer has this shape (spec §7, §8). */
export const SUCCESS_CODE = 0;
export const SUCCESS_MSG = 'success';

export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.object({
    code: z.number().int(),
    msg: z.string(),
    result,
  });
}

export type Envelope<T> = { code: number; msg: string; result: T };

/** A failure answer carries `result: null` plus, for validation failures, the fields at fault. */
export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  /** The same text as `msg`, under the name vivago's clients read. */
  message: z.string().optional(),
  /** The request's own `request_id`, when it sent one. */
  request_id: z.string().optional(),
  result: z
    .object({
      fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    })
    .nullable(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
