import type { TaskResult } from '@lumen/contracts/tasks';
import { describe, expect, it } from 'vitest';
import { detailPath, itemsFromTasks, ratioOf, studioPath } from './library-items';

const output = (key: string, seed: number) => ({
  task_status: 1,
  image: key,
  url: `/media/${key}`,
  thumb_url: `/media/${key}.thumb.webp`,
  width: 1024,
  height: 576,
  mime: 'image/png',
  seed,
});

function task(overrides: Partial<TaskResult>): TaskResult {
  return {
    task_id: 't1',
    task_type: 'txt2img',
    status: 'done',
    task_status: 1,
    progress: 100,
    queue_position: 0,
    estimated_wait_min: 0,
    cost: 2,
    engine: 'local-preview',
    error: null,
    created_at: '2026-03-02T10:00:00.000Z',
    prompt: 'a lighthouse',
    sub_task_results: [output('a.png', 7), output('b.png', 8)],
    ...overrides,
  };
}

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

  it('links history tiles by position and folder tiles by key', () => {
    const [first] = itemsFromTasks([task({})], 'image');
    expect(first && detailPath(first)).toBe('/library/item/t1/0?kind=image&type=txt2img');
    expect(detailPath({ ...first!, url: null, taskType: null })).toBe(
      '/library/item/t1/0?kind=image&key=a.png',
    );
    expect(detailPath({ ...first!, key: null })).toBeNull();
  });

  it('reduces sizes to a ratio and builds studio addresses', () => {
    expect(ratioOf(1024, 576)).toBe('16:9');
    expect(ratioOf(768, 768)).toBe('1:1');
    expect(ratioOf(null, 10)).toBeNull();
    expect(studioPath('image', { prompt: 'a cat & dog', seed: 42, ratio: '16:9' })).toBe(
      '/studio/image?prompt=a+cat+%26+dog&seed=42&ratio=16%3A9',
    );
    expect(studioPath('video', { prompt: '', seed: null })).toBe('/studio/video');
  });
});
