import bcrypt from 'bcryptjs';
import { PASSWORD_LOCK_MS, PASSWORD_MAX_RETRY } from '@acs/shared';
import type { AppDeps } from '../../app';
import { createSession } from '../../core/auth';
import { CacheKey } from '../../core/cache-keys';
import { checkCaptcha } from '../../core/captcha';
import { isIpListed, type ClientInfo } from '../../core/client-info';
import { ServiceError } from '../../core/errors';
import type { TokenCodec } from '../../core/auth/jwt';
import { getConfigValue, isConfigEnabled } from '../system/config/service';
import { LoginStatus, writeLoginLog } from './login-log';
import { AuthMsg, PASSWORD_LENGTH, USERNAME_LENGTH, withinLength } from './messages';
import { findUserByName, loadAuthority, recordLoginOnUser } from './repository';

export interface Credentials {
  username: string;
  password: string;
  code: string;
  uuid: string;
}

export interface LoginResult {
  token: string;
  deptId: number | null;
  deptName: string;
}

/** Captcha check shared by login and registration; null when it passes or is switched off. */
export async function captchaProblem(deps: AppDeps, code: string, uuid: string): Promise<string | null> {
  if (!(await isConfigEnabled(deps, 'sys.account.captchaEnabled', true))) return null;
  return checkCaptcha(deps.kv, code, uuid);
}

/** POST /login (contract §5.1). Every outcome is written to sys_logininfor. */
export async function login(deps: AppDeps, tokens: TokenCodec, input: Credentials, client: ClientInfo): Promise<LoginResult> {
  const username = input.username.trim();
  const { password } = input;
  const reject = async (msg: string, logMsg: string = msg) => {
    await writeLoginLog(deps, username, LoginStatus.FAIL, logMsg, client);
    return new ServiceError(msg);
  };

  const captcha = await captchaProblem(deps, input.code, input.uuid);
  if (captcha) throw await reject(captcha);
  if (!username || !password) throw await reject(AuthMsg.NOT_MATCH, AuthMsg.REQUIRED);
  if (!withinLength(password, PASSWORD_LENGTH) || !withinLength(username, USERNAME_LENGTH)) throw await reject(AuthMsg.NOT_MATCH);
  if (isIpListed(await getConfigValue(deps, 'sys.login.blackIPList'), client.ipaddr)) throw await reject(AuthMsg.IP_BLOCKED);

  const user = await findUserByName(deps.database.db, username);
  if (!user) throw await reject(AuthMsg.NOT_MATCH);
  if (user.status === '1') throw await reject(AuthMsg.USER_BLOCKED);

  const failuresKey = CacheKey.PWD_ERR_CNT + username;
  if (((await deps.kv.get<number>(failuresKey)) ?? 0) >= PASSWORD_MAX_RETRY) throw await reject(AuthMsg.LOCKED);
  if (!(await bcrypt.compare(password, user.password))) {
    await deps.kv.incr(failuresKey, PASSWORD_LOCK_MS);
    throw await reject(AuthMsg.NOT_MATCH);
  }
  await deps.kv.del(failuresKey);

  const now = new Date(deps.now());
  await recordLoginOnUser(deps.database.db, user.userId, client.ipaddr, now);
  const authority = await loadAuthority(deps.database.db, { ...user, loginIp: client.ipaddr, loginDate: now });
  const session = await createSession(deps, {
    userId: user.userId,
    userName: user.userName,
    deptId: user.deptId,
    deptName: authority.deptName,
    permissions: authority.permissions,
    roles: authority.roles,
    user: authority.user,
    ...client,
  });
  await writeLoginLog(deps, username, LoginStatus.SUCCESS, AuthMsg.LOGIN_SUCCESS, client);
  return { token: await tokens.sign(session.tokenId, user.userName), deptId: user.deptId, deptName: authority.deptName };
}
