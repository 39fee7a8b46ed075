import { describe, expect, it } from 'vitest';
import { ComfyUiError } from './comfyui/comfyui-errors';
import { failureReasonOf } from './failure';
import { EditInputError } from './local/edit/edit-input-error';
import { ModelApiError } from './model-api/model-api-errors';
import { OpenAiError } from './openai/openai-errors';

describe('failureReasonOf', () => {
  it('answers an edit whose picture or mask cannot be used as bad input', () => {
    expect(failureReasonOf(new EditInputError('empty_mask', 'The mask marks nothing'))).toBe(
      'bad_input',
    );
    expect(failureReasonOf(new EditInputError('unreadable_image', 'not a PNG'))).toBe('bad_input');
  });

  it('tells users why ComfyUI failed without its details', () => {
    expect(failureReasonOf(new ComfyUiError('unreachable', 'connect ECONNREFUSED 10.0.0.5'))).toBe(
      'unavailable',
    );
    expect(failureReasonOf(new ComfyUiError('timeout', 'not done within 30 min'))).toBe('timeout');
    expect(failureReasonOf(new ComfyUiError('bad_input', 'needs 2 images'))).toBe('bad_input');
    expect(failureReasonOf(new ComfyUiError('rejected', 'missing node WanVideo'))).toBe('failed');
  });

  it('tells a refused request from a refused service on OpenAI-compatible APIs', () => {
    const refused = (status: number) => new OpenAiError('rejected', 'refused', { status });
    expect(failureReasonOf(refused(400))).toBe('bad_input');
    expect(failureReasonOf(refused(401))).toBe('unavailable');
    expect(failureReasonOf(refused(429))).toBe('unavailable');
    expect(failureReasonOf(new OpenAiError('unreachable', 'fetch failed'))).toBe('unavailable');
    expect(failureReasonOf(new OpenAiError('failed', 'HTTP 500'))).toBe('failed');
  });

  it('maps hosted model API failures: the service, the request, the model, our deadline', () => {
    const refused = (status: number) => new ModelApiError('rejected', 'refused', { status });
    expect(failureReasonOf(refused(401))).toBe('unavailable');
    expect(failureReasonOf(refused(403))).toBe('unavailable');
    expect(failureReasonOf(refused(429))).toBe('unavailable');
    expect(failureReasonOf(refused(404))).toBe('bad_input');
    expect(failureReasonOf(new ModelApiError('bad_input', 'HTTP 422', { status: 422 }))).toBe(
      'bad_input',
    );
    expect(failureReasonOf(new ModelApiError('unreachable', 'ECONNREFUSED'))).toBe('unavailable');
    expect(failureReasonOf(new ModelApiError('timeout', 'not done in 15 min'))).toBe('timeout');
    expect(failureReasonOf(new ModelApiError('failed', 'CUDA out of memory'))).toBe('failed');
  });

  it('calls anything else a failure', () => {
    expect(failureReasonOf(new Error('ffmpeg exited with 1'))).toBe('failed');
    expect(failureReasonOf('boom')).toBe('failed');
  });
});
