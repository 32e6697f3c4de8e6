import { ServiceError } from '../errors';
import type { Db } from '../../db/client';

export type ImportOutcome = 'inserted' | 'updated' | 'exists';

class ImportFailed extends Error {}

export interface ImportRowsOptions {
  /** What a row is called in the report, with its key: '账号 admin', '问题 运费怎么算'. */
  label: (cells: Record<string, string>) => string;
  importOne: (db: Db, cells: Record<string, string>) => Promise<ImportOutcome>;
}

/**
 * An Excel import as one transaction: when any row fails nothing is written and the report lists every
 * failing row (contract §5.9 wording); otherwise the report lists every row. Each row runs in a savepoint
 * so a failed row cannot poison the ones after it.
 */
export async function importRows(db: Db, sheet: Record<string, string>[], opts: ImportRowsOptions): Promise<string> {
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
