import type { IncomingMessage, ServerResponse } from 'node:http';
import { workflowGraphSchema, type WorkflowGraph } from './comfyui-schemas';
import type { FakeFailure } from './fake-comfyui-executor';

/** Test support: the parts of ComfyUI's POST /prompt validation a template bug would trip. */

const outputNodes = new Set(['SaveImage', 'PreviewImage', 'VHS_VideoCombine', 'SaveGLB']);

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function nodeError(classType: string, type: string, message: string, details: string) {
  return { errors: [{ type, message, details }], dependent_outputs: [], class_type: classType };
}

function linkErrors(prompt: WorkflowGraph): Record<string, unknown> {
  const nodeErrors: Record<string, unknown> = {};
  for (const [nodeId, node] of Object.entries(prompt)) {
    for (const [input, value] of Object.entries(node.inputs)) {
      if (Array.isArray(value) && typeof value[0] === 'string' && !prompt[value[0]]) {
        nodeErrors[nodeId] = nodeError(
          node.class_type,
          'bad_linked_input',
          'Bad linked input',
          input,
        );
      }
    }
  }
  return nodeErrors;
}

export type PromptCheck =
  | { ok: true; prompt: WorkflowGraph }
  | { ok: false; body: { error: Record<string, unknown>; node_errors: unknown } };

/** ComfyUI's answers to a prompt it won't queue: 400 with `error` and `node_errors`. */
export function checkPrompt(input: unknown, failure: FakeFailure | undefined): PromptCheck {
  const parsed = workflowGraphSchema.safeParse(input);
  if (!parsed.success) {
    const error = { type: 'no_prompt', message: 'No prompt provided', details: '', extra_info: {} };
    return { ok: false, body: { error, node_errors: [] } };
  }
  const prompt = parsed.data;
  if (!Object.values(prompt).some((node) => outputNodes.has(node.class_type))) {
    const error = { type: 'prompt_no_outputs', message: 'Prompt has no outputs', details: '' };
    return { ok: false, body: { error, node_errors: [] } };
  }
  let nodeErrors = linkErrors(prompt);
  if (failure?.kind === 'node_errors') {
    const [nodeId, node] = Object.entries(prompt)[0] ?? ['1', { class_type: 'Unknown' }];
    const details = failure.message ?? 'unet_name: flux1-dev.safetensors not in []';
    nodeErrors = {
      [nodeId]: nodeError(node.class_type, 'value_not_in_list', 'Value not in list', details),
    };
  }
  if (Object.keys(nodeErrors).length === 0) return { ok: true, prompt };
  const error = {
    type: 'prompt_outputs_failed_validation',
    message: 'Prompt outputs failed validation',
    details: '',
    extra_info: {},
  };
  return { ok: false, body: { error, node_errors: nodeErrors } };
}
