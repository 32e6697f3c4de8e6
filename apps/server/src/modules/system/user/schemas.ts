import { z } from 'zod';
import { exportQuery, idParam, listQuery } from '../../../core/list';
import { boundedList, boundedText, filterText, ID_LIST_MAX, PASSWORD_INPUT_MAX } from '../../../core/rules';
import { noHtml } from '../../../core/xss';
import { sysUser } from '../../../db/schema';

const optionalId = z.union([z.coerce.number<string>().int().positive(), z.literal('').transform(() => undefined)]).optional();

const filters = {
  userId: optionalId,
  deptId: optionalId,
  userName: filterText('用户账号', sysUser.userName),
  phonenumber: filterText('手机号码', sysUser.phonenumber),
  status: filterText('账号状态', sysUser.status),
};

export const userListQuery = listQuery.extend(filters);
export const userExportQuery = exportQuery.extend(filters);
export type UserFilters = z.infer<typeof userExportQuery>;

const password = boundedText('用户密码', PASSWORD_INPUT_MAX).nullish();

const ids = (label: string) =>
  boundedList(z.coerce.number<string>().int().positive(), label, ID_LIST_MAX)
    .nullish()
    .transform((v) => v ?? []);

/** SysUser field rules of contract §4, shared by the dialog's body and the import's rows. */
export const userFields = {
  userName: z
    .string('用户账号不能为空')
    .trim()
    .min(1, '用户账号不能为空')
    .max(30, '用户账号长度不能超过30个字符')
    .check(noHtml('用户账号不能包含脚本字符')),
  nickName: z.string().trim().max(30, '用户昵称长度不能超过30个字符').check(noHtml('用户昵称不能包含脚本字符')).nullish(),
  email: z
    .string()
    .trim()
    .max(50, '邮箱长度不能超过50个字符')
    .refine((v) => v === '' || z.email().safeParse(v).success, '邮箱格式不正确')
    .nullish(),
  phonenumber: z.string().trim().max(11, '手机号码长度不能超过11个字符').nullish(),
  sex: z.enum(['0', '1', '2'], '用户性别不正确').nullish(),
  status: z.enum(['0', '1'], '账号状态不正确').nullish(),
};

export const userBody = z.object({
  ...userFields,
  deptId: z.coerce.number<string>().int().positive().nullish(),
  password,
  remark: z.string().max(500, '备注长度不能超过500个字符').nullish(),
  postIds: ids('岗位'),
  roleIds: ids('角色'),
});
export type UserBody = z.infer<typeof userBody>;

export const userEditBody = userBody.extend({ userId: idParam });
export type UserEditBody = z.infer<typeof userEditBody>;

export const resetPwdBody = z.object({ userId: idParam, password });
export const changeStatusBody = z.object({ userId: idParam, status: z.enum(['0', '1'], '账号状态不正确') });
