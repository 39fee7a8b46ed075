import { z } from 'zod';

/** `GET /version.json`: polled by the web app every 60 s (spec §4). */
export const versionInfoSchema = z.object({ version: z.string() });
export type VersionInfo = z.infer<typeof versionInfoSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  /** While the database answers: its server and version, e.g. `PostgreSQL 18.4`. */
  database_version: z.string().optional(),
});
