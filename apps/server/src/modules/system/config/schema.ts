import { z } from 'zod';
import { exportQuery, listQuery } from '../../../core/list';
import { optionalText, requiredText } from '../../../core/rules';

/** SysConfig as the dialog sends it (contract §4). */
export const configBody = z.object({
  configId: z.number().int().positive().optional(),
  configName: requiredText('参数名称不能为空', 100, '参数名称不能超过100个字符'),
  configKey: requiredText('参数键名长度不能为空', 100, '参数键名长度不能超过100个字符'),
  configValue: requiredText('参数键值不能为空', 500, '参数键值长度不能超过500个字符'),
  configType: z.enum(['Y', 'N'], { error: '系统内置只能是Y或N' }).optional(),
  remark: optionalText(500, '备注长度不能超过500个字符'),
});
export type ConfigBody = z.infer<typeof configBody>;

const filters = { configName: z.string().optional(), configKey: z.string().optional(), configType: z.string().optional() };
export const configListQuery = listQuery.extend(filters);
export const configExportQuery = exportQuery.extend(filters);
export type ConfigFilters = z.infer<typeof configExportQuery>;
