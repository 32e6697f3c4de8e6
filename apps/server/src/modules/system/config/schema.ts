import { z } from 'zod';
import { exportQuery, listQuery } from '../../../core/list';
import { boundedText, filterText, optionalText, requiredBoundedText, requiredText } from '../../../core/rules';
import { sysConfig } from '../../../db/schema';

/** SysConfig as the dialog sends it (contract §4). */
export const configBody = z.object({
  configId: z.number().int().positive().optional(),
  configName: requiredText('参数名称不能为空', 100, '参数名称不能超过100个字符'),
  configKey: requiredText('参数键名长度不能为空', 100, '参数键名长度不能超过100个字符'),
  configValue: requiredBoundedText('参数键值', sysConfig.configValue),
  configType: z.enum(['Y', 'N'], { error: '系统内置只能是Y或N' }).optional(),
  remark: optionalText(500, '备注长度不能超过500个字符'),
});
export type ConfigBody = z.infer<typeof configBody>;

const filters = {
  configName: filterText('参数名称', sysConfig.configName),
  configKey: filterText('参数键名', sysConfig.configKey),
  configType: filterText('系统内置', sysConfig.configType),
};
export const configKeyParams = z.object({ configKey: boundedText('参数键名', sysConfig.configKey) });

export const configListQuery = listQuery.extend(filters);
export const configExportQuery = exportQuery.extend(filters);
export type ConfigFilters = z.infer<typeof configExportQuery>;
