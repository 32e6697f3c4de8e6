// Bundle-size benchmark: builds the web app, follows Vite's manifest from the console entry through the
// login route (and then the shell and the workbench), and from the public entry through /chat and /home, along static
// imports, and measures what a first visit downloads, JS and CSS, compressed as a server would send it.
// Writes the "Bundle size" section of docs/benchmarks.md and fails when a budget is exceeded.
// Alone: `node bench/bundle.mjs [--skip-build] [--dist <dir>]` (a given dist is measured as it is, not built).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { writeDocSection } from './doc-section.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const defaultDist = path.join(root, 'apps/web/dist');
/** Decimal kilobytes, the unit of the budgets and of the RuoYi reference figure (651,815 B ≈ 652 KB). */
const KB = 1000;

/** Budgets of DESIGN.md §7, in gzip bytes of JS + CSS. */
const BUDGET = { login: 160 * KB, shell: 350 * KB };
/**
 * The public pages (the customer chat, the /home landing page) open on customers' phones, often on mobile
 * data: their own light entry (no antd, no console router, stores or request layer) keeps them well under
 * the login page (issues 8 and 9).
 */
const PUBLIC_BUDGET = 90 * KB;
/** RuoYi-Vue3 3.9.2 login first load, code only, gzip -9 (reference/ruoyi-vue3-screens.md §8.5). */
const RUOYI_LOGIN_GZIP = 651_815;

/** Manifest keys are source paths relative to apps/web. */
const SOURCES = {
  entry: 'index.html',
  publicEntry: 'public.html',
  login: 'src/pages/login/index.tsx',
  layout: 'src/layout/index.tsx',
  workbench: 'src/pages/index/index.tsx',
  chat: 'src/pages/chat/index.tsx',
  home: 'src/pages/home/index.tsx',
};

function build() {
  const res = spawnSync('npm', ['run', 'build', '-w', '@acs/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`web build failed (exit ${res.status})`);
}

function readManifest(dist) {
  const file = path.join(dist, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${path.relative(root, file)} is missing: the build must keep build.manifest on`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Output files a chunk needs before it can run: itself, its static imports (recursively) and their CSS. */
function closure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

/** Sizes of a build's files (relative to `dist`), each compressed once. */
function sizer(dist) {
  const cache = new Map();
  return (file) => {
    if (!cache.has(file)) {
      const buf = readFileSync(path.join(dist, file));
      cache.set(file, {
        raw: buf.length,
        gzip: gzipSync(buf, { level: 9 }).length,
        brotli: brotliCompressSync(buf, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      });
    }
    return cache.get(file);
  };
}

function total(measure, files) {
  const sum = { raw: 0, gzip: 0, brotli: 0, js: 0, css: 0 };
  for (const f of files) {
    const m = measure(f);
    sum.raw += m.raw;
    sum.gzip += m.gzip;
    sum.brotli += m.brotli;
    if (f.endsWith('.css')) sum.css += m.gzip;
    else sum.js += m.gzip;
  }
  return sum;
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

function machine() {
  const name = process.env.BENCH_MACHINE ?? os.hostname();
  const gib = Math.round(os.totalmem() / 1024 ** 3);
  return `${name} (${os.cpus().length} cores ${os.cpus()[0]?.model.trim() ?? ''}, ${gib} GiB, Node ${process.versions.node})`;
}

function fileRows(measure, files, loginFiles) {
  return [...files]
    .sort((a, b) => measure(b).gzip - measure(a).gzip)
    .map((f) => {
      const m = measure(f);
      const n = (v) => v.toLocaleString('en');
      return `| \`${f}\` | ${loginFiles.has(f) ? 'yes' : ''} | ${n(m.raw)} | ${n(m.gzip)} | ${n(m.brotli)} |`;
    });
}

export function runBundleBench({ skipBuild = false, distDir } = {}) {
  const dist = distDir ? path.resolve(distDir) : defaultDist;
  if (!skipBuild && !distDir) build();
  const manifest = readManifest(dist);
  const measure = sizer(dist);
  const loginFiles = closure(manifest, [SOURCES.entry, SOURCES.login]);
  const shellFiles = closure(manifest, [SOURCES.entry, SOURCES.login, SOURCES.layout, SOURCES.workbench]);
  const chatFiles = closure(manifest, [SOURCES.publicEntry, SOURCES.chat]);
  const homeFiles = closure(manifest, [SOURCES.publicEntry, SOURCES.home]);
  const html = measure('index.html');
  const results = [
    { name: 'login first load', files: loginFiles, sum: total(measure, loginFiles), budget: BUDGET.login },
    { name: 'shell + workbench', files: shellFiles, sum: total(measure, shellFiles), budget: BUDGET.shell },
    { name: '/chat first load', files: chatFiles, sum: total(measure, chatFiles), budget: PUBLIC_BUDGET },
    { name: '/home first load', files: homeFiles, sum: total(measure, homeFiles), budget: PUBLIC_BUDGET },
  ];

  console.log('\nbundle size (JS + CSS; gzip -9, brotli q11)');
  console.log(`${'measure'.padEnd(20)}${'files'.padStart(6)}${'raw'.padStart(12)}${'gzip'.padStart(12)}${'brotli'.padStart(12)}${'budget'.padStart(12)}  verdict`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(20)}${String(r.files.size).padStart(6)}${kb(r.sum.raw).padStart(12)}${kb(r.sum.gzip).padStart(12)}` +
        `${kb(r.sum.brotli).padStart(12)}${kb(r.budget).padStart(12)}  ${r.sum.gzip <= r.budget ? 'ok' : 'OVER BUDGET'}`,
    );
  }
  console.log(`index.html: ${html.raw} B raw, ${html.gzip} B gzip (not counted above)`);

  const date = new Date().toISOString().slice(0, 10);
  const section = [
    `Measured ${date} on ${machine()} with \`npm run bench\` (bench/bundle.mjs):`,
    'a production build of `apps/web`, then Vite\'s `dist/.vite/manifest.json` followed from `index.html` (the console) and',
    '`public.html` (the public pages\' light entry) along static imports',
    '(dynamic imports are not followed: they load later). Each file is compressed on its own, gzip level 9',
    'and brotli quality 11, as a static server would send it. Budgets (DESIGN.md §7) count gzip JS + CSS;',
    '1 KB = 1,000 bytes.',
    '',
    '| measure | files | raw | gzip -9 (JS / CSS) | brotli 11 | budget (gzip) | verdict |',
    '|---|---|---|---|---|---|---|',
    ...results.map((r) =>
      `| ${r.name} | ${r.files.size} | ${kb(r.sum.raw)} | **${kb(r.sum.gzip)}** (${kb(r.sum.js)} / ${kb(r.sum.css)}) | ${kb(r.sum.brotli)} | ≤ ${kb(r.budget)} | ${r.sum.gzip <= r.budget ? 'within' : '**over**'} |`,
    ),
    '',
    `- login first load = entry chunk + \`${SOURCES.login}\` chunk + their static imports + their CSS.`,
    `- shell + workbench = the above + \`${SOURCES.layout}\` and \`${SOURCES.workbench}\` chunks with theirs.`,
    `- /chat first load = the public entry (\`${SOURCES.publicEntry}\`: React and the page switch, no antd, console router, stores`,
    `  or request layer) + \`${SOURCES.chat}\` chunk + their static imports + their CSS.`,
    `- /home first load = the same public entry + \`${SOURCES.home}\` chunk + their static imports + their CSS.`,
    `- \`index.html\` adds ${html.gzip.toLocaleString('en')} B gzip to the console's loads and \`${SOURCES.publicEntry}\` ${measure(SOURCES.publicEntry).gzip.toLocaleString('en')} B to /chat and /home (not counted in the budgets).`,
    `- For comparison, RuoYi-Vue3 3.9.2's login first load is ${RUOYI_LOGIN_GZIP.toLocaleString('en')} B ≈ ${kb(RUOYI_LOGIN_GZIP)} gzip`,
    '  (HTML + JS + CSS, whole Element Plus in the entry; measured the same way, see the RuoYi screens reference §8.5):',
    `  our login first load is ${(RUOYI_LOGIN_GZIP / (results[0].sum.gzip + html.gzip)).toFixed(1)}× smaller including index.html.`,
    '',
    '<details><summary>Files of the shell + workbench first load (bytes)</summary>',
    '',
    '| file | in login load | raw | gzip -9 | brotli 11 |',
    '|---|---|---|---|---|',
    ...fileRows(measure, shellFiles, loginFiles),
    '',
    '</details>',
  ].join('\n');
  writeDocSection(path.join(root, 'docs/benchmarks.md'), 'Bundle size', section);
  console.log('updated docs/benchmarks.md § Bundle size');

  return results.every((r) => r.sum.gzip <= r.budget);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--dist');
  const ok = runBundleBench({ skipBuild: process.argv.includes('--skip-build'), distDir: at > 0 ? process.argv[at + 1] : undefined });
  process.exit(ok ? 0 : 1);
}
