// User list under load: GET /system/user/list (page of 20) over 100,000 users, as admin (no data scope)
// and as `ry` (role with custom data scope), on embedded PGlite and on PostgreSQL (TEST_DATABASE_URL).
// The server runs in its own process (bench/api-users-server.ts); this process is the load generator:
// one client alone (service time), 50 paced clients (the budget run) and 50 saturating clients (capacity),
// latencies measured per request; the server reports its own time and CPU per request over IPC.
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
const SINGLE_MS = 3_000;
/** Paced run: each of the 50 clients sends every 250 ms, 200 req/s in all. */
const PACE_MS = 250;
const LIST = '/prod-api/system/user/list?pageNum=1&pageSize=20';

function startServer(kind) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api-users-server.ts', kind], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve({ child, ...JSON.parse(line) }));
    child.once('exit', (code) => reject(new Error(`bench server (${kind}) exited with ${code}`)));
  });
}

/** One IPC round trip to the server process ('reset' or 'stats'). */
function ask(child, type) {
  return new Promise((resolve) => {
    const onMessage = (msg) => {
      if (msg.type !== type) return;
      child.off('message', onMessage);
      resolve(msg);
    };
    child.on('message', onMessage);
    child.send({ type });
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

/**
 * `clients` clients each sending the next request as soon as the previous answer is read (closed
 * loop, saturation), or with `paceMs` one request every `paceMs` per client on a fixed schedule,
 * latency counted from the scheduled time so a slow answer is not hidden by a late send.
 */
async function load(pool, token, durationMs, clients = CONNECTIONS, paceMs = 0) {
  const headers = { authorization: `Bearer ${token}` };
  const latencies = [];
  let errors = 0;
  let total = -1;
  const until = performance.now() + durationMs;
  const client = async (_, index) => {
    let next = performance.now() + (paceMs * index) / clients;
    while (performance.now() < until) {
      if (paceMs) {
        const wait = next - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      const t0 = paceMs ? next : performance.now();
      next += paceMs;
      const res = await pool.request({ method: 'GET', path: LIST, headers });
      const body = await res.body.json();
      latencies.push(performance.now() - t0);
      if (body.code !== 200 || body.rows.length === 0) errors++;
      else total = body.total;
    }
  };
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(Array.from({ length: clients }, client));
  const cpu = process.cpuUsage(cpu0);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    total,
    /** CPU of this load generator per request: it shares the machine with the server. */
    clientCpuPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length),
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
      // Service time without queueing: one client, one request at a time.
      const single = await load(pool, token, SINGLE_MS, 1);
      await ask(server.child, 'reset');
      const r = await load(pool, token, DURATION_MS);
      const stats = await ask(server.child, 'stats');
      const paced = await load(pool, token, DURATION_MS, CONNECTIONS, PACE_MS);
      const inServer = stats.elapsed.sort((a, b) => a - b);
      const server_ = {
        p50: percentile(inServer, 50),
        p99: percentile(inServer, 99),
        cpuPerRequest: stats.cpuMs / Math.max(1, inServer.length),
      };
      console.log(
        `${kind} ${user}: ${r.requests} requests, ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ` +
          `in-server p50 ${server_.p50.toFixed(1)} ms p99 ${server_.p99.toFixed(1)} ms, Node CPU ${server_.cpuPerRequest.toFixed(2)} ms/req, client CPU ${r.clientCpuPerRequest.toFixed(2)} ms/req; ` +
          `single client p50 ${single.p50.toFixed(2)} ms p99 ${single.p99.toFixed(2)} ms; ` +
          `paced ${paced.rps.toFixed(0)} req/s p50 ${paced.p50.toFixed(1)} ms p99 ${paced.p99.toFixed(1)} ms; total ${r.total}, errors ${r.errors + single.errors + paced.errors}`,
      );
      out.push({ kind: server.kind, user, ...r, errors: r.errors + single.errors + paced.errors, server: server_, single, paced });
    }
    return out;
  } finally {
    await pool.close();
    await stopServer(server.child);
  }
}

export async function runUsersBench() {
  const available = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
  // BENCH_KINDS=postgres (or pglite) runs one backend, for quick comparisons.
  const kinds = process.env.BENCH_KINDS ? available.filter((k) => process.env.BENCH_KINDS.split(',').includes(k)) : available;
  const results = [];
  for (const kind of kinds) results.push(...(await benchBackend(kind)));
  const budgetOf = (r) => (r.kind === 'pglite' ? 100 : 20);
  const within = (r) => r.paced.p99 <= budgetOf(r);
  const ms = (v) => v.toFixed(1);
  const rows = results.map(
    (r) =>
      `| ${r.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} | ${r.user === 'admin' ? 'admin (all data)' : 'ry (custom scope)'} | ${r.total.toLocaleString('en')} ` +
      `| ${ms(r.single.p50)} / ${ms(r.single.p99)} | ${r.server.cpuPerRequest.toFixed(2)} ` +
      `| ${ms(r.paced.p50)} / **${ms(r.paced.p99)}** | ≤ ${budgetOf(r)} ${within(r) ? 'within' : '**over**'} ` +
      `| ${r.rps.toFixed(0)} | ${ms(r.p50)} / ${ms(r.p99)} | ${ms(r.server.p50)} / ${ms(r.server.p99)} | ${r.errors} |`,
  );
  writeDocSection(
    path.join(root, 'docs', 'benchmarks.md'),
    'User list (100,000 users)',
    `Measured ${new Date().toISOString().slice(0, 10)} on a 2-core / 24 GiB machine (${os.cpus().length} CPUs seen by Node, shared with other
work: figures move by ±20 % between runs) with \`node bench/run.mjs\` (bench \`api-users\`, \`BENCH_KINDS=postgres\` for one backend).

100,000 users over departments 100–109 on top of the seed data (then \`vacuum analyze\`, as autovacuum would); GET
\`/system/user/list?pageNum=1&pageSize=20\` through a real listening server (its own process, loopback; log level silent) from a
load generator in another process (undici pool, ${CONNECTIONS} keep-alive connections, one request in flight per connection; it
uses 0.2–0.4 ms CPU per request). \`admin\` has no data-scope restriction; \`ry\`'s role has custom scope (depts 100, 101, 105), so
its count and page queries carry the scope predicate. "Total" is the list's \`total\` as each user sees it (exact).

Per backend and user, after a ${WARMUP_MS / 1000} s warm-up:
- **single client**: one request at a time for ${SINGLE_MS / 1000} s — the service time of one request, no queueing;
- **Node CPU**: server-process CPU per request during the saturation run (includes PGlite's engine; not PostgreSQL's backends);
- **paced**: ${CONNECTIONS} clients each sending every ${PACE_MS} ms (${(CONNECTIONS * 1000) / PACE_MS} req/s), latency from the scheduled send
  time — the budget (DESIGN §7: PostgreSQL p99 ≤ 20 ms, PGlite ≤ 100 ms, 50 concurrent clients) is judged on this run;
- **saturation**: ${CONNECTIONS} clients, each sending its next request as soon as the answer arrives, for ${DURATION_MS / 1000} s — capacity;
  latency here is queueing (Little's law: 50 in flight ÷ throughput), and "in-server" is from Node's \`request\` event to the
  response's \`finish\`.

| Database | User | Total | single client p50 / p99 (ms) | Node CPU (ms/req) | paced p50 / p99 (ms) | budget (ms) | saturation req/s | saturation p50 / p99 (ms) | in-server p50 / p99 (ms) | Errors |
|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|
${rows.join('\n')}

Before this round (commit 6e643c4), same machine and bench, run back to back with the figures above at the time of the change:

| Database | User | single client p50 / p99 (ms) | Node CPU (ms/req) | saturation req/s | saturation p50 / p99 (ms) |
|---|---|---:|---:|---:|---:|
| PGlite (embedded) | admin (all data) | 26.5 / 33.0 | 27.56 | 38 | 1284.4 / 1338.6 |
| PGlite (embedded) | ry (custom scope) | 32.6 / 85.1 | 32.43 | 32 | 1547.0 / 1601.1 |
| PostgreSQL | admin (all data) | 18.4 / 22.8 | 2.59 | 114 | 442.7 / 556.4 |
| PostgreSQL | ry (custom scope) | 22.7 / 41.4 | 2.48 | 90 | 556.1 / 722.0 |

(The first published run, on a machine loaded by other builds — load average 14 — gave PGlite 7 req/s, p99 8.5 s and
PostgreSQL 30 req/s, p99 2.7 s.)

Where the time went (EXPLAIN ANALYZE on PostgreSQL and PGlite, CPU profiles of the server under load):
- The page itself was never the problem: \`sys_user_pkey\` in \`user_id\` order with \`limit 20\`, a memoized join to \`sys_dept\`,
  0.1–0.3 ms execution (+0.2–0.9 ms planning). The exact \`count(*)\` for \`total\` was: a sequential scan of sys_user,
  30–50 ms on PostgreSQL and 13–25 ms of PGlite's single thread per request, ~35 ms of PostgreSQL CPU per request in all —
  PostgreSQL saturated at ~110 req/s with Node idle half the time; PGlite spent 27–32 ms of its one thread per request.
- In Node, per request: WebCrypto HMAC verification of the same JWT (~0.55 ms), the reply serializer's per-key replacer (~0.3 ms),
  PGlite parsing the joined department's audit columns (~0.3–0.7 ms), drizzle SQL building and the pg protocol (~0.8 ms).

What changed:
- **Count cache with exact totals** (\`core/list/count-cache.ts\`, migrations 0001/0002): statement-level triggers on sys_user
  (insert, delete, and updates of dept_id, del_flag, status, user_name, phonenumber, create_time — not login bookkeeping), sys_dept
  (dept_id, ancestors) and sys_role_dept bump \`sys_count_version('sys_user')\` inside the writing transaction. The list reads its
  count and that version in one statement (one snapshot) and reuses the count, keyed by the count's SQL text and parameters
  (every filter and the caller's data scope), while the version read by a prepared one-row lookup is unchanged. Readers see the
  new version exactly when they see the new rows, on every server instance, so \`total\` stays exact. Per database, 500 keys, LRU.
- **Partial index** \`idx_sys_user_live_dept (dept_id) where del_flag = '0'\`: a cache miss is an index-only scan
  (PostgreSQL admin 34–44 → 11–23 ms, custom scope 32 → 5 ms).
- **Per-request overhead**: verified JWTs remembered (bounded map; tokens carry no time claims, so a token that verified once always
  does), dates serialised by swapping \`Date.prototype.toJSON\` for the synchronous stringify instead of a replacer (0.16 → 0.07 ms per
  page), the nested department reads only its 10 wire fields.
- Looked at and left: pool size (5 vs 20 connections: no difference beyond noise), the session load (one in-memory/Redis get; the
  sliding refresh writes only when ≤ 20 minutes are left), operation log and XSS hooks (not on GET routes), the page query
  (already index-ordered; keyset paging would change the contract's pageNum semantics).

Reading: each request now costs ~2–4 ms end to end with nothing queued (one prepared version lookup and the page query; PGlite's
engine shares Node's thread), 6–15× less than before, and throughput rose 4–8×. The budget is not met yet: at a paced 200 req/s
the p50 is 2–4 ms but the p99 is set by stalls of 30–110 ms that come and go with the other processes on these 2 cores (the same
run varies by 3× in p99 between users and between runs; see the verdict column of the latest run). Under saturation, 50
requests always in flight on 2 cores shared by the server, PostgreSQL and the load generator queue behind each other: p99 is
100–300 ms on PostgreSQL at 450–800 req/s — capacity (Node CPU ~1.4 ms per request caps one process near 700 req/s), not
per-request cost. A 20 ms p99 with 50 clients permanently in flight needs ~2,500 req/s: more cores or server processes, and
fewer round trips per request (next step: fold the version lookup into the page query). PGlite's engine is
single-threaded by design, so its capacity is ~300 req/s.`,
  );
  return results.every((r) => r.errors === 0 && within(r));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit((await runUsersBench()) ? 0 : 1);
}
