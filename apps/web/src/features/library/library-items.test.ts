import type { TaskResult } from '@lumen/contracts/tasks';
import { describe, expect, it } from 'vitest';
import { doneTask, imageOutput } from '../../test/task-result';
import { detailPath, itemsFromTasks, ratioOf, studioPath } from './library-items';

const output = (key: string, seed: number) => imageOutput(key, { height: 576, seed });

const task = (overrides: Partial<TaskResult>): TaskResult =>
  doneTask({
    created_at: '2026-03-02T10:00:00.000Z',
    sub_task_results: [output('a.png', 7), output('b.png', 8)],
    ...overrides,
  });

describe('library items', () => {
  it('gives a tile per output, one placeholder per running task and none for failed ones', () => {
    const items = itemsFromTasks(
      [
        task({ task_id: 'run', status: 'generating', sub_task_results: [] }),
        task({}),
        task({ task_id: 'bad', status: 'failed', sub_task_results: [] }),
      ],
      'image',
    );
    expect(items.map((i) => [i.taskId, i.key, i.index])).toEqual([
      ['run', null, 0],
      ['t1', 'a.png', 0],
      ['t1', 'b.png', 1],
    ]);
    expect(items[1]?.preview).toBe(true);
    expect(items[1]?.thumbUrl).toBe('/media/a.png.thumb.webp');
  });

  it('links history tiles by position, folder tiles by key, and runs on their way to their task', () => {
    const [first] = itemsFromTasks([task({})], 'image');
    expect(first && detailPath(first)).toBe('/library/item/t1/0?kind=image&type=txt2img');
    expect(detailPath({ ...first!, url: null, taskType: null })).toBe(
      '/library/item/t1/0?kind=image&key=a.png',
    );
    const [running] = itemsFromTasks(
      [
        task({
          task_id: 'run',
          status: 'queued',
          progress: 0,
          queue_position: 3,
          sub_task_results: [],
        }),
      ],
      'image',
    );
    expect(running).toMatchObject({ key: null, queuePosition: 3, progress: 0 });
    expect(detailPath(running!)).toBe('/library/item/run/0?kind=image&type=txt2img');
    expect(detailPath({ ...first!, taskId: null })).toBeNull();
  });

  it('reduces sizes to a ratio and builds studio addresses', () => {
    expect(ratioOf(1024, 576)).toBe('16:9');
    expect(ratioOf(768, 768)).toBe('1:1');
    expect(ratioOf(null, 10)).toBeNull();
    expect(studioPath('image', { prompt: 'a cat & dog', seed: 42, ratio: '16:9' })).toBe(
      '/studio/image?prompt=a+cat+%26+dog&seed=42&ratio=16%3A9',
    );
    expect(studioPath('video', { prompt: '', seed: null })).toBe('/studio/video');
    const taskId = '0b7d7e3c-5b0a-4d8e-9f3e-2f1a6c9d4e21';
    expect(
      studioPath('video', {
        prompt: 'waves',
        recreate: { taskId, taskType: 'video_diffusion_keyframes' },
      }),
    ).toBe(`/studio/video?mode=keyframes&recreate=${taskId}&prompt=waves`);
    expect(
      studioPath('image', { prompt: 'a fox', seed: 7, recreate: { taskId, taskType: 'img2img' } }),
    ).toBe(`/studio/image?recreate=${taskId}&prompt=a+fox&seed=7`);
  });
});
