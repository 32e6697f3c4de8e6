import type { AppDeps } from '../../app';
import type { ClientInfo } from '../../core/client-info';
import { sysLogininfor } from '../../db/schema';

/** sys_logininfor.status: login, logout and register successes are '0', everything else '1'. */
export const LoginStatus = { SUCCESS: '0', FAIL: '1' } as const;
type LoginStatusValue = (typeof LoginStatus)[keyof typeof LoginStatus];

const clip = (s: string, max: number) => s.slice(0, max);

export async function writeLoginLog(
  deps: Pick<AppDeps, 'database' | 'now'>,
  userName: string,
  status: LoginStatusValue,
  msg: string,
  client: ClientInfo,
): Promise<void> {
  await deps.database.db.insert(sysLogininfor).values({
    userName: clip(userName, 50),
    status,
    msg: clip(msg, 255),
    ipaddr: clip(client.ipaddr, 128),
    loginLocation: clip(client.loginLocation, 255),
    browser: client.browser,
    os: client.os,
    loginTime: new Date(deps.now()),
  });
}
