import { z } from 'zod';
import { isWireDateTime } from '../time';

/** A query-string boolean as clients send it: true/false/1/0/on/off/yes/no. */
export const queryBool = z
  .union([z.boolean(), z.string()])
  .transform((v, ctx) => {
    if (typeof v === 'boolean') return v;
    const s = v.trim().toLowerCase();
    if (['true', '1', 'on', 'yes'].includes(s)) return true;
    if (['false', '0', 'off', 'no', ''].includes(s)) return false;
    ctx.addIssue({ code: 'custom', message: `参数值[${v}]不是有效的布尔值` });
    return z.NEVER;
  });

/** Ids as "1,2,3" (path arrays, comma-joined query) or repeated query keys (`a=1&a=2`). */
export const idList = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.coerce.number<string>().int('编号必须是整数').positive('编号必须是正整数')).min(1, '编号不能为空'));

/** A single numeric id in a path or query. */
export const idParam = z.coerce.number<string>().int('编号必须是整数').positive('编号必须是正整数');

/** A date-range bound: empty (no bound) or a real calendar day, refused with the bound's name otherwise. */
const dateBound = (label: string) =>
  z
    .string()
    .refine((v) => v === '' || isWireDateTime(v), `${label}格式不正确`)
    .optional();

/**
 * Paging, sorting and the created-time range of every list (contract §1.3). The date range keys come
 * literally as `params[beginTime]` / `params[endTime]`; `params[dataScope]` from a client is never read.
 */
export const listQuery = z.object({
  pageNum: z.coerce.number<string>().int().min(1).optional(),
  pageSize: z.coerce.number<string>().int().min(1).max(1000, '每页条数不能超过1000').optional(),
  orderByColumn: z.string().max(500, '参数已超过最大限制，不能进行查询').optional(),
  isAsc: z.enum(['asc', 'desc', 'ascending', 'descending']).optional(),
  'params[beginTime]': dateBound('开始时间'),
  'params[endTime]': dateBound('结束时间'),
});
export type ListQuery = z.infer<typeof listQuery>;

/** Export bodies carry the same filters without paging. */
export const exportQuery = listQuery.omit({ pageNum: true, pageSize: true });
