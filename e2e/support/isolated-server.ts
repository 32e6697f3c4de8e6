import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API } from './session';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface IsolatedServer {
  baseURL: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A second product server of its own, started the way playwright.config.ts starts the shared one, for
 * a flow that ends every other session (缓存列表's 清理全部): on the shared server it would sign out
 * the specs running beside it.
 */
export async function startIsolatedServer(timeoutMs = 120_000): Promise<IsolatedServer> {
  const port = await freePort();
  const dataDir = path.join(repoRoot, '.tmp', 'e2e-data', `isolated-${port}`);
  const child = spawn('sh', ['-c', 'npx tsx e2e/prepare-db.ts && exec npx tsx apps/server/src/main.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist'),
      LOG_LEVEL: 'warn',
    },
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    // The shell and the servers it started form their own process group, ended together.
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`isolated server exited with ${child.exitCode}`);
    const ready = await fetch(`${baseURL}${API}/captchaImage`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { baseURL, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`isolated server not ready on ${baseURL} after ${timeoutMs} ms`);
}
