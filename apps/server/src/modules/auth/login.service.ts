import bcrypt from 'bcryptjs';
import type { AppDeps } from '../../app';
import { createSession } from '../../core/auth';
import { checkCaptcha } from '../../core/captcha';
import { isIpListed, type ClientInfo } from '../../core/client-info';
import { ServiceError } from '../../core/errors';
import type { TokenCodec } from '../../core/auth/jwt';
import { getConfigValue, isConfigEnabled } from '../system/config/service';
import { clearFailures, lockProblem, recordFailure } from './login-lock';
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

/**
 * Compared against when the username is unknown, so that answer costs one bcrypt compare like a wrong
 * password does (4 ms against 80 ms told which usernames exist). Cost 10, as every stored hash; it hashes
 * a random value that was thrown away, and its match would not log anyone in anyway.
 */
const DUMMY_HASH = '$2b$10$Pa168/Fs6u5YUCWhfS9NHuN2HeKDodNOol4/Y62gpSK7AIBjDhJHK';

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

  // Everything up to the verdict costs the same whether the user exists, is disabled or not: the lock
  // is counted per username (known or not) and the password is always compared.
  const locked = await lockProblem(deps.kv, username, client.ipaddr);
  if (locked) throw await reject(locked);
  const user = await findUserByName(deps.database.db, username);
  const matches = await bcrypt.compare(password, user?.password ?? DUMMY_HASH);
  if (!user || !matches) {
    await recordFailure(deps.kv, username, client.ipaddr);
    throw await reject(AuthMsg.NOT_MATCH);
  }
  await clearFailures(deps.kv, username, client.ipaddr);
  if (user.status === '1') throw await reject(AuthMsg.USER_BLOCKED);

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
