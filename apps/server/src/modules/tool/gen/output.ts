import { lstat, mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { ServiceError } from '../../../core/errors';
import type { GeneratedFile } from './templates';

/** Zip entries are the files' repository paths, so unzipping at the repository root puts every file in place. */
export function zipFiles(files: GeneratedFile[]): Uint8Array {
  const entries: Zippable = {};
  for (const file of files) {
    if (Object.hasOwn(entries, file.path)) throw new ServiceError(`生成的文件路径重复：${file.path}（请修改生成模块名或业务名）`);
    entries[file.path] = strToU8(file.text);
  }
  return zipSync(entries);
}

/** The download headers of RuoYi's zip answers (contract §3.13). */
export function sendZip(reply: FastifyReply, zip: Uint8Array) {
  return reply
    .header('Content-Disposition', 'attachment; filename="ruoyi.zip"')
    .header('Access-Control-Expose-Headers', 'Content-Disposition')
    .header('Content-Type', 'application/octet-stream; charset=UTF-8')
    .send(Buffer.from(zip));
}

/** The only folders 生成代码 may write into, relative to the repository root. */
export const WRITABLE_ROOTS = ['apps/server/src/modules', 'apps/web/src/api', 'apps/web/src/pages'] as const;

const within = (parent: string, child: string) => child === parent || child.startsWith(parent + path.sep);

async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/**
 * The absolute target of a generated file, once it is known to stay under one of WRITABLE_ROOTS of
 * `root` after every symbolic link on its way is resolved; an existing target must be a plain file.
 */
async function checkedTarget(root: string, relative: string): Promise<string> {
  const refuse = () => new ServiceError(`不允许写入该路径：${relative}`);
  if (path.isAbsolute(relative) || relative.split(/[\\/]/).includes('..')) throw refuse();
  const realRoot = await realpath(root);
  const target = path.resolve(realRoot, relative);
  const base = WRITABLE_ROOTS.map((r) => path.join(realRoot, r)).find((b) => within(b, path.dirname(target)));
  if (!base) throw refuse();
  // The allowed folder itself may not lead elsewhere, nor may any folder between it and the file.
  if (!(await exists(base)) || (await realpath(base)) !== base) throw refuse();
  let probe = path.dirname(target);
  while (!(await exists(probe))) probe = path.dirname(probe);
  if (!within(base, await realpath(probe))) throw refuse();
  if ((await exists(target)) && !(await lstat(target)).isFile()) throw refuse();
  return target;
}

export type WriteResult = { written: string[] } | { existing: string[] };

/**
 * 生成代码 into the source tree at `root`. Every target is checked before anything is written; files
 * already there are reported back (nothing written) unless `overwrite` is set.
 */
export async function writeFiles(root: string, files: GeneratedFile[], overwrite: boolean): Promise<WriteResult> {
  const targets = await Promise.all(files.map(async (f) => ({ file: f, target: await checkedTarget(root, f.path) })));
  if (!overwrite) {
    const existing = [];
    for (const t of targets) if (await exists(t.target)) existing.push(t.file.path);
    if (existing.length > 0) return { existing };
  }
  for (const { file, target } of targets) {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.text);
  }
  return { written: files.map((f) => f.path) };
}
