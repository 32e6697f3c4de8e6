import { PASSWORD_LOCK_MS } from '@acs/shared';

/** Login and registration messages of the contract (§5.1, §5.2). */
export const AuthMsg = {
  /** Deliberately the same for an unknown user and a wrong password. */
  NOT_MATCH: '用户不存在/密码错误',
  REQUIRED: '* 必须填写',
  IP_BLOCKED: '很遗憾，访问IP已被列入系统黑名单',
  USER_BLOCKED: '用户已封禁，请联系管理员',
  locked: (failures: number) => `密码输入错误${failures}次，帐户锁定${PASSWORD_LOCK_MS / 60_000}分钟`,
  LOGIN_SUCCESS: '登录成功',
  LOGOUT_SUCCESS: '退出成功',
  REGISTER_SUCCESS: '注册成功',
  REGISTER_OFF: '当前系统没有开启注册功能！',
  USERNAME_EMPTY: '用户名不能为空',
  PASSWORD_EMPTY: '用户密码不能为空',
  USERNAME_LENGTH: '账户长度必须在2到20个字符之间',
  PASSWORD_LENGTH: '密码长度必须在5到20个字符之间',
  registerTaken: (userName: string) => `保存用户'${userName}'失败，注册账号已存在`,
  RATE_LIMITED: '访问过于频繁，请稍候再试',
} as const;

/** Length bounds shared by login pre-checks and registration. */
export const USERNAME_LENGTH = { min: 2, max: 20 } as const;
export const PASSWORD_LENGTH = { min: 5, max: 20 } as const;

export const withinLength = (s: string, bounds: { min: number; max: number }) => s.length >= bounds.min && s.length <= bounds.max;
