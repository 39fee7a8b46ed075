import { randomUUID } from 'node:crypto';
import type { EngineSettings } from '@lumen/contracts/generation';
import type { Database } from '../../db/database';
import { tasks } from '../generation/generation.schema';
import { works, type NewWorkRow, type WorkRow } from './community.schema';

/** Test-only: a finished task and its work, straight into the database (feeds, pagination). */
export async function insertWork(
  db: Database,
  userId: number,
  overrides: Partial<NewWorkRow> = {},
): Promise<WorkRow> {
  const taskId = randomUUID();
  const now = overrides.createdAt ?? new Date();
  const settings = { prompt: 'a quiet harbour', seed: 7 } as EngineSettings;
  await db.insert(tasks).values({
    id: taskId,
    userId,
    taskType: 'txt2img',
    media: 'image',
    engine: 'local',
    status: 'done',
    settings,
    inputs: { images: [], videos: [], audios: [] },
    lane: 0,
    maxRunning: 1,
    cost: 0,
    requestId: taskId,
    createdAt: now,
    updatedAt: now,
  });
  const [work] = await db
    .insert(works)
    .values({
      userId,
      taskId,
      outputIdx: 0,
      kind: 'image',
      mediaKey: `outputs/${userId}/${taskId}/0.png`,
      thumbKey: `outputs/${userId}/${taskId}/0_thumb.webp`,
      mime: 'image/png',
      width: 512,
      height: 512,
      taskType: 'txt2img',
      seed: 7,
      settings: settings as unknown as Record<string, unknown>,
      title: 'Harbour',
      status: 'approved',
      createdAt: now,
      publishedAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  if (!work) throw new Error('work insert returned nothing');
  return work;
}
