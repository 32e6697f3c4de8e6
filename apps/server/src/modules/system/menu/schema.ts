import { z } from 'zod';
import { commaList, filterText } from '../../../core/rules';
import { sysMenu } from '../../../db/schema';

/** '0'/'1' flags arrive as strings from the client; a number is accepted too. */
const flag = (fallback: '0' | '1') =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? fallback : String(v)))
    .pipe(z.enum(['0', '1']));

const text = (max: number, message: string) => z.string().trim().max(max, message).nullish();

/** SysMenu as the dialog sends it (contract §4); unknown keys such as children are dropped. */
export const menuBody = z.object({
  menuName: z.string('菜单名称不能为空').trim().min(1, '菜单名称不能为空').max(50, '菜单名称长度不能超过50个字符'),
  parentId: z.number().int().min(0).nullish().transform((v) => v ?? 0),
  orderNum: z.number('显示顺序不能为空').int(),
  path: text(200, '路由地址不能超过200个字符'),
  component: text(255, '组件路径不能超过255个字符'),
  query: text(255, '路由参数不能超过255个字符'),
  routeName: text(50, '路由名称不能超过50个字符'),
  isFrame: flag('1'),
  isCache: flag('0'),
  menuType: z.enum(['M', 'C', 'F'], '菜单类型不能为空'),
  visible: flag('0'),
  status: flag('0'),
  perms: text(100, '权限标识长度不能超过100个字符'),
  icon: text(100, '菜单图标不能超过100个字符'),
  remark: text(500, '备注不能超过500个字符'),
});
export type MenuBody = z.infer<typeof menuBody>;

export const menuUpdateBody = menuBody.extend({ menuId: z.number('菜单ID不能为空').int().positive() });
export type MenuUpdateBody = z.infer<typeof menuUpdateBody>;

export const menuFilters = z.object({
  menuName: filterText('菜单名称', sysMenu.menuName),
  visible: filterText('显示状态', sysMenu.visible),
  status: filterText('菜单状态', sysMenu.status),
});

export const menuSortBody = z.object({
  menuIds: commaList('菜单编号'),
  orderNums: commaList('显示顺序'),
});
