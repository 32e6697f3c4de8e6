// User list under load: GET /system/user/list (page of 20) over 100,000 users, as admin (no data scope)
// and as `ry` (role with custom data scope), on embedded PGlite and on PostgreSQL (TEST_DATABASE_URL).
// The server runs in its own process (bench/api-users-server.ts); this process is the load generator:
// 50 concurrent clients on loopback for ~10 s each, latencies measured per request.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { Pool } from 'undici';
import { writeDocSection } from './doc-section.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 50;
const DURATION_MS = 10_000;
const WARMUP_MS = 1_000;
const LIST = '/prod-api/system/user/list?pageNum=1&pageSize=20';

function startServer(kind) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api-users-server.ts', kind], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve({ child, ...JSON.parse(line) }));
    child.once('exit', (code) => reject(new Error(`bench server (${kind}) exited with ${code}`)));
  });
}

async function stopServer(child) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function login(pool, username) {
  const res = await pool.request({
    method: 'POST',
    path: '/prod-api/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'admin123' }),
  });
  const body = await res.body.json();
  if (!body.token) throw new Error(`login ${username}: ${body.msg}`);
  return body.token;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** `CONNECTIONS` clients each sending the next request as soon as the previous answer is read. */
async function load(pool, token, durationMs) {
  const headers = { authorization: `Bearer ${token}` };
  const latencies = [];
  let errors = 0;
  let total = -1;
  const until = performance.now() + durationMs;
  const client = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const res = await pool.request({ method: 'GET', path: LIST, headers });
      const body = await res.body.json();
      latencies.push(performance.now() - t0);
      if (body.code !== 200 || body.rows.length === 0) errors++;
      else total = body.total;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    total,
  };
}

async function benchBackend(kind) {
  const server = await startServer(kind);
  const pool = new Pool(`http://127.0.0.1:${server.port}`, { connections: CONNECTIONS, pipelining: 1 });
  try {
    const out = [];
    for (const user of ['admin', 'ry']) {
      const token = await login(pool, user);
      await load(pool, token, WARMUP_MS);
      const r = await load(pool, token, DURATION_MS);
      console.log(
        `${kind} ${user}: ${r.requests} requests, ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, total ${r.total}, errors ${r.errors}`,
      );
      out.push({ kind: server.kind, user, ...r });
    }
    return out;
  } finally {
    await pool.close();
    await stopServer(server.child);
  }
}

export async function runUsersBench() {
  const kinds = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
  const results = [];
  for (const kind of kinds) results.push(...(await benchBackend(kind)));
  const rows = results.map(
    (r) =>
      `| ${r.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} | ${r.user === 'admin' ? 'admin (all data)' : 'ry (custom scope)'} | ${r.total.toLocaleString('en')} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`,
  );
  writeDocSection(
    path.join(root, 'docs', 'benchmarks.md'),
    'User list (100,000 users)',
    `Measured 2026-11-22 on a 2-core / 24 GiB machine (${os.cpus().length} CPUs seen by Node) with \`node bench/run.mjs\` (bench \`api-users\`).

100,000 users over departments 100–109 on top of the seed data; GET \`/system/user/list?pageNum=1&pageSize=20\` through a real listening
server (separate process, loopback) by ${CONNECTIONS} concurrent clients (undici pool, one request in flight per connection) for
${DURATION_MS / 1000} s after a ${WARMUP_MS / 1000} s warm-up. \`admin\` has no data-scope restriction; \`ry\`'s role has custom scope
(depts 100, 101, 105), so its count and page queries carry the scope predicate. "Total" is the list's \`total\` as each user sees it.

| Database | User | Total | Req/s | p50 (ms) | p99 (ms) | Errors |
|---|---|---:|---:|---:|---:|---:|
${rows.join('\n')}

Each request counts the matching users (\`count(*)\` with the scope predicate) and reads one page joined to its department,
ordered by \`user_id\` (primary key). Indexes in use: \`sys_user_pkey\`, \`idx_sys_user_dept\`.`,
  );
  return results.every((r) => r.errors === 0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit((await runUsersBench()) ? 0 : 1);
}
