import type { IncomingMessage, ServerResponse } from 'node:http';
import { workflowGraphSchema, type WorkflowGraph } from './comfyui-schemas';
import type { FakeFailure } from './fake-comfyui-executor';
import { nodeSpecs } from './fake-comfyui-nodes';

/** Test support: the parts of ComfyUI's POST /prompt validation a template bug would trip. */

const outputNodes = new Set([
  'SaveImage',
  'PreviewImage',
  'VHS_VideoCombine',
  'SaveGLB',
  'SaveVideo',
]);

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

type InputError = { type: string; message: string; details: string; extra_info?: object };

const isLink = (value: unknown): value is [string, number] =>
  Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'number';

/** What ComfyUI's `validate_inputs` says about one node's inputs. */
function inputErrorsOf(
  prompt: WorkflowGraph,
  node: WorkflowGraph[string],
  hasInputFile: (name: string) => boolean,
): InputError[] {
  const spec = nodeSpecs[node.class_type];
  if (!spec) return [];
  const errors: InputError[] = [];
  for (const name of Object.keys(spec.required)) {
    if (!(name in node.inputs)) {
      errors.push({
        type: 'required_input_missing',
        message: 'Required input is missing',
        details: name,
        extra_info: { input_name: name },
      });
    }
  }
  const declared = { ...spec.optional, ...spec.required };
  for (const [name, value] of Object.entries(node.inputs)) {
    const wanted = declared[name];
    if (wanted === undefined) continue;
    if (isLink(value)) {
      const source = prompt[value[0]];
      if (!source) {
        errors.push({ type: 'bad_linked_input', message: 'Bad linked input', details: name });
        continue;
      }
      const received = nodeSpecs[source.class_type]?.outputs[value[1]];
      if (typeof wanted === 'string' && wanted !== 'value' && received !== wanted) {
        errors.push({
          type: 'return_type_mismatch',
          message: 'Return type mismatch between linked nodes',
          details: `${name}, received_type(${received ?? 'nothing'}) mismatch input_type(${wanted})`,
        });
      }
      continue;
    }
    if (Array.isArray(wanted) && !wanted.includes(value as string)) {
      errors.push({
        type: 'value_not_in_list',
        message: 'Value not in list',
        details: `${name}: '${String(value)}' not in ${JSON.stringify(wanted)}`,
      });
    }
    if (spec.inputFile === name && !hasInputFile(String(value))) {
      errors.push({
        type: 'custom_validation_failed',
        message: 'Custom validation failed for node',
        details: `${name} - Invalid image file: ${String(value)}`,
      });
    }
  }
  const refused = spec.check?.(node.inputs);
  if (refused) {
    errors.push({
      type: 'custom_validation_failed',
      message: 'Custom validation failed for node',
      details: refused,
    });
  }
  return errors;
}

export type PromptCheck =
  | { ok: true; prompt: WorkflowGraph }
  | { ok: false; body: { error: Record<string, unknown>; node_errors: unknown } };

/**
 * ComfyUI's answers to a prompt it won't queue: 400 with `error` and `node_errors`. A class
 * the server does not have refuses the whole prompt; input problems are listed per node.
 */
export function checkPrompt(
  input: unknown,
  failure: FakeFailure | undefined,
  hasInputFile: (name: string) => boolean = () => true,
): PromptCheck {
  const parsed = workflowGraphSchema.safeParse(input);
  if (!parsed.success) {
    const error = { type: 'no_prompt', message: 'No prompt provided', details: '', extra_info: {} };
    return { ok: false, body: { error, node_errors: [] } };
  }
  const prompt = parsed.data;
  for (const [nodeId, node] of Object.entries(prompt)) {
    if (!nodeSpecs[node.class_type]) {
      const error = {
        type: 'invalid_prompt',
        message: `Cannot execute because node ${node.class_type} does not exist.`,
        details: `Node ID '#${nodeId}'`,
        extra_info: {},
      };
      return { ok: false, body: { error, node_errors: [] } };
    }
  }
  if (!Object.values(prompt).some((node) => outputNodes.has(node.class_type))) {
    const error = { type: 'prompt_no_outputs', message: 'Prompt has no outputs', details: '' };
    return { ok: false, body: { error, node_errors: [] } };
  }
  let nodeErrors: Record<string, unknown> = {};
  for (const [nodeId, node] of Object.entries(prompt)) {
    const errors = inputErrorsOf(prompt, node, hasInputFile);
    if (errors.length > 0) {
      nodeErrors[nodeId] = { errors, dependent_outputs: [], class_type: node.class_type };
    }
  }
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
