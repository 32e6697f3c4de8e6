// Compiles the server into one ES module, dist/main.js, so a production start runs plain JavaScript
// without tsx. Packages from node_modules stay external (installed with `npm ci --omit=dev`); the
// workspace package @acs/shared is TypeScript source and is bundled in. The bundle must stay at
// dist/<file>.js: src/paths.ts finds the package directory one level up from it (as from src/).
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const node = readJson('../../package.json').engines.node.replace(/^>=/, '');
const dependencies = new Set(Object.keys(readJson('package.json').dependencies));
const builtins = new Set(builtinModules);

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * Bare imports other than the workspace's own packages are left for Node to resolve at run time.
 * Each must be a runtime dependency of this package, or the production install (without dev
 * dependencies, without the other workspaces) would fail at the first start: that fails the build.
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@acs/')) return undefined;
      const name = packageName(args.path);
      if (args.path.startsWith('node:') || builtins.has(name) || dependencies.has(name)) return { path: args.path, external: true };
      return { errors: [{ text: `${name} (imported by ${path.relative(root, args.importer)}) is not in the dependencies of apps/server/package.json` }] };
    });
  },
};

await build({
  absWorkingDir: root,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${node}`,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
});
