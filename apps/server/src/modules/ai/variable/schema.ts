import { z } from 'zod';
import { AI_TEXT_MAX, VARIABLE_KEY_PATTERN, VARIABLE_SCOPES, VARIABLE_TYPES } from '@acs/shared';
import { exportQuery, listQuery } from '../../../core/list';
import { boundedText as text, filterText, optionalText, requiredBoundedText, statusFlag } from '../../../core/rules';
import { aiAgentVariable, aiVariable } from '../../../db/schema';

/** Values set at once (an agent's 设置变量, a preview): more than any install defines. */
const VALUES_MAX = 500;

export const KEY_MESSAGE = '变量键只能以字母开头，由字母、数字、下划线或点组成';

const option = z.object({
  label: requiredBoundedText('选项名称', AI_TEXT_MAX.variableOptionLabel),
  value: requiredBoundedText('选项值', AI_TEXT_MAX.variableOptionValue),
});

export const variableBody = z
  .object({
    variableId: z.number({ error: '变量编号不能为空' }).int().positive().optional(),
    varKey: requiredBoundedText('变量键', aiVariable.varKey).regex(VARIABLE_KEY_PATTERN, KEY_MESSAGE),
    label: requiredBoundedText('变量名称', aiVariable.label),
    varType: z.enum(VARIABLE_TYPES, { error: '变量类型只能是文本、数字、选项、日期、电话或是/否' }).optional(),
    scope: z.enum(VARIABLE_SCOPES, { error: '作用范围只能是全局或客服专属' }).optional(),
    agentId: z.number({ error: '所属客服编号必须是数字' }).int().positive().nullish(),
    defaultValue: text('默认值', aiVariable.defaultValue).optional(),
    fallback: text('兜底文本', aiVariable.fallback).optional(),
    pattern: text('校验正则', aiVariable.pattern).optional(),
    patternHint: text('校验提示', aiVariable.patternHint).optional(),
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
  varKey: filterText('变量键', aiVariable.varKey),
  label: filterText('变量名称', aiVariable.label),
  scope: filterText('作用范围', aiVariable.scope),
  agentId: z.coerce.number<string>().int().positive().optional(),
  status: filterText('状态', aiVariable.status),
};
export const variableListQuery = listQuery.extend(filters);
export const variableExportQuery = exportQuery.extend(filters);
export type VariableFilters = z.infer<typeof variableExportQuery>;

const variableValue = text('变量值', aiAgentVariable.value);

export const previewBody = z.object({
  text: z.string({ error: '预览内容不能为空' }).max(AI_TEXT_MAX.previewText, `预览内容长度不能超过${AI_TEXT_MAX.previewText}个字符`),
  agentId: z.number({ error: '客服编号必须是数字' }).int().positive().nullish(),
  values: z
    .record(text('变量键', aiVariable.varKey), variableValue)
    .refine((v) => Object.keys(v).length <= VALUES_MAX, `变量值不能超过${VALUES_MAX}个`)
    .optional(),
});

export const agentValuesBody = z.object({
  values: z
    .array(
      z.object({
        variableId: z.number({ error: '变量编号不能为空' }).int().positive(),
        value: variableValue,
      }),
    )
    .max(VALUES_MAX, `变量不能超过${VALUES_MAX}个`),
});
