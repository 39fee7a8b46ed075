import type { TaskResult } from '@lumen/contracts/tasks';
import { act, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetTaskPreview, rememberTaskPreview } from '../../../shared/api/task-previews';
import { estimateSecondsLeft, formatTimeLeft } from '../../../shared/hooks/use-task-eta';
import { renderWithProviders } from '../../../test/render';
import { ResultCard } from './result-card';

const taskId = '5e1c2a9e-1111-4222-8333-444455556666';
const preview = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';

function generating(progress: number, id = taskId): TaskResult {
  return {
    task_id: id,
    task_type: 'txt2img',
    status: 'generating',
    task_status: 0,
    progress,
    queue_position: 0,
    estimated_wait_min: 0,
    cost: 1,
    engine: 'comfyui',
    error: null,
    error_reason: null,
    created_at: new Date().toISOString(),
    prompt: 'A lighthouse at dusk',
    sub_task_results: [
      {
        task_status: 0,
        url: null,
        thumb_url: null,
        width: null,
        height: null,
        mime: null,
        seed: null,
      },
    ],
  };
}

/** The card, with its task's progress moved from outside as the events stream would. */
const control = { moveTo: (progress: number): void => void progress };
const moveTo = (progress: number) => control.moveTo(progress);
function Harness({ start, id }: { start: number; id?: string }) {
  const [progress, setProgress] = useState(start);
  useEffect(() => {
    control.moveTo = (value) => act(() => setProgress(value));
  });
  return <ResultCard task={generating(progress, id)} watermark={false} />;
}

afterEach(() => {
  forgetTaskPreview(taskId);
  vi.useRealTimers();
});

describe('a generating card', () => {
  it("shows the engine's preview, blurred, sharper as progress grows", () => {
    renderWithProviders(<Harness start={20} />);
    expect(screen.getByTestId('generating-placeholder')).toBeInTheDocument();
    expect(screen.queryByTestId('live-preview')).toBeNull();

    act(() => rememberTaskPreview(taskId, preview));
    const early = screen.getByTestId('live-preview');
    expect(early).toHaveAttribute('src', preview);
    const blurAt = () =>
      Number(/blur\((\d+)px\)/.exec(screen.getByTestId('live-preview').style.filter)?.[1]);
    const rough = blurAt();

    moveTo(90);
    expect(blurAt()).toBeLessThan(rough);
    act(() => forgetTaskPreview(taskId));
    expect(screen.queryByTestId('live-preview')).toBeNull();
  });

  it('says how long is left once progress has moved, not only the percentage', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    renderWithProviders(<Harness start={10} id="6e1c2a9e-1111-4222-8333-444455556666" />);
    expect(screen.getByTestId('task-eta')).toHaveTextContent(/^10%$/);
    // 20 points in 10 s: the 70 left take about 35 s.
    vi.setSystemTime(new Date('2026-11-27T10:00:10Z'));
    moveTo(30);
    await waitFor(() =>
      expect(screen.getByTestId('task-eta')).toHaveTextContent('30% · in 35 seconds'),
    );
  });
});

describe('the time left', () => {
  it('needs some movement before it guesses', () => {
    expect(estimateSecondsLeft({ at: 0, progress: 10 }, 500, 40)).toBeNull();
    expect(estimateSecondsLeft({ at: 0, progress: 10 }, 10_000, 11)).toBeNull();
    expect(estimateSecondsLeft({ at: 0, progress: 0 }, 30_000, 50)).toBe(30);
  });
  it('reads in each interface language', () => {
    expect(formatTimeLeft(33, 'en')).toBe('in 35 seconds');
    expect(formatTimeLeft(150, 'en')).toBe('in 3 minutes');
    expect(formatTimeLeft(150, 'es')).toBe('dentro de 3 minutos');
    expect(formatTimeLeft(150, 'ja')).toBe('3 分後');
    expect(formatTimeLeft(150, 'zh')).toBe('3分钟后');
  });
});
