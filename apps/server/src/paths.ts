import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package directory (apps/server). This file sits one level below it both as a source
 * (src/paths.ts, run by tsx) and inside the compiled bundle (dist/main.js, see scripts/build.mjs),
 * so the same relative step holds in both; every other module finds its files from here.
 */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Repository root, so relative defaults do not depend on the npm workspace cwd. */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

/** Migrations, seed sources and the prepared dump are data read at run time, from the sources in both modes. */
export const DB_ASSETS_DIR = path.join(SERVER_ROOT, 'src/db');
