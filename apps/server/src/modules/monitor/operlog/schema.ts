import { z } from 'zod';
import { exportQuery, listQuery } from '../../../core/list';
import { filterText } from '../../../core/rules';
import { sysOperLog } from '../../../db/schema';

/** Business types are the small ordinals of sys_oper_type (0 其他 … 9 清空数据). */
const BUSINESS_TYPE_MAX = 99;
/** More types than exist: a longer list is not a filter a screen sends. */
const BUSINESS_TYPES_MAX = 20;

const businessType = z.coerce
  .number<string>({ error: '业务类型必须是整数' })
  .int('业务类型必须是整数')
  .min(0, '业务类型不能为负数')
  .max(BUSINESS_TYPE_MAX, '业务类型不正确');

const status = z.enum(['0', '1'], { error: '操作状态只能是0或1' });

/** A filter that may be sent empty (a cleared select): '' means no filter. */
const optional = <T extends z.ZodType>(rule: T) => z.preprocess((v) => (v === '' ? undefined : v), rule.optional());

const INDEXED_TYPE = /^businessTypes\[\d*\]$/;

/**
 * businessTypes[] (contract §3.11, "in") as clients send it: `businessTypes=1,2`, repeated
 * `businessTypes=1&businessTypes=2`, or RuoYi's bracket encoding of arrays `businessTypes[0]=1&businessTypes[1]=2`
 * (also in form-encoded export bodies). Gathered into one list before validation.
 */
function gatherBusinessTypes(input: unknown): unknown {
  if (input === null || typeof input !== 'object') return input;
  const out: Record<string, unknown> = {};
  const types: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (key === 'businessTypes' || INDEXED_TYPE.test(key)) {
      for (const v of [value].flat()) types.push(...String(v).split(','));
    } else out[key] = value;
  }
  const filled = types.map((t) => t.trim()).filter(Boolean);
  if (filled.length) out.businessTypes = filled;
  return out;
}

const filters = {
  operIp: filterText('操作地址', sysOperLog.operIp),
  title: filterText('系统模块', sysOperLog.title),
  operName: filterText('操作人员', sysOperLog.operName),
  businessType: optional(businessType),
  businessTypes: z.array(businessType).max(BUSINESS_TYPES_MAX, `业务类型不能超过${BUSINESS_TYPES_MAX}个`).optional(),
  status: optional(status),
};

export const operlogListQuery = z.preprocess(gatherBusinessTypes, listQuery.extend(filters));
export const operlogExportQuery = z.preprocess(gatherBusinessTypes, exportQuery.extend(filters));
export type OperlogFilters = z.infer<typeof operlogExportQuery>;
