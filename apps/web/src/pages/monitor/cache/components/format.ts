/** The stored JSON pretty-printed for reading; text that is not JSON stays as it is. */
export function prettyValue(value: string): string {
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

/** Remaining lifetime of a key: `永不过期`, `45 秒`, `29 分 10 秒`, `2 小时 5 分`. */
export function formatTtl(ms: number | undefined): string {
  if (ms === undefined || ms < -1) return '-';
  if (ms === -1) return '永不过期';
  const s = Math.ceil(ms / 1000);
  if (s < 60) return `${s} 秒`;
  if (s < 3600) return `${Math.floor(s / 60)} 分 ${s % 60} 秒`;
  return `${Math.floor(s / 3600)} 小时 ${Math.floor((s % 3600) / 60)} 分`;
}

/** What clearing a cache name ends, for its confirmation. */
export function clearNameWarning(cacheName: string): string {
  const name = cacheName.replace(/:$/, '');
  return cacheName === 'login_tokens:'
    ? `确认清理缓存名称[${name}]？将结束除您当前会话以外的所有登录会话，其他用户需要重新登录。`
    : `确认清理缓存名称[${name}]下的全部键？`;
}

export const CLEAR_ALL_WARNING =
  '确认清理全部缓存？将清空缓存列表中的所有缓存（配置、字典、验证码、限流与密码错误计数等），并结束除您当前会话以外的所有登录会话，其他用户需要重新登录。';
