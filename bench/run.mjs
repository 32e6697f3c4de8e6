// `npm run bench`: runs every benchmark in turn; the exit code is non-zero when any budget is exceeded.
// Benchmarks are measurements, not tests: they are not part of `npm test`.
import { runBundleBench } from './bundle.mjs';
import { runUsersBench } from './api-users.mjs';
import { runChatBench } from './chat.mjs';
import { runAbuseBench } from './abuse.mjs';

const benches = [
  ['bundle', () => runBundleBench({ skipBuild: process.argv.includes('--skip-build') })],
  ['api-users', () => runUsersBench()],
  ['chat', () => runChatBench()],
  // Its budget: the server still answers after every attack.
  ['abuse', () => runAbuseBench()],
];

let ok = true;
for (const [name, bench] of benches) {
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
