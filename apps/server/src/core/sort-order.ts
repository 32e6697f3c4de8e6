import { ServiceError } from './errors';

const SORT_FAILED = '保存排序异常，请联系管理员';

/**
 * The "保存排序" body of the tree screens: ids and order numbers as comma-joined strings of the same
 * length, paired by position. Anything else is refused with upstream's message.
 */
export function sortPairs(ids: string, orderNums: string): { id: number; orderNum: number }[] {
  const split = (s: string) => s.split(',').map((v) => v.trim()).filter(Boolean).map(Number);
  const idList = split(ids);
  const orders = split(orderNums);
  const valid =
    idList.length > 0 &&
    idList.length === orders.length &&
    [...idList, ...orders].every((n) => Number.isSafeInteger(n)) &&
    idList.every((n) => n > 0);
  if (!valid) throw new ServiceError(SORT_FAILED);
  return idList.map((id, i) => ({ id, orderNum: orders[i] }));
}
