// `npm run bench`: runs every benchmark in turn; the exit code is non-zero when any budget is exceeded.
// Benchmarks are measurements, not tests: they are not part of `npm test`.
import { runBundleBench } from './bundle.mjs';
import { runUsersBench } from './api-users.mjs';
import { runChatBench } from './chat.mjs';
import { runAbuseBench } from './abuse.mjs';
import { runLeadsBench } from './leads/run.mjs';
import { runFaqBench } from './faq/run.mjs';

const benches = [
  ['bundle', () => runBundleBench({ skipBuild: process.argv.includes('--skip-build') })],
  ['api-users', () => runUsersBench()],
  ['chat', () => runChatBench()],
  // Its budget: precision and recall of lead capture ≥ 99 % per field.
  ['leads', () => runLeadsBench()],
  // Its budget: the FAQ targets (answered right ≥ 90 %, false answers ≤ 5 %, right entry answered or offered
  // ≥ 97 %) and planTurn p95 ≤ 20 ms at 500 entries, ≤ 50 ms at 10,000.
  ['faq', () => runFaqBench()],
  // Its budget: the server still answers after every attack.
  ['abuse', () => runAbuseBench()],
];

// `npm run bench -- faq leads` runs only the benches named.
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const unknown = only.filter((name) => !benches.some(([known]) => known === name));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(', ')}; benches: ${benches.map(([name]) => name).join(', ')}`);
  process.exit(1);
}

let ok = true;
for (const [name, bench] of benches) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`\n━━ bench ${name}`);
  try {
    if (!(await bench())) {
      console.error(`bench ${name}: over budget`);
      ok = false;
    }
  } catch (err) {
    console.error(`bench ${name}: ${err instanceof Error ? err.message : String(err)}`);
    ok = false;
  }
}
process.exit(ok ? 0 : 1);
