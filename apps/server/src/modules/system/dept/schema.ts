import { z } from 'zod';
import { commaList, filterText } from '../../../core/rules';
import { sysDept } from '../../../db/schema';

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).nullish();

/** SysDept as the dialog sends it (contract §4); unknown keys such as children are dropped. */
export const deptBody = z.object({
  parentId: z.number('上级部门不能为空').int().min(0),
  deptName: z.string('部门名称不能为空').trim().min(1, '部门名称不能为空').max(30, '部门名称长度不能超过30个字符'),
  orderNum: z.number('显示顺序不能为空').int(),
  leader: optionalText(20, '负责人长度不能超过20个字符'),
  phone: optionalText(11, '联系电话长度不能超过11个字符'),
  email: optionalText(50, '邮箱长度不能超过50个字符').refine((v) => !v || z.email().safeParse(v).success, '邮箱格式不正确'),
  status: z.enum(['0', '1'], '部门状态不正确').nullish().transform((v) => v ?? '0'),
});
export type DeptBody = z.infer<typeof deptBody>;

export const deptUpdateBody = deptBody.extend({ deptId: z.number('部门ID不能为空').int().positive() });
export type DeptUpdateBody = z.infer<typeof deptUpdateBody>;

const optionalId = z.coerce.number<string>().int().min(0).optional();

export const deptFilters = z.object({
  deptId: optionalId,
  parentId: optionalId,
  deptName: filterText('部门名称', sysDept.deptName),
  status: filterText('部门状态', sysDept.status),
});
export type DeptFilters = z.infer<typeof deptFilters>;

export const deptSortBody = z.object({
  deptIds: commaList('部门编号'),
  orderNums: commaList('显示顺序'),
});
