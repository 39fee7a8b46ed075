import { z } from 'zod';
import { formatDuration, type ConnectionReport } from '../model-api/connection-report';

type Answer = { status: number; body: unknown; ms: number };

async function get(
  fetchFn: typeof fetch,
  url: string,
  headers: Record<string, string>,
): Promise<Answer | string> {
  const started = performance.now();
  try {
    const res = await fetchFn(url, { headers, signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: res.status, body, ms: performance.now() - started };
  } catch (err) {
    const cause: unknown = err instanceof Error ? err.cause : undefined;
    return cause instanceof Error ? cause.message : String(err);
  }
}

const accountSchema = z.object({ username: z.string() });

/**
 * Replicate: `GET /v1/account` proves the address and the token without running anything;
 * `GET /v1/models/{owner}/{name}` then says whether the model exists for this account.
 */
export async function testReplicateConnection(
  fetchFn: typeof fetch,
  apiRoot: string,
  token: string,
  model: string,
): Promise<ConnectionReport> {
  const auth = { authorization: `Bearer ${token}` };
  const account = await get(fetchFn, `${apiRoot}/account`, auth);
  if (typeof account === 'string') {
    return {
      ok: false,
      reachable: false,
      auth: 'unknown',
      details: [`Could not reach ${apiRoot}: ${account}`],
    };
  }
  const details = [`Reached ${apiRoot} in ${formatDuration(account.ms)}`];
  if (account.status === 401 || account.status === 403) {
    details.push(`The token was refused (HTTP ${account.status})`);
    return { ok: false, reachable: true, auth: 'refused', details };
  }
  const parsed = accountSchema.safeParse(account.body);
  if (account.status !== 200 || !parsed.success) {
    details.push(`GET /v1/account answered HTTP ${account.status}, not an account`);
    return { ok: false, reachable: true, auth: 'unknown', details };
  }
  details.push(`The token was accepted (account ${parsed.data.username})`);
  const [owner, name] = (model.split(':')[0] ?? '').split('/');
  const found = await get(fetchFn, `${apiRoot}/models/${owner}/${name}`, auth);
  if (typeof found !== 'string' && found.status === 200)
    details.push(`Model ${model} is available`);
  else if (typeof found !== 'string')
    details.push(`Model ${model} was not found (HTTP ${found.status})`);
  return { ok: true, reachable: true, auth: 'ok', details };
}

const healthSchema = z.object({ status: z.string() });
const openApiSchema = z.object({
  components: z.object({
    schemas: z.object({ Input: z.object({ properties: z.record(z.string(), z.unknown()) }) }),
  }),
});

/**
 * A Cog container: `GET /health-check` says whether the model is loaded (`READY`), and
 * `GET /openapi.json` lists the inputs it takes. Cog has no authentication of its own.
 */
export async function testCogConnection(
  fetchFn: typeof fetch,
  base: string,
): Promise<ConnectionReport> {
  const health = await get(fetchFn, `${base}/health-check`, {});
  if (typeof health === 'string') {
    return {
      ok: false,
      reachable: false,
      auth: 'unknown',
      details: [`Could not reach ${base}: ${health}`],
    };
  }
  const details = [`Reached the Cog container at ${base} in ${formatDuration(health.ms)}`];
  const status = healthSchema.safeParse(health.body);
  const ready = status.success && status.data.status === 'READY';
  details.push(
    status.success
      ? `The container says ${status.data.status}${ready ? '' : ' (not ready to run predictions yet)'}`
      : `GET /health-check answered HTTP ${health.status} without a status`,
  );
  details.push('A Cog container has no authentication; the token is not used');
  const schema = await get(fetchFn, `${base}/openapi.json`, {});
  const parsed = typeof schema === 'string' ? undefined : openApiSchema.safeParse(schema.body);
  if (parsed?.success) {
    details.push(
      `The model takes: ${Object.keys(parsed.data.components.schemas.Input.properties).join(', ')}`,
    );
  }
  return { ok: ready, reachable: true, auth: 'unknown', details };
}
