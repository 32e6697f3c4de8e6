import type { DictOption } from '../../hooks/useDict';
import { confirmDelete } from '../../utils/crud';

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
