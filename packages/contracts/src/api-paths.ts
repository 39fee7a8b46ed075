/** API paths shared by the server routes, the web client and the tests (spec §7). */
export const apiPaths = {
  health: '/healthz',
  version: '/version.json',
  openapi: '/api/openapi.json',
  docs: '/api/docs',
  trackingEvents: '/api/dc/v1/events',
  algoConfigList: '/prod-api/content/algo_config/list',
} as const;

/** Prefixes whose answers use the `{ code, msg, result }` envelope. */
export const apiPrefixes = ['/prod-api', '/api', '/capi', '/worker'] as const;

export function isApiPath(path: string): boolean {
  return apiPrefixes.some((p) => path === p || path.startsWith(`${p}/`));
}
