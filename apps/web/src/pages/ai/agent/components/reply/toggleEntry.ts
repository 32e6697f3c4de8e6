import { toast } from '../../../../../utils/feedback';

/**
 * The 状态 switch of a rule or knowledge entry: asks the server for the other status, then reloads.
 * A refusal has been shown by the request layer; the reload puts the switch back.
 */
export async function toggleEntry(status: string, change: (status: string) => Promise<unknown>, reload: () => void) {
  const enable = status !== '0';
  try {
    await change(enable ? '0' : '1');
    toast.success(enable ? '启用成功' : '停用成功');
  } catch (error) {
    console.warn('状态修改未完成', error);
  } finally {
    reload();
  }
}
