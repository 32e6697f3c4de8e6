import type { AppDeps } from '../../../app';
import { allSessions, deleteSession, type LoginSession } from '../../../core/auth';
import { ServiceError } from '../../../core/errors';
import type { OnlineUser } from '@acs/shared';
import type { OnlineFilters } from './schema';

type Deps = Pick<AppDeps, 'kv' | 'now'>;

export const OnlineMsg = {
  OWN_SESSION: '不能强退当前登录的会话，请使用“退出登录”',
  GONE: '会话不存在或已下线',
} as const;

const contains = (value: string, part: string | undefined) => !part || value.toLowerCase().includes(part.toLowerCase());

/**
 * Every live session of every instance (the shared store), newest login first. Filters match a part of
 * the address or user name, ignoring case: upstream's exact match found nothing for "192.168".
 */
export async function listOnline(deps: Deps, q: OnlineFilters, currentTokenId: string): Promise<OnlineUser[]> {
  const sessions = await allSessions(deps);
  return sessions
    .filter((s) => contains(s.ipaddr, q.ipaddr) && contains(s.userName, q.userName))
    .sort((a, b) => b.loginTime - a.loginTime)
    .map((s: LoginSession) => ({
      tokenId: s.tokenId,
      deptName: s.deptName || null,
      userName: s.userName,
      ipaddr: s.ipaddr,
      loginLocation: s.loginLocation,
      browser: s.browser,
      os: s.os,
      loginTime: s.loginTime,
      current: s.tokenId === currentTokenId,
    }));
}

/**
 * Ends the sessions (强退): their tokens answer 401 from the next request on, and each user's session
 * index drops them. The caller's own session is refused, for the whole batch, before anything ends;
 * "退出登录" is the way out of it. Returns how many sessions were still live.
 */
export async function forceLogout(deps: Deps, tokenIds: string[], currentTokenId: string): Promise<number> {
  if (tokenIds.includes(currentTokenId)) throw new ServiceError(OnlineMsg.OWN_SESSION);
  let ended = 0;
  for (const tokenId of tokenIds) if (await deleteSession(deps, tokenId)) ended++;
  if (ended === 0) throw new ServiceError(OnlineMsg.GONE);
  return ended;
}
