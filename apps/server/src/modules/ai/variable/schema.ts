import { z } from 'zod';
import { VARIABLE_KEY_PATTERN, VARIABLE_SCOPES, VARIABLE_TYPES } from '@acs/shared';
import { exportQuery, listQuery } from '../../../core/list';
import { optionalText, requiredText, statusFlag } from '../../../core/rules';

const text = (label: string, max: number) => z.string({ error: `${label}必须是文本` }).max(max, `${label}长度不能超过${max}个字符`);

export const KEY_MESSAGE = '变量键只能以字母开头，由字母、数字、下划线或点组成';

const option = z.object({
  label: requiredText('选项名称不能为空', 50, '选项名称长度不能超过50个字符'),
  value: requiredText('选项值不能为空', 100, '选项值长度不能超过100个字符'),
});

export const variableBody = z
  .object({
    variableId: z.number({ error: '变量编号不能为空' }).int().positive().optional(),
    varKey: requiredText('变量键不能为空', 64, '变量键长度不能超过64个字符').regex(VARIABLE_KEY_PATTERN, KEY_MESSAGE),
    label: requiredText('变量名称不能为空', 50, '变量名称长度不能超过50个字符'),
    varType: z.enum(VARIABLE_TYPES, { error: '变量类型只能是文本、数字、选项、日期、电话或是/否' }).optional(),
    scope: z.enum(VARIABLE_SCOPES, { error: '作用范围只能是全局或客服专属' }).optional(),
    agentId: z.number({ error: '所属客服编号必须是数字' }).int().positive().nullish(),
    defaultValue: text('默认值', 500).optional(),
    fallback: text('兜底文本', 500).optional(),
    pattern: text('校验正则', 200).optional(),
    patternHint: text('校验提示', 100).optional(),
    options: z.array(option).max(50, '选项不能超过50个').optional(),
    sort: z.number({ error: '显示顺序必须是数字' }).int('显示顺序必须是整数').optional(),
    status: statusFlag.optional(),
    remark: optionalText(500, '备注长度不能超过500个字符'),
  })
  .superRefine((v, ctx) => {
    if (v.scope === 'agent' && !v.agentId) ctx.addIssue({ code: 'custom', message: '客服专属变量请选择所属客服', path: ['agentId'] });
    const options = v.options ?? [];
    if (v.varType === 'select' && options.length === 0) ctx.addIssue({ code: 'custom', message: '选项类型的变量至少需要一个选项', path: ['options'] });
    if (new Set(options.map((o) => o.value)).size !== options.length) ctx.addIssue({ code: 'custom', message: '选项值不能重复', path: ['options'] });
  });
export type VariableBody = z.infer<typeof variableBody>;

const filters = {
  varKey: z.string().optional(),
  label: z.string().optional(),
  scope: z.string().optional(),
  agentId: z.coerce.number<string>().int().positive().optional(),
  status: z.string().optional(),
};
export const variableListQuery = listQuery.extend(filters);
export const variableExportQuery = exportQuery.extend(filters);
export type VariableFilters = z.infer<typeof variableExportQuery>;

export const previewBody = z.object({
  text: z.string({ error: '预览内容不能为空' }).max(10_000, '预览内容长度不能超过10000个字符'),
  agentId: z.number({ error: '客服编号必须是数字' }).int().positive().nullish(),
  values: z.record(z.string(), z.string({ error: '变量值必须是文本' })).optional(),
});

export const agentValuesBody = z.object({
  values: z
    .array(
      z.object({
        variableId: z.number({ error: '变量编号不能为空' }).int().positive(),
        value: text('变量值', 500),
      }),
    )
    .max(500, '变量不能超过500个'),
});
