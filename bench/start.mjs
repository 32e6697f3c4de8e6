// Start-time benchmark: how long `npm start` takes until the server is ready (GET /health/ready answers
// 200), on a fresh checkout (no builds, no data: builds the web app and the server, starts from the
// prepared database), on later starts (builds current, data present) and on a restart (SIGTERM to the
// running server, then a new start), with the same later start of the sources through tsx beside it.
// Starts run `node scripts/start.mjs` (what `npm start` runs): npm does not pass SIGTERM on to its
// script, so exit codes are read from the server itself; npm's own start-up is measured apart.
// Writes the "Start time" section of docs/benchmarks.md; fails when a later start takes over 3 s.
// Alone: `npm run start-time -w @acs/bench` or `node bench/start.mjs [--skip-cold] [--runs N]`.
// The cold run deletes apps/web/dist and apps/server/dist (build output) and rebuilds them.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { writeDocSection } from './doc-section.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LATER_START_BUDGET_MS = 3000;
const READY_TIMEOUT_MS = 10 * 60_000;
const API = '/prod-api';

const arg = (name) => process.argv.includes(name);
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg === -1 ? 5 : Number(process.argv[runsArg + 1]);

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux; clock ticks of 1/100 s). */
function cpuSeconds(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return NaN;
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function isReady(port) {
  try {
    return (await fetch(`http://127.0.0.1:${port}${API}/health/ready`)).status === 200;
  } catch {
    return false;
  }
}

/**
 * Starts `command` in its own process group and resolves once the server answers ready: the elapsed
 * ms, whether it built anything, and a stop() that sends SIGTERM to the group (as a terminal's Ctrl-C
 * reaches every process of the command) and resolves with the exit code and the ms it took.
 */
async function start(command, args, env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  let gone = false;
  void exited.then(() => (gone = true));
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  while (!(await isReady(port))) {
    if (gone) throw new Error(`${command} ${args.join(' ')} exited before it was ready:\n${output}`);
    if (performance.now() - started > READY_TIMEOUT_MS) {
      killGroup('SIGKILL');
      throw new Error('not ready in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const ms = performance.now() - started;
  return {
    ms,
    cpu: cpuSeconds(child.pid),
    built: output.includes('[start] building'),
    async stop() {
      const stopping = performance.now();
      killGroup('SIGTERM');
      const code = await exited;
      return { code, ms: performance.now() - stopping };
    },
  };
}

const npmStart = (env) => start('npm', ['start'], env);
const scriptStart = (env) => start(process.execPath, ['scripts/start.mjs'], env);
const tsxStart = (env) => start(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], env);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
const fmtSummary = (s) => `${fmt(s.median)} (best ${fmt(s.best)})`;

const summary = (xs) => ({ median: median(xs), best: Math.min(...xs) });

/**
 * Later starts, round by round: in each round every variant starts once (so load from other work on
 * the machine falls on all of them alike), then one restart: SIGTERM to a running server until a new
 * one answers ready.
 */
async function rounds(variants, env) {
  const ready = new Map(variants.map(([label]) => [label, []]));
  const cpu = new Map(variants.map(([label]) => [label, []]));
  const stops = [];
  const restarts = [];
  for (let i = 0; i < RUNS; i++) {
    for (const [label, startOnce, { checkExit = true } = {}] of variants) {
      const s = await startOnce(env);
      if (s.built) throw new Error(`${label}: a later start built again`);
      ready.get(label).push(s.ms);
      cpu.get(label).push(s.cpu * 1000);
      const stop = await s.stop();
      if (checkExit && stop.code !== 0) throw new Error(`${label}: exit code ${stop.code} after SIGTERM`);
      if (checkExit) stops.push(stop.ms);
    }
    const running = await scriptStart(env);
    const restartBegins = performance.now();
    const stopped = await running.stop();
    if (stopped.code !== 0) throw new Error(`restart: exit code ${stopped.code}`);
    const next = await scriptStart(env);
    restarts.push(performance.now() - restartBegins);
    await next.stop();
  }
  for (const [label, times] of ready) console.log(`${label}: ready in ${times.map(fmt).join(', ')}`);
  console.log(`restart: ${restarts.map(fmt).join(', ')}; shutdown: ${stops.map(fmt).join(', ')}`);
  return {
    ready: new Map([...ready].map(([label, times]) => [label, summary(times)])),
    cpu: new Map([...cpu].map(([label, times]) => [label, median(times)])),
    restart: summary(restarts),
    stop: summary(stops),
  };
}

export async function runStartBench({ skipCold = false } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'acs-bench-start-'));
  const env = { DATA_DIR: dataDir };
  const rows = [];
  const loadBefore = os.loadavg()[0];
  try {
    if (!skipCold) {
      rmSync(path.join(root, 'apps/web/dist'), { recursive: true, force: true });
      rmSync(path.join(root, 'apps/server/dist'), { recursive: true, force: true });
      const cold = await npmStart(env);
      if (!cold.built) throw new Error('the cold start did not build');
      console.log(`cold first start (builds web + server, new data from the prepared database): ${fmt(cold.ms)}`);
      rows.push(['`npm start`, fresh checkout: builds web + server, new database from the prepared dump', fmt(cold.ms), '']);
      await cold.stop();
    } else {
      // Builds current and a database present, as the later starts need.
      const first = await scriptStart(env);
      await first.stop();
    }

    const SCRIPT = '`node scripts/start.mjs` (what `npm start` runs), later start: builds current, database present';
    const NPM = 'the same through the npm CLI (`npm start`)';
    const TSX = 'for comparison: the sources through tsx (`node --import tsx apps/server/src/main.ts`)';
    const measured = await rounds(
      [
        [SCRIPT, scriptStart],
        [NPM, npmStart, { checkExit: false }],
        [TSX, tsxStart],
      ],
      env,
    );
    // npm's own process is not the server's: its CPU time says nothing about the start.
    for (const label of [SCRIPT, NPM, TSX]) rows.push([label, fmtSummary(measured.ready.get(label)), label === NPM ? '' : fmt(measured.cpu.get(label))]);
    rows.push(['restart: SIGTERM to the running server until a new one answers ready', fmtSummary(measured.restart), '']);
    rows.push(['shutdown: SIGTERM until the process has exited 0', fmtSummary(measured.stop), '']);
    const later = measured.ready.get(SCRIPT);

    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const machine = `${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
    const ok = later.median <= LATER_START_BUDGET_MS;
    writeDocSection(
      path.join(root, 'docs/benchmarks.md'),
      'Start time',
      [
        `Measured ${new Date().toISOString().slice(0, 10)} by \`bench/start.mjs\` on ${machine}; 1-minute load average ${loadBefore.toFixed(1)} before and ${os.loadavg()[0].toFixed(1)} after (other work shared the machine).`,
        'Time from running the command until `GET /prod-api/health/ready` answers 200; embedded database (PGlite) in a new data directory.',
        '',
        `Median of ${RUNS} rounds (best in brackets); in each round every variant starts once.`,
        '',
        'CPU: user + system time the server process had used when it was ready (median), which other work on the',
        'machine affects far less than the wall time.',
        '',
        '| start | time until ready | CPU until ready |',
        '|---|---|---|',
        ...rows.map(([what, time, cpu]) => `| ${what} | ${time} | ${cpu} |`),
        '',
        `Budget: a later start ≤ ${fmt(LATER_START_BUDGET_MS)}: ${ok ? 'met' : 'over'}. Before issue 8, \`npm start\` built the web app at`,
        'every start and then ran the sources through tsx (the tsx row plus a web build), and needed the dev toolchain.',
      ].join('\n'),
    );
    return ok;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit((await runStartBench({ skipCold: arg('--skip-cold') })) ? 0 : 1);
}
