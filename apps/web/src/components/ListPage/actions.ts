import type { DictOption } from '../../hooks/useDict';
import { confirmDelete } from '../../utils/crud';
import { confirmDialog, toast, type ConfirmOptions } from '../../utils/feedback';

/**
 * 删除 of a list page: confirm, delete, reload. A refusal (such as "…已分配,不能删除") has already
 * been shown by the request layer, so it ends here without reloading.
 */
export async function deleteRows(entity: string, ids: number[], remove: (ids: number[]) => Promise<unknown>, reload: () => void): Promise<void> {
  try {
    if (await confirmDelete(entity, ids, () => remove(ids))) reload();
  } catch (error) {
    console.warn(`删除${entity}未完成`, error);
  }
}

/** Dictionary entries as options of an antd Select or Radio.Group. */
export function dictChoices(options: DictOption[]) {
  return options.map((o) => ({ label: o.label, value: o.value }));
}

/**
 * A toolbar action that needs no confirmation (刷新缓存): run it, then toast its success text.
 * A refusal has already been shown by the request layer.
 */
export async function runAction(action: () => Promise<unknown>, successText: string): Promise<void> {
  try {
    await action();
    toast.success(successText);
  } catch (error) {
    console.warn(`${successText}未完成`, error);
  }
}

/**
 * A toolbar or row action that asks first (清空, 解锁, 强退): confirm with `question` (its text, or the
 * dialog's options when it needs its own title or button), run, toast `successText` (or the text made
 * from the action's result), reload. A refusal has already been shown by the request layer, so it ends
 * there without reloading.
 */
export async function confirmAction<T>(
  question: string | ConfirmOptions,
  action: () => Promise<T>,
  successText: string | ((result: T) => string),
  reload: () => void,
): Promise<void> {
  const confirm: ConfirmOptions = typeof question === 'string' ? { content: question, type: 'warning' } : question;
  if (!(await confirmDialog(confirm))) return;
  try {
    const result = await action();
    toast.success(typeof successText === 'string' ? successText : successText(result));
    reload();
  } catch (error) {
    console.warn(`${confirm.content} 未完成`, error);
  }
}
