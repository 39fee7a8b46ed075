import type { WorkerFailureReason } from '@lumen/contracts/tasks';
import { ComfyUiError } from './comfyui/comfyui-errors';
import { EditInputError } from './local/edit/edit-input-error';
import { ModelApiError } from './model-api/model-api-errors';
import { OpenAiError } from './openai/openai-errors';

/**
 * What a user is told of an engine's failure. The error's message is for the operators (it
 * names hosts, files and models); the reason picks the user's translated message.
 */
export function failureReasonOf(err: unknown): WorkerFailureReason {
  // An unreadable picture or an empty mask is the request's fault, whichever tool met it.
  if (err instanceof EditInputError) return 'bad_input';
  if (err instanceof ComfyUiError) {
    switch (err.reason) {
      case 'unreachable':
        return 'unavailable';
      case 'timeout':
        return 'timeout';
      case 'bad_input':
        return 'bad_input';
      default:
        // A workflow the server refuses (a missing model or node) is the operator's to fix.
        return 'failed';
    }
  }
  if (err instanceof OpenAiError) {
    const status = err.details.status;
    if (err.reason === 'unreachable') return 'unavailable';
    if (err.reason === 'bad_input') return 'bad_input';
    if (err.reason === 'rejected') {
      // A refused key or a rate limit is the service's state; other refusals are the request's.
      return status === 401 || status === 403 || status === 429 ? 'unavailable' : 'bad_input';
    }
    return 'failed';
  }
  if (err instanceof ModelApiError) {
    switch (err.reason) {
      case 'unreachable':
        return 'unavailable';
      case 'timeout':
        return 'timeout';
      case 'bad_input':
        return 'bad_input';
      case 'rejected': {
        // A refused key, a spent account or a rate limit is the service's state; other refusals are the request's.
        const status = err.details.status;
        return status === 401 || status === 402 || status === 403 || status === 429
          ? 'unavailable'
          : 'bad_input';
      }
      default:
        return 'failed';
    }
  }
  return 'failed';
}
