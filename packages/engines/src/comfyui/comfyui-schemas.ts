import { z } from 'zod';

/**
 * The shapes of ComfyUI's answers, parsed at the boundary so a proxy's HTML error page or a
 * changed server version fails with a clear message instead of deep inside the engine.
 */

export const uploadAnswerSchema = z.object({
  name: z.string().min(1),
  subfolder: z.string().default(''),
  type: z.string().default('input'),
});
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

const nodeErrorSchema = z.object({
  errors: z.array(z.object({ message: z.string(), details: z.string().optional() })).default([]),
  class_type: z.string().optional(),
});
/** ComfyUI answers `[]` instead of `{}` when the prompt itself is missing. */
const nodeErrorsSchema = z
  .union([z.record(z.string(), nodeErrorSchema), z.array(z.unknown())])
  .default({});
export type NodeErrors = z.infer<typeof nodeErrorsSchema>;

export const promptAnswerSchema = z.object({
  prompt_id: z.string().min(1),
  number: z.number(),
  node_errors: nodeErrorsSchema,
});
export type PromptAnswer = z.infer<typeof promptAnswerSchema>;

export const promptRejectionSchema = z.object({
  error: z
    .union([
      z.string(),
      z.object({ message: z.string().default(''), details: z.string().optional() }),
    ])
    .optional(),
  node_errors: nodeErrorsSchema,
});
export type PromptRejection = z.infer<typeof promptRejectionSchema>;

export const fileRefSchema = z.object({
  filename: z.string().min(1),
  subfolder: z.string().default(''),
  type: z.string().default('output'),
  format: z.string().optional(),
});
export type FileRef = z.infer<typeof fileRefSchema>;

export const historyEntrySchema = z.object({
  outputs: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
  status: z
    .object({
      status_str: z.string().optional(),
      completed: z.boolean().optional(),
      messages: z.array(z.tuple([z.string(), z.unknown()])).default([]),
    })
    .optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historyAnswerSchema = z.record(z.string(), historyEntrySchema);

/** Queue items are tuples `[number, prompt_id, prompt, extra_data, outputs_to_execute]`. */
export const queueAnswerSchema = z.object({
  queue_running: z.array(z.array(z.unknown())).default([]),
  queue_pending: z.array(z.array(z.unknown())).default([]),
});

export const socketMessageSchema = z.object({
  type: z.string(),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type SocketMessage = z.infer<typeof socketMessageSchema>;

/** The fields of `execution_error` (WebSocket and history) that explain the failure. */
export const executionErrorSchema = z.object({
  node_id: z.union([z.string(), z.number()]).optional(),
  node_type: z.string().optional(),
  exception_message: z.string().default(''),
  exception_type: z.string().optional(),
});

export const workflowGraphSchema = z.record(
  z.string(),
  z.object({
    class_type: z.string().min(1),
    inputs: z.record(z.string(), z.unknown()),
    _meta: z.object({ title: z.string() }).optional(),
  }),
);
export type WorkflowGraph = z.infer<typeof workflowGraphSchema>;
