/**
 * Throughput of routes of a running server, each as a ratio to a reference route measured in
 * the same run: rounds alternate the routes, so a busy machine slows them alike.
 *
 *   node --import tsx bench/http/compare.ts <base URL> [connections] [seconds] [rounds] [reference] [routes…]
 *   node --import tsx bench/http/compare.ts http://127.0.0.1:8080 50 5 3 /version.json '/prod-api/content/community/explore?sort=new'
 */
import http from 'node:http';
import os from 'node:os';

const [
  base = 'http://127.0.0.1:8080',
  connectionsArg = '50',
  secondsArg = '5',
  roundsArg = '3',
  reference = '/version.json',
  ...routes
] = process.argv.slice(2);
const connections = Number(connectionsArg);
const seconds = Number(secondsArg);
const rounds = Number(roundsArg);
const target = new URL(base);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: target.hostname,
        port: target.port,
        path,
        agent,
        headers: { 'accept-encoding': 'br, gzip' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
  });
}

async function load(path: string) {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const status = await get(path);
        latencies.push(performance.now() - t0);
        if (status !== 200) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return {
    rps: latencies.length / ((performance.now() - started) / 1000),
    p50: at(0.5),
    p99: at(0.99),
    errors,
  };
}

const all = [reference, ...routes];
// Warm the JIT and any shared caches.
for (const path of all) await get(path);
console.log(
  `${connections} connections, ${seconds} s per route, ${rounds} rounds, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log('| round | route | req/s | p50 ms | p99 ms | errors | ÷ reference |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
const ratios = new Map<string, number[]>(routes.map((r) => [r, []]));
for (let round = 1; round <= rounds; round++) {
  const ref = await load(reference);
  console.log(
    `| ${round} | \`${reference}\` | ${ref.rps.toFixed(0)} | ${ref.p50.toFixed(1)} | ${ref.p99.toFixed(1)} | ${ref.errors} | 1 |`,
  );
  for (const path of routes) {
    const r = await load(path);
    const ratio = r.rps / ref.rps;
    ratios.get(path)!.push(ratio);
    console.log(
      `| ${round} | \`${path}\` | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${ratio.toFixed(2)} |`,
    );
  }
}
for (const [path, r] of ratios) console.log(`${path}: ${r.map((x) => x.toFixed(2)).join(', ')}`);
agent.destroy();
