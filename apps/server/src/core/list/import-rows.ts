import { ServiceError } from '../errors';
import type { Db } from '../../db/client';
import { readSheet } from './xlsx-reader';

export type ImportOutcome = 'inserted' | 'updated' | 'exists';

/** The system parameter holding the most data rows one import may have. */
export const IMPORT_MAX_ROWS_KEY = 'sys.import.maxRows';
export const DEFAULT_IMPORT_MAX_ROWS = 5000;

/** sys.import.maxRows as a positive integer; the default when it is missing or not one. */
export function importRowLimit(configured: string): number {
  const value = configured.trim();
  const n = Number(value);
  return /^\d+$/.test(value) && Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_IMPORT_MAX_ROWS;
}

class ImportFailed extends Error {}

export interface ImportOptions {
  /** What a row is called in the report, with its key: '账号 admin', '问题 运费怎么算'. */
  label: (cells: Record<string, string>) => string;
  importOne: (db: Db, cells: Record<string, string>) => Promise<ImportOutcome>;
  /** The answer to a file without data rows: '导入用户数据不能为空！'. */
  emptyMessage: string;
  /** From importRowLimit: more data rows than this and nothing is imported. */
  maxRows: number;
}

/**
 * An uploaded Excel file imported as one transaction. The file is read by readSheet, which bounds what
 * a hostile or broken file can cost before any row is written. When any row fails nothing is written
 * and the report lists every failing row (contract §5.9 wording); otherwise the report lists every
 * row. Each row runs in a savepoint so a failed row cannot poison the ones after it.
 */
export async function importWorkbook(db: Db, data: Buffer, opts: ImportOptions): Promise<string> {
  const sheet = await readSheet(data, { maxRows: opts.maxRows });
  if (sheet.length === 0) throw new ServiceError(opts.emptyMessage);
  const successes: string[] = [];
  const failures: string[] = [];
  try {
    await db.transaction(async (tx) => {
      for (const cells of sheet) {
        const label = opts.label(cells);
        try {
          const outcome = await tx.transaction(async (sp) => opts.importOne(sp, cells));
          if (outcome === 'exists') failures.push(`<br/>${failures.length + 1}、${label} 已存在`);
          else successes.push(`<br/>${successes.length + 1}、${label} ${outcome === 'inserted' ? '导入成功' : '更新成功'}`);
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          failures.push(`<br/>${failures.length + 1}、${label} 导入失败：${message}`);
        }
      }
      if (failures.length > 0) throw new ImportFailed();
    });
  } catch (err) {
    if (!(err instanceof ImportFailed)) throw err;
    throw new ServiceError(`很抱歉，导入失败！共 ${failures.length} 条数据格式不正确，错误如下：${failures.join('')}`);
  }
  return `恭喜您，数据已全部导入成功！共 ${successes.length} 条，数据如下：${successes.join('')}`;
}
