import { z } from 'zod';
import { exportQuery, listQuery } from '../../../core/list';
import { boundedText, filterText, optionalText, requiredBoundedText, requiredText, statusFlag } from '../../../core/rules';
import { sysDictData, sysDictType } from '../../../db/schema';

/** SysDictType as the dialog sends it (contract §4). */
export const dictTypeBody = z.object({
  dictId: z.number().int().positive().optional(),
  dictName: requiredText('字典名称不能为空', 100, '字典类型名称长度不能超过100个字符'),
  dictType: requiredText('字典类型不能为空', 100, '字典类型类型长度不能超过100个字符').regex(
    /^[a-z][a-z0-9_]*$/,
    '字典类型必须以字母开头，且只能为（小写字母，数字，下滑线）',
  ),
  status: statusFlag.optional(),
  remark: optionalText(500, '备注长度不能超过500个字符'),
});
export type DictTypeBody = z.infer<typeof dictTypeBody>;

/** SysDictData as the dialog sends it (contract §4; no uniqueness rule). */
export const dictDataBody = z.object({
  dictCode: z.number().int().positive().optional(),
  dictSort: z.number().int().optional(),
  dictLabel: requiredBoundedText('字典标签', sysDictData.dictLabel),
  dictValue: requiredBoundedText('字典键值', sysDictData.dictValue),
  dictType: requiredBoundedText('字典类型', sysDictData.dictType),
  cssClass: optionalText(100, '样式属性长度不能超过100个字符'),
  listClass: optionalText(100, '回显样式长度不能超过100个字符'),
  isDefault: z.enum(['Y', 'N']).optional(),
  status: statusFlag.optional(),
  remark: optionalText(500, '备注长度不能超过500个字符'),
});
export type DictDataBody = z.infer<typeof dictDataBody>;

export const dictTypeParams = z.object({ dictType: boundedText('字典类型', sysDictType.dictType) });

const dictTypeFilter = filterText('字典类型', sysDictType.dictType);
const statusFilter = filterText('状态', sysDictType.status);

const typeFilters = { dictName: filterText('字典名称', sysDictType.dictName), dictType: dictTypeFilter, status: statusFilter };
export const dictTypeListQuery = listQuery.extend(typeFilters);
export const dictTypeExportQuery = exportQuery.extend(typeFilters);
export type DictTypeFilters = z.infer<typeof dictTypeExportQuery>;

const dataFilters = { dictType: dictTypeFilter, dictLabel: filterText('字典标签', sysDictData.dictLabel), status: statusFilter };
export const dictDataListQuery = listQuery.extend(dataFilters);
export const dictDataExportQuery = exportQuery.extend(dataFilters);
export type DictDataFilters = z.infer<typeof dictDataExportQuery>;
