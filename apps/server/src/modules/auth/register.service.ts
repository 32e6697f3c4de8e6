import bcrypt from 'bcryptjs';
import type { AppDeps } from '../../app';
import type { ClientInfo } from '../../core/client-info';
import { ServiceError } from '../../core/errors';
import { getConfigValue } from '../system/config/service';
import { captchaProblem, type Credentials } from './login.service';
import { LoginStatus, writeLoginLog } from './login-log';
import { AuthMsg, PASSWORD_LENGTH, USERNAME_LENGTH, withinLength } from './messages';
import { insertRegisteredUser, userNameTaken } from './repository';

const BCRYPT_ROUNDS = 10;

/** First rule the new account breaks, in the contract's order, or null. */
async function registrationProblem(deps: AppDeps, username: string, password: string): Promise<string | null> {
  if (!username) return AuthMsg.USERNAME_EMPTY;
  if (!password) return AuthMsg.PASSWORD_EMPTY;
  if (!withinLength(username, USERNAME_LENGTH)) return AuthMsg.USERNAME_LENGTH;
  if (!withinLength(password, PASSWORD_LENGTH)) return AuthMsg.PASSWORD_LENGTH;
  if (await userNameTaken(deps.database.db, username)) return AuthMsg.registerTaken(username);
  return null;
}

/** POST /register (contract §5.2): a plain account without dept, roles or posts. */
export async function register(deps: AppDeps, input: Credentials, client: ClientInfo): Promise<void> {
  if ((await getConfigValue(deps, 'sys.account.registerUser')).trim() !== 'true') throw new ServiceError(AuthMsg.REGISTER_OFF);
  const captcha = await captchaProblem(deps, input.code, input.uuid);
  if (captcha) throw new ServiceError(captcha);
  const username = input.username.trim();
  const problem = await registrationProblem(deps, username, input.password);
  if (problem) throw new ServiceError(problem);
  const hash = await bcrypt.hash(input.password, BCRYPT_ROUNDS);
  await insertRegisteredUser(deps.database.db, username, hash, new Date(deps.now()));
  await writeLoginLog(deps, username, LoginStatus.SUCCESS, AuthMsg.REGISTER_SUCCESS, client);
}
