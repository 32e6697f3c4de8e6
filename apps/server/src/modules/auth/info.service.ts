import type { AppDeps } from '../../app';
import { deleteSession, type LoginSession, type SessionUser } from '../../core/auth';
import { getConfigValue } from '../system/config/service';
import { applyAuthority } from './authority.service';
import { findUserById, loadAuthority } from './repository';

const DAY_MS = 86_400_000;

export interface UserInfo {
  user: SessionUser;
  roles: string[];
  permissions: string[];
  pwdChrtype: string;
  isDefaultModifyPwd: boolean;
  isPasswordExpired: boolean;
}

/**
 * GET /getInfo. Re-reads the user, roles and permissions and writes them back to the session when
 * they changed, so role edits reach logged-in users at their next page load. Returns null when the
 * account no longer exists (the session is then ended).
 */
export async function currentUserInfo(deps: AppDeps, session: LoginSession): Promise<UserInfo | null> {
  const row = await findUserById(deps.database.db, session.userId);
  if (!row) {
    await deleteSession(deps, session.tokenId);
    return null;
  }
  const fresh = await loadAuthority(deps.database.db, row);
  await applyAuthority(deps, session, row, fresh);

  const initPasswordModify = Number((await getConfigValue(deps, 'sys.account.initPasswordModify')).trim());
  const validateDays = Number((await getConfigValue(deps, 'sys.account.passwordValidateDays')).trim());
  const pwdUpdated = row.pwdUpdateDate?.getTime() ?? null;
  const chrtype = (await getConfigValue(deps, 'sys.account.chrtype')).trim();
  return {
    user: fresh.user,
    roles: fresh.roles,
    permissions: fresh.permissions,
    pwdChrtype: chrtype === '' ? '0' : chrtype,
    isDefaultModifyPwd: initPasswordModify === 1 && pwdUpdated === null,
    isPasswordExpired: validateDays > 0 && (pwdUpdated === null || (deps.now() - pwdUpdated) / DAY_MS > validateDays),
  };
}
