#!/usr/bin/env node
// `npm start`: builds the web app and the server only when their output is missing or older than
// their sources (a fresh clone builds once; a restart builds nothing), then runs the compiled server
// in this process, so signals reach its graceful shutdown directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', '.vite']);
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/** Newest modification time under the given paths (tests and build output left out); 0 when none exist. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (!stat.isDirectory()) {
      if (!TEST_FILE.test(p)) newest = Math.max(newest, stat.mtimeMs);
      return;
    }
    for (const entry of readdirSync(p, { withFileTypes: true })) {
      if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
      visit(path.join(p, entry.name));
    }
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
}

const shared = ['packages/shared/src', 'packages/shared/package.json'];
const serverMain = path.join(root, 'apps/server/dist/main.js');
const targets = [
  // An operator who points WEB_DIST elsewhere provides that build; only the default location is built here.
  ...(process.env.WEB_DIST
    ? []
    : [{ workspace: '@acs/web', output: path.join(root, 'apps/web/dist/index.html'), inputs: ['apps/web', 'package-lock.json', ...shared] }]),
  { workspace: '@acs/server', output: serverMain, inputs: ['apps/server/src', 'apps/server/scripts/build.mjs', 'apps/server/package.json', ...shared] },
];

for (const target of targets) {
  const built = existsSync(target.output) ? statSync(target.output).mtimeMs : 0;
  if (built > newestMtime(target.inputs)) continue;
  console.log(`[start] building ${target.workspace} (${built ? 'sources changed' : 'no build yet'})`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`[start] build of ${target.workspace} failed`);
    process.exit(result.status ?? 1);
  }
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverMain).href);
