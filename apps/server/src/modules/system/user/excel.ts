import type { ExcelColumn } from '../../../core/list';
import type { UserWithDept } from './repository';

export const SHEET = '用户数据';
export const SEX = { '0': '男', '1': '女', '2': '未知' };
export const STATUS = { '0': '正常', '1': '停用' };

/** Export columns of contract §5.8, in order. */
export const exportColumns: ExcelColumn<UserWithDept>[] = [
  { header: '用户序号', value: (r) => r.user.userId },
  { header: '登录名称', value: (r) => r.user.userName },
  { header: '用户名称', value: (r) => r.user.nickName },
  { header: '用户邮箱', value: (r) => r.user.email, width: 24 },
  { header: '手机号码', value: (r) => r.user.phonenumber },
  { header: '用户性别', value: (r) => r.user.sex, dict: SEX },
  { header: '账号状态', value: (r) => r.user.status, dict: STATUS },
  { header: '最后登录IP', value: (r) => r.user.loginIp },
  { header: '最后登录时间', value: (r) => r.user.loginDate, width: 20 },
  { header: '部门名称', value: (r) => r.dept?.deptName },
  { header: '部门负责人', value: (r) => r.dept?.leader },
];

/** Import template columns; the import reads rows back by these titles. */
export const Col = {
  DEPT: '部门编号',
  USER_NAME: '登录名称',
  NICK_NAME: '用户名称',
  EMAIL: '用户邮箱',
  PHONE: '手机号码',
  SEX: '用户性别',
  STATUS: '账号状态',
} as const;

export const templateColumns: ExcelColumn<never>[] = Object.values(Col).map((header) => ({ header, value: () => null }));

/** Label → code (男 → 0); a cell already holding a code is kept. */
export function reverseDict(dict: Record<string, string>, text: string | undefined): string | undefined {
  if (!text) return undefined;
  return Object.entries(dict).find(([, label]) => label === text)?.[0] ?? text;
}
