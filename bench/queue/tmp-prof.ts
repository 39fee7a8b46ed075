import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config/env';
import { openDatabase } from '../../apps/server/src/db/database';
const url = process.env.DATABASE_URL!;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-prof-'));
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: url, DAILY_LOGIN_CREDITS: '1000', NSFW_CHECK: 'off' });
const database = await openDatabase({ kind: 'postgres', url, poolSize: 30 });
await database.migrate();
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const post = async (p: string, body: object, ticket?: string) => (await (await fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(ticket ? { authorization: `Bearer ${ticket}` } : {}) }, body: JSON.stringify(body) })).json()) as any;
const tickets = await Promise.all(Array.from({ length: 100 }, async (_, i) => (await post('/prod-api/user/register', { username: `p${i}_${process.pid}`.slice(0, 18), password: 'Bench1234', confirm_password: 'Bench1234', agree_terms: true })).result.ticket));
const { Session } = await import('node:inspector/promises');
const session = new Session(); session.connect();
await session.post('Profiler.enable'); await session.post('Profiler.start');
const t0 = performance.now();
for (let round = 0; round < 3; round++) {
  await Promise.all(tickets.map(async (ticket, i) => { const r = await post('/api/gw/v3/image/txt2img/async', { prompt: `p ${round} ${i}`, request_id: `r-${round}-${i}` }, ticket); if (r.code !== 0) throw new Error(JSON.stringify(r)); }));
  // clear active tasks so the next round is not refused
  await database.db.execute(`update tasks set status = 'cancelled' where status = 'queued'` as any);
}
console.log('submits/s', 300 / ((performance.now() - t0) / 1000));
const { profile } = await session.post('Profiler.stop');
const self = new Map<string, number>();
const nodes = profile.nodes; const dt = profile.timeDeltas!; const samples = profile.samples!;
const byId = new Map(nodes.map((n: any) => [n.id, n]));
const counts = new Map<number, number>();
for (let i = 0; i < samples.length; i++) counts.set(samples[i]!, (counts.get(samples[i]!) ?? 0) + (dt[i] ?? 0));
let total = 0;
for (const [id, us] of counts) { const n: any = byId.get(id); const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/node_modules/').pop()?.split('/').slice(0, 3).join('/')}:${n.callFrame.lineNumber}`; self.set(key, (self.get(key) ?? 0) + us); total += us; }
const byPkg = new Map<string, number>();
for (const [k, us] of self) { const m = k.match(/ (\S+?):/); const pkg = (m?.[1] ?? '?').split('/').slice(0, 2).join('/'); byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + us); }
console.log('total ms', total / 1000);
console.log([...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(v / 1000).toFixed(0)}ms ${k}`).join('\n'));
console.log('---');
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${(v / 1000).toFixed(0)}ms ${k}`).join('\n'));
await app.close(); await database.close();
