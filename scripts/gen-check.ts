#!/usr/bin/env tsx
// 代码生成 compile-and-test check (issue 13): generates every template for the sample tables into a
// temporary copy of the workspace, performs the developer's steps (register the routes, add the
// migration), then type-checks server and web, lints the generated files and runs the generated API
// tests there. Prints one line per template and check, then `N passed, N failed`; exits 1 on failure.
// `--report=<file>` also writes the counts as JSON (scripts/test-all.mjs reads them).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTable, type GeneratedFile } from '../apps/server/src/modules/tool/gen/templates/index';
import { SAMPLES } from '../apps/server/test/tool/gen/templates/samples';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// bench: server tests import its FAQ set.
const COPIED = ['apps/server', 'apps/web', 'packages/shared', 'bench'];
const ROOT_FILES = ['package.json', 'tsconfig.base.json', 'eslint.config.js', 'vitest.config.ts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.tmp', '.git', 'data', 'test-results', 'playwright-report']);
const MIGRATIONS = 'apps/server/src/db/migrations';
const MODULES_INDEX = 'apps/server/src/modules/index.ts';

/** Runs a command in the copy; resolves to its exit code and combined output. */
function run(cwd: string, command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (err) => resolve({ code: 1, output: `${output}${err.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The workspace without build output and dependencies; node_modules folders are linked, not copied. */
function copyWorkspace(dir: string): void {
  for (const file of ROOT_FILES) cpSync(path.join(root, file), path.join(dir, file));
  for (const rel of COPIED) {
    cpSync(path.join(root, rel), path.join(dir, rel), { recursive: true, filter: (src) => !SKIPPED_DIRS.has(path.basename(src)) });
  }
  for (const rel of ['.', ...COPIED]) {
    const modules = path.join(root, rel, 'node_modules');
    if (existsSync(modules)) symlinkSync(modules, path.join(dir, rel, 'node_modules'), 'dir');
  }
}

function writeFiles(dir: string, files: GeneratedFile[]): void {
  for (const file of files) {
    const target = path.join(dir, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.text);
  }
}

/** Step 1 of docs/generator.md: import the routes and add them to apiModules. */
function registerRoutes(dir: string, moduleName: string, businessName: string): void {
  const file = path.join(dir, MODULES_INDEX);
  const text = readFileSync(file, 'utf8');
  const withImport = text.replace(/\nexport const apiModules/, `import { ${businessName}Routes } from './${moduleName}/${businessName}/routes';\n\nexport const apiModules`);
  const withEntry = withImport.replace(/\n\];\s*$/, `\n  ${businessName}Routes,\n];\n`);
  if (withEntry === withImport || withImport === text) throw new Error(`${MODULES_INDEX} has changed shape; cannot register ${businessName}Routes`);
  writeFileSync(file, withEntry);
}

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

/** Step 2: what `drizzle-kit generate --custom --name <b>` creates (the next NNNN_<b>.sql and its journal entry), filled with migration.sql. */
function addMigration(dir: string, businessName: string, sql: string): void {
  const journalFile = path.join(dir, MIGRATIONS, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  const last = journal.entries[journal.entries.length - 1];
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_${businessName}`;
  journal.entries.push({ idx, version: last.version, when: last.when + idx, tag, breakpoints: true });
  writeFileSync(journalFile, `${JSON.stringify(journal, null, 2)}\n`);
  writeFileSync(path.join(dir, MIGRATIONS, `${tag}.sql`), sql);
}

/** tsc's `path(line,col): error …` lines. */
function errorsOf(output: string): string[] {
  return output.split('\n').filter((line) => /error TS\d+/.test(line));
}

interface Result {
  template: string;
  check: string;
  ok: boolean;
  detail: string;
}

async function main(): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gen-check-'));
  const results: Result[] = [];
  const record = (template: string, check: string, ok: boolean, detail = '') => {
    results.push({ template, check, ok, detail });
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${template.padEnd(6)} ${check}${detail ? `\n${detail}` : ''}`);
  };
  try {
    copyWorkspace(dir);
    const generated = SAMPLES.map((s) => {
      const model = s.model();
      const files = renderTable(model);
      writeFiles(dir, files);
      registerRoutes(dir, model.moduleName, model.businessName);
      addMigration(dir, model.businessName, files.find((f) => f.key === 'vm/sql/sql.vm')?.text ?? '');
      return { name: s.name, files };
    });
    // tsc prints paths relative to the copy's root, as the files' paths are.
    const owner = (line: string) => generated.find((g) => g.files.some((f) => line.startsWith(f.path)))?.name;
    const bin = (name: string) => path.join(dir, 'node_modules', '.bin', name);

    const [server, web] = await Promise.all([run(dir, bin('tsc'), ['-p', 'apps/server']), run(dir, bin('tsc'), ['-p', 'apps/web'])]);
    const tscErrors = [...errorsOf(server.output), ...errorsOf(web.output)];
    for (const g of generated) {
      const mine = tscErrors.filter((line) => owner(line) === g.name);
      record(g.name, 'type-check', mine.length === 0, mine.join('\n'));
    }
    const elsewhere = tscErrors.filter((line) => !owner(line));
    if (elsewhere.length > 0 || (tscErrors.length === 0 && (server.code !== 0 || web.code !== 0))) {
      record('other', 'type-check of the rest of the workspace', false, elsewhere.join('\n') || `${server.output}${web.output}`);
    }

    for (const g of generated) {
      const files = g.files.filter((f) => /\.tsx?$/.test(f.path)).map((f) => f.path);
      const lint = await run(dir, bin('eslint'), ['--max-warnings=0', ...files]);
      record(g.name, 'eslint', lint.code === 0, lint.code === 0 ? '' : lint.output.trim());
    }

    const tests = generated.map((g) => g.files.find((f) => f.key === 'vm/server/api.test.ts.vm')?.path ?? '');
    const report = path.join(dir, 'vitest.json');
    const vitest = await run(dir, bin('vitest'), ['run', '--project', 'server', '--maxWorkers=2', '--reporter=json', `--outputFile=${report}`, ...tests]);
    const json = existsSync(report)
      ? (JSON.parse(readFileSync(report, 'utf8')) as { testResults: { name: string; status: string; message?: string; assertionResults: { status: string; fullName: string; failureMessages: string[] }[] }[] })
      : { testResults: [] };
    for (const g of generated) {
      const test = tests[generated.indexOf(g)];
      const file = json.testResults.find((r) => r.name.endsWith(test));
      const failed = file?.assertionResults.filter((a) => a.status !== 'passed') ?? [];
      const passed = (file?.assertionResults.length ?? 0) - failed.length;
      const ok = Boolean(file) && file?.status === 'passed' && failed.length === 0;
      const detail = !file
        ? vitest.output.slice(-4000)
        : [file.message ?? '', ...failed.map((a) => `  ✗ ${a.fullName}\n${a.failureMessages.join('\n').slice(0, 2000)}`)].filter(Boolean).join('\n');
      record(g.name, `API test (${passed} passed)`, ok, ok ? '' : detail);
    }
  } finally {
    // GEN_CHECK_KEEP=1 leaves the copy for a closer look at a failure.
    if (process.env.GEN_CHECK_KEEP) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  const failed = results.filter((r) => !r.ok).length;
  const report = process.argv.find((a) => a.startsWith('--report='))?.slice('--report='.length);
  if (report) writeFileSync(report, JSON.stringify({ passed: results.length - failed, failed }));
  console.log(`${results.length - failed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

process.exit(await main());
