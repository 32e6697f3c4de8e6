import { toast } from '../../../../../utils/feedback';

/**
 * The 状态 switch of a rule or knowledge entry: saves the entry with the other status, then reloads.
 * A refusal has been shown by the request layer; the reload puts the switch back.
 */
export async function toggleEntry<T extends { status: string }>(entry: T, save: (entry: T) => Promise<unknown>, reload: () => void) {
  const enable = entry.status !== '0';
  try {
    await save({ ...entry, status: enable ? '0' : '1' });
    toast.success(enable ? '启用成功' : '停用成功');
  } catch (error) {
    console.warn('状态修改未完成', error);
  } finally {
    reload();
  }
}
