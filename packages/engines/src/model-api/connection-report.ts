/**
 * What "Test connection" on the admin Engines page shows for a hosted model API: whether the
 * server answered, whether it took the credentials, and what was checked, in plain English.
 */
export type ConnectionReport = {
  /** Reachable and the credentials were not refused. */
  ok: boolean;
  reachable: boolean;
  /** `unknown` where the API has no way to check the key without running a job. */
  auth: 'ok' | 'refused' | 'unknown';
  details: string[];
};

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
