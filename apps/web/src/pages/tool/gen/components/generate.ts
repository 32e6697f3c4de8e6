import { GEN_TYPE_PATH } from '@acs/shared';
import { downloadCode, genCode, type GenTable } from '../../../../api/tool/gen';
import { confirmDialog, toast } from '../../../../utils/feedback';

/**
 * 生成 / 生成代码 (screens §5.1): a table set to 自定义路径 is written into the source tree (asking before
 * it overwrites files that exist); anything else downloads as a zip, `<table>.zip` for one table and
 * `ruoyi.zip` for several, as RuoYi's client names them.
 */
export async function generate(tables: Pick<GenTable, 'tableName' | 'genType' | 'genPath'>[]): Promise<void> {
  if (tables.length === 0) {
    toast.error('请选择要生成的数据');
    return;
  }
  const [only] = tables;
  if (tables.length === 1 && only.genType === GEN_TYPE_PATH) {
    await writeIntoTree(only.tableName, only.genPath);
    return;
  }
  await downloadCode(
    tables.map((t) => t.tableName),
    tables.length === 1 ? `${only.tableName}.zip` : 'ruoyi.zip',
  );
}

async function writeIntoTree(tableName: string, genPath: string | undefined): Promise<void> {
  try {
    let result = await genCode(tableName);
    if (!result.written) {
      const overwrite = await confirmDialog({
        title: '文件已存在',
        content: `以下文件已存在，确认要覆盖吗？${result.existing.join('、')}`,
        okText: '覆盖',
        type: 'warning',
      });
      if (!overwrite) return;
      result = await genCode(tableName, true);
    }
    if (result.written) toast.success(`成功生成到自定义路径：${genPath || '/'}`);
  } catch (error) {
    // The refusal (such as 【系统预设】不允许生成文件覆盖到本地) has been shown already.
    console.warn('生成代码未完成', error);
  }
}
