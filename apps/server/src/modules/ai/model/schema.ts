import { z } from 'zod';
import { listQuery } from '../../../core/list';
import { optionalText, requiredText, statusFlag } from '../../../core/rules';

export const TIMEOUT_MIN = 1000;
export const TIMEOUT_MAX = 120_000;
export const DEFAULT_TIMEOUT_MS = 30_000;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const baseUrl = requiredText('接口地址不能为空', 500, '接口地址长度不能超过500个字符').refine(
  (v) => v.trim() === '' || isHttpUrl(v),
  '接口地址必须是以 http:// 或 https:// 开头的网址',
);

const timeoutMs = z
  .number({ error: '超时时间必须是数字' })
  .int('超时时间必须是整数')
  .min(TIMEOUT_MIN, `超时时间必须在${TIMEOUT_MIN}到${TIMEOUT_MAX}毫秒之间`)
  .max(TIMEOUT_MAX, `超时时间必须在${TIMEOUT_MIN}到${TIMEOUT_MAX}毫秒之间`);

/** Empty or missing: keep the stored key (edit) or have none (add). */
const apiKey = z.string().max(500, 'API Key 长度不能超过500个字符').nullish();

const modelName = z.string({ error: '模型名称不能为空' }).trim().min(1, '模型名称不能为空').max(100, '模型名称长度不能超过100个字符');

const modelList = z
  .array(modelName, { error: '模型列表格式不正确' })
  .max(200, '模型数量不能超过200个')
  .refine((list) => new Set(list).size === list.length, '模型列表中有重复的模型');

export const providerBody = z
  .object({
    providerId: z.number().int().positive().optional(),
    name: requiredText('名称不能为空', 50, '名称长度不能超过50个字符'),
    baseUrl,
    apiKey,
    models: modelList.optional(),
    defaultModel: z.string().trim().max(100, '默认模型长度不能超过100个字符').nullish(),
    timeoutMs: timeoutMs.optional(),
    status: statusFlag.optional(),
    remark: optionalText(500, '备注长度不能超过500个字符'),
  })
  .refine((b) => !b.defaultModel || !b.models?.length || b.models.includes(b.defaultModel), {
    message: '默认模型必须是模型列表中的一个',
    path: ['defaultModel'],
  });
export type ProviderBody = z.infer<typeof providerBody>;

/** What 获取模型 needs: the address and key being edited (or the stored key of `providerId`). */
export const providerProbe = z.object({
  providerId: z.number().int().positive().optional(),
  baseUrl,
  apiKey,
  timeoutMs: timeoutMs.optional(),
});
export type ProviderProbe = z.infer<typeof providerProbe>;

export const providerTest = providerProbe.extend({
  model: requiredText('请选择要测试的模型', 100, '模型名称长度不能超过100个字符'),
});
export type ProviderTest = z.infer<typeof providerTest>;

export const providerListQuery = listQuery.extend({
  name: z.string().optional(),
  status: z.string().optional(),
});
export type ProviderFilters = z.infer<typeof providerListQuery>;
