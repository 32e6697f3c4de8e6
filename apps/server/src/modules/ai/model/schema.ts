import { z } from 'zod';
import { listQuery } from '../../../core/list';
import { filterText, maxOf, optionalText, requiredBoundedText, requiredText, statusFlag, tooLongMessage } from '../../../core/rules';
import { aiModelProvider } from '../../../db/schema';

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

const baseUrl = requiredBoundedText('接口地址', aiModelProvider.baseUrl).refine(
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

/** A model id as agents store it (ai_agent.model, ai_model_provider.default_model). */
const MODEL_NAME_MAX = maxOf(aiModelProvider.defaultModel);

const EMBEDDING_MODEL_MAX = maxOf(aiModelProvider.embeddingModel);

const embeddingModel = z.string().trim().max(EMBEDDING_MODEL_MAX, tooLongMessage('向量模型', EMBEDDING_MODEL_MAX)).nullish();

const modelName = z.string({ error: '模型名称不能为空' }).trim().min(1, '模型名称不能为空').max(MODEL_NAME_MAX, tooLongMessage('模型名称', MODEL_NAME_MAX));

const modelList = z
  .array(modelName, { error: '模型列表格式不正确' })
  .max(200, '模型数量不能超过200个')
  .refine((list) => new Set(list).size === list.length, '模型列表中有重复的模型');

export const providerBody = z
  .object({
    providerId: z.number().int().positive().optional(),
    name: requiredBoundedText('名称', aiModelProvider.name),
    baseUrl,
    apiKey,
    models: modelList.optional(),
    defaultModel: z.string().trim().max(MODEL_NAME_MAX, tooLongMessage('默认模型', MODEL_NAME_MAX)).nullish(),
    /** The model of the provider's /embeddings endpoint; empty: none (knowledge is retrieved by words only). */
    embeddingModel,
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
  model: requiredText('请选择要测试的模型', MODEL_NAME_MAX, tooLongMessage('模型名称', MODEL_NAME_MAX)),
  /** Also embeds one word with it when given. */
  embeddingModel,
});
export type ProviderTest = z.infer<typeof providerTest>;

export const providerListQuery = listQuery.extend({
  name: filterText('名称', aiModelProvider.name),
  status: filterText('状态', aiModelProvider.status),
});
export type ProviderFilters = z.infer<typeof providerListQuery>;
