import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../src/paths';
import { API } from '../ai/runtime/support';

const PASSWORD = 'Never-Logged-9d4e';
const VISITOR_TOKEN = 'vt-never-logged-71c2';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let child: ChildProcess;
let output = '';
let base = '';
let dataDir = '';
let exited: Promise<number | null>;

const logLines = () =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; origin?: string });

beforeAll(async () => {
  // The bundle `npm start` runs, built as it builds it.
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_ROOT, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'acs-start-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}${API}`;
  child = spawn(process.execPath, ['dist/main.js'], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((resolve) => child.on('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (logLines().some((l) => l.msg === 'ready')) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then((code) => reject(new Error(`server exited with ${code} before it was ready:\n${output}`)));
  });
}, 90_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server (dist/main.js)', () => {
  it('starts a new install from the prepared database found beside the sources', () => {
    expect(logLines().find((l) => l.msg === 'ready')).toMatchObject({ origin: 'prepared' });
  });

  it('answers its health probes', async () => {
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'UP', components: { db: { status: 'UP' } } });
  });

  it('exits 0 on SIGTERM, and its log never held the login password or the stream token', async () => {
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD, code: '1', uuid: 'x' }),
    });
    expect(login.status).toBe(200);
    await fetch(`${base}/chat/stream?conversationId=1&visitorToken=${VISITOR_TOKEN}`);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const messages = logLines().map((l) => l.msg);
    expect(messages).toEqual(expect.arrayContaining(['incoming request', 'shutting down: finishing in-flight requests', 'shut down']));
    expect(output).toContain('visitorToken=%5BRedacted%5D');
    expect(output).not.toContain(PASSWORD);
    expect(output).not.toContain(VISITOR_TOKEN);
  });
});
