import { confirmDialog, toast } from './feedback';

/**
 * The delete confirmation of every list: 是否确认删除<实体>编号为"<ids>"的数据项？ → call → 删除成功.
 * Resolves to true when deleted.
 */
export async function confirmDelete(entity: string, ids: readonly React.Key[], remove: () => Promise<unknown>): Promise<boolean> {
  const ok = await confirmDialog({ content: `是否确认删除${entity}编号为"${ids.join(',')}"的数据项？`, type: 'warning' });
  if (!ok) return false;
  await remove();
  toast.success('删除成功');
  return true;
}

/**
 * The status switch of user/role/job rows: confirm 确认要"启用|停用""<name>"<实体>吗? then call.
 * Resolves to true when changed; the caller keeps the old value on false or on a rejected call.
 */
export async function confirmStatusChange(
  entity: string,
  name: string,
  enable: boolean,
  change: () => Promise<unknown>,
): Promise<boolean> {
  const text = enable ? '启用' : '停用';
  const ok = await confirmDialog({ content: `确认要"${text}""${name}"${entity}吗?`, type: 'warning' });
  if (!ok) return false;
  await change();
  toast.success(`${text}成功`);
  return true;
}
