import { http } from '../../utils/request';
import type { AjaxResult, TreeNode } from '../../types/api';

/** menuType: M 目录, C 菜单, F 按钮; isFrame '0' external link / '1' not; isCache '0' cache / '1' no cache. */
export type MenuType = 'M' | 'C' | 'F';

/** SysMenu as the server returns it. */
export interface Menu {
  menuId: number;
  menuName: string;
  parentId: number;
  orderNum: number;
  path: string;
  component: string | null;
  query: string | null;
  routeName: string;
  isFrame: string;
  isCache: string;
  menuType: MenuType;
  visible: string;
  status: string;
  perms: string | null;
  icon: string;
  createTime?: string | null;
  remark?: string | null;
}

/** The add/edit form; menuId only when editing. */
export type MenuForm = Omit<Menu, 'menuId' | 'createTime'> & { menuId?: number };

export interface MenuQuery {
  menuName?: string;
  visible?: string;
  status?: string;
}

/** The role dialog's data: menus the caller may grant and the role's checked menu ids. */
export type RoleMenuTreeResult = AjaxResult & { checkedKeys: number[]; menus: TreeNode[] };

/** Flat list (the screen builds the tree); non-admins get only the menus of their roles. */
export function listMenu(query?: MenuQuery) {
  return http.get<AjaxResult<Menu[]>>('/system/menu/list', query);
}

export function getMenu(menuId: number) {
  return http.get<AjaxResult<Menu>>(`/system/menu/${menuId}`);
}

/** Menus the caller may grant (the role dialog when adding). */
export function treeselect() {
  return http.get<AjaxResult<TreeNode[]>>('/system/menu/treeselect');
}

/** Menus the caller may grant with the role's checked keys (the role dialog when editing). */
export function roleMenuTreeselect(roleId: number) {
  return http.get<RoleMenuTreeResult>(`/system/menu/roleMenuTreeselect/${roleId}`);
}

export function addMenu(data: MenuForm) {
  return http.post<AjaxResult>('/system/menu', data);
}

export function updateMenu(data: MenuForm) {
  return http.put<AjaxResult>('/system/menu', data);
}

/** 保存排序: ids and order numbers as comma-joined strings paired by position. */
export function updateMenuSort(data: { menuIds: string; orderNums: string }) {
  return http.put<AjaxResult>('/system/menu/updateSort', data);
}

export function delMenu(menuId: number) {
  return http.delete<AjaxResult>(`/system/menu/${menuId}`);
}
