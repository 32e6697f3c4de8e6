#!/usr/bin/env node
// `npm test`: lint, type-checks, Vitest, the generated-code check, web build and Playwright, in that order,
// then one summary.
// Every step runs even when an earlier one failed, so a single run shows everything that is broken;
// only Playwright is skipped when the web build it needs failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = path.join(root, '.tmp', 'reports');
const vitestReport = path.join(reportDir, 'vitest.json');
const playwrightReport = path.join(reportDir, 'playwright.json');
const genCheckReport = path.join(reportDir, 'gen-check.json');

/** Runs a command with inherited stdio (output streams live); resolves to its exit code and duration. */
function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', (err) => {
      console.error(`${title}: could not start: ${err.message}`);
      resolve({ code: 1, seconds: (Date.now() - started) / 1000 });
    });
    child.on('close', (code, signal) => {
      resolve({ code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 });
    });
  });
}

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    console.error(`could not read ${path.relative(root, file)}: ${err.message}`);
    return undefined;
  }
}

/**
 * Vitest's JSON counts tests; a file that fails to load has no failed test in it, so such a file
 * counts as one failure of its own. A missing report with a failing exit code counts as one.
 */
function vitestCounts(report, exitCode) {
  if (!report) return { passed: 0, failed: exitCode === 0 ? 0 : 1, skipped: 0 };
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
  const failed = report.numFailedTests + brokenFiles;
  return {
    passed: report.numPassedTests,
    failed: failed === 0 && exitCode !== 0 ? 1 : failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Playwright's JSON stats: a flaky test passed on retry, so it counts as passed. */
function playwrightCounts(report, exitCode) {
  const stats = report?.stats;
  if (!stats) return { passed: 0, failed: exitCode === 0 ? 0 : 1, skipped: 0 };
  const failed = stats.unexpected;
  return {
    passed: stats.expected + stats.flaky,
    failed: failed === 0 && exitCode !== 0 ? 1 : failed,
    skipped: stats.skipped,
  };
}

/** Failed Vitest tests as { title, message }; a file that failed to load is one, titled by its path. */
function vitestFailures(report) {
  const failures = [];
  for (const file of report?.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) failures.push({ title: `${path.relative(root, file.name)} › ${t.fullName}`, message: (t.failureMessages ?? []).join('\n') });
    if (file.status === 'failed' && failed.length === 0) failures.push({ title: path.relative(root, file.name), message: file.message ?? '' });
  }
  return failures;
}

/** Playwright tests that failed on their last try, with the error of that try. */
function playwrightFailures(report) {
  const failures = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const last = t.results?.at(-1);
        failures.push({ title: `${file ?? suite.file} › ${spec.title}`, message: last?.error?.message ?? last?.errors?.[0]?.message ?? '' });
      }
    }
    for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file);
  return failures;
}

/**
 * CI keeps only the tail of the log (about 25 lines), so the summary repeats why the first tests failed, a few lines each
 * (ANSI colours and stack frames outside the project removed), just above the summary.
 */
function printFailures(failures) {
  if (failures.length === 0) return;
  const shown = 3;
  console.log(`\n━━ failures (${failures.length})`);
  for (const f of failures.slice(0, shown)) {
    // eslint-disable-next-line no-control-regex -- the reporters colour their messages with ANSI escapes.
    const lines = f.message.replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trimEnd()).filter((l) => l.trim() !== '' && !/^\s*at .*(node_modules|node:|<anonymous>)/.test(l));
    console.log(`✗ ${f.title}`);
    for (const line of lines.slice(0, 4)) console.log(`    ${line.slice(0, 200)}`);
  }
  if (failures.length > shown) console.log(`… and ${failures.length - shown} more (see above)`);
}

/** A step without test counts (lint, type-check, build) is one passed or one failed check. */
const checkCounts = (code) => (code === 0 ? { passed: 0, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 });

mkdirSync(reportDir, { recursive: true });
rmSync(vitestReport, { force: true });
rmSync(playwrightReport, { force: true });
rmSync(genCheckReport, { force: true });

const suites = [];
async function step(name, command, args, counts, env) {
  const result = await run(name, command, args, env);
  const c = counts(result.code);
  suites.push({ name, ...c, code: result.code, seconds: result.seconds });
  return result.code;
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

await step('eslint', bin('eslint'), ['.'], checkCounts);
for (const project of ['packages/shared', 'apps/server', 'apps/web', 'e2e']) {
  await step(`tsc ${project}`, bin('tsc'), ['-p', project], checkCounts);
}
await step(
  'vitest',
  bin('vitest'),
  ['run', '--maxWorkers=2', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  (code) => vitestCounts(readJson(vitestReport), code),
);
// The 代码生成 templates, generated into a copy of the workspace, type-checked, linted and tested there.
await step('gen-check', bin('tsx'), ['scripts/gen-check.ts', `--report=${genCheckReport}`], (code) => {
  const report = readJson(genCheckReport);
  return report ? { passed: report.passed, failed: report.failed === 0 && code !== 0 ? 1 : report.failed, skipped: 0 } : checkCounts(code);
});
const buildCode = await step('web build', 'npm', ['run', 'build', '-w', '@acs/web'], checkCounts);
if (buildCode === 0) {
  await step(
    'playwright',
    bin('playwright'),
    ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    (code) => playwrightCounts(readJson(playwrightReport), code),
    { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
  );
} else {
  console.log('\n━━ playwright: skipped, the web build failed');
}

const total = suites.reduce(
  (sum, s) => ({ passed: sum.passed + s.passed, failed: sum.failed + s.failed, skipped: sum.skipped + s.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);

printFailures([...vitestFailures(readJson(vitestReport)), ...playwrightFailures(readJson(playwrightReport))]);
console.log('\n━━ summary');
for (const s of suites) {
  const status = s.code === 0 && s.failed === 0 ? 'ok  ' : 'FAIL';
  const counts = ['vitest', 'gen-check', 'playwright'].includes(s.name)
    ? ` ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}`
    : '';
  console.log(`${status} ${s.name.padEnd(20)}${counts.padEnd(36)} ${s.seconds.toFixed(1)}s`);
}
if (buildCode !== 0) console.log('FAIL playwright           not run (web build failed)');
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 || suites.some((s) => s.code !== 0) ? 1 : 0);
