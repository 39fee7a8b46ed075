import type { SubTaskResult, TaskRequest, TaskResult } from '@lumen/contracts/tasks';

/** One finished image output of a results answer, stored under `key`. */
export function imageOutput(key: string, overrides: Partial<SubTaskResult> = {}): SubTaskResult {
  return {
    sub_task_id: 't1-0',
    task_completion: 1,
    algo_version: 'standard',
    task_status: 1,
    image: key,
    url: `/media/${key}`,
    thumb_url: `/media/${key}.thumb.webp`,
    width: 1024,
    height: 1024,
    mime: 'image/png',
    seed: 7,
    ...overrides,
  };
}

/** The results answer of a finished text-to-image run with one output, as the server sends it. */
export function doneTask(overrides: Partial<TaskResult> = {}): TaskResult {
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
    error_reason: null,
    created_at: '2026-03-01T12:00:00.000Z',
    prompt: 'a lighthouse',
    sub_task_results: [imageOutput('outputs/5/t1/0.png')],
    ...overrides,
  };
}

/** The request a run's answer carries (prompt 'a lighthouse', seed 77), to send it again. */
export function taskRequest(overrides: Partial<TaskRequest> = {}): TaskRequest {
  return {
    prompt: 'a lighthouse',
    negative_prompt: '',
    params: {
      batch_size: 2,
      wh_ratio: '1:1',
      seed: 77,
      style: 'realistic',
      strength: 0.6,
      duration: 5,
      resolution: '720p',
      fps: 24,
      motion_strength: 5,
      cm_x: 0,
      cm_y: 0,
      cm_d: 0,
      private: false,
      sound_effect: false,
    },
    images: [],
    videos: [],
    audios: [],
    version: 'standard',
    ...overrides,
  };
}
