import { gatewaySubmitSchema } from '@lumen/contracts/tasks';
import { describe, expect, it } from 'vitest';
import { normaliseSubmission } from './task-input';

const submit = (body: Record<string, unknown>) => gatewaySubmitSchema.parse(body);

describe('normaliseSubmission', () => {
  it('makes a picture square and a video widescreen when the request names no shape', () => {
    expect(normaliseSubmission('txt2img', submit({ prompt: 'a fox' })).ratio).toBe('1:1');
    expect(normaliseSubmission('video_diffusion', submit({ prompt: 'a fox' })).ratio).toBe('16:9');
    expect(normaliseSubmission('text_to_3d', submit({ prompt: 'a fox' })).ratio).toBe('1:1');
  });

  it('keeps a named shape, or one given as a size', () => {
    expect(
      normaliseSubmission(
        'video_diffusion',
        submit({ prompt: 'a fox', params: { wh_ratio: '9:16' } }),
      ).ratio,
    ).toBe('9:16');
    expect(
      normaliseSubmission(
        'video_diffusion',
        submit({ prompt: 'a fox', params: { width: 1024, height: 1024 } }),
      ).ratio,
    ).toBe('1:1');
  });
});
