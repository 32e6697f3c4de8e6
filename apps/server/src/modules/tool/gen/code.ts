import { inArray } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { genTable } from '../../../db/schema';
import { buildModel } from './build-model';
import { tableById } from './repository';
import { renderTable, type GeneratedFile } from './templates';

type Deps = Pick<AppDeps, 'database'>;

/** 预览: RuoYi's `{ "vm/…": text }` map, the key naming the client's tab. */
export async function previewTable(deps: Deps, tableId: number): Promise<Record<string, string> | null> {
  const { db } = deps.database;
  const row = await tableById(db, tableId);
  if (!row) return null;
  const files = renderTable(await buildModel(db, row));
  return Object.fromEntries(files.map((f) => [f.key, f.text]));
}

/** The generated files of the named imported tables. */
export async function generateFiles(deps: Deps, tableNames: string[]): Promise<GeneratedFile[]> {
  const { db } = deps.database;
  const rows = new Map((await db.select().from(genTable).where(inArray(genTable.tableName, tableNames))).map((r) => [r.tableName, r]));
  const missing = tableNames.filter((n) => !rows.has(n));
  if (missing.length > 0) throw new ServiceError(`表${missing.join('、')}未导入`);
  const files: GeneratedFile[] = [];
  for (const row of rows.values()) files.push(...renderTable(await buildModel(db, row)));
  return files;
}
