/** Envelope codes of the RuoYi wire contract (sent with HTTP 200). */
export const Code = {
  SUCCESS: 200,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  ERROR: 500,
  WARN: 601,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

export const Msg = {
  SUCCESS: '操作成功',
  ERROR: '操作失败',
  QUERY_SUCCESS: '查询成功',
  LOGOUT_SUCCESS: '退出成功',
  FORBIDDEN: '没有权限，请联系管理员授权',
  unauthorized: (uri: string) => `请求访问：${uri}，认证失败，无法访问系统资源`,
} as const;

/** Operation-log business types (sys_oper_log.business_type). */
export const BusinessType = {
  OTHER: 0,
  INSERT: 1,
  UPDATE: 2,
  DELETE: 3,
  GRANT: 4,
  EXPORT: 5,
  IMPORT: 6,
  FORCE: 7,
  GENCODE: 8,
  CLEAN: 9,
} as const;
export type BusinessTypeValue = (typeof BusinessType)[keyof typeof BusinessType];
